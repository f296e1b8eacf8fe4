import * as vscode from 'vscode';
import { scopeName } from '../../app/settings/shared/labels';
import { parseScopeInput, scopeId, scopeKey, type EntityKind, type ScopeRef } from '../../app/settings/shared/scopes';

/** A scope a person can pick, with its name for people and its full path where known. */
export interface ScopeChoice {
  scope: ScopeRef;
  name: string;
  path?: string;
}

export interface ScopeSources {
  /** The status bar's scope: the workspace's project, or global. */
  workspace(): Promise<{ scope: ScopeRef; name: string }>;
  /** The activity view's projects (pinned, from git remotes, added). */
  projects(): ReadonlyArray<{ id: string | number; label?: string; path?: string }>;
  /** The `gitlabActivity.groups` setting. */
  groups(): readonly string[];
}

/** `$(…)` in a quick pick label draws an icon: keep a server-sent name from doing so. */
export const plain = (text: string): string => text.replace(/\$\(/g, '$\u200b(');

/** Global settings, the workspace's project (unless `withWorkspace` is false), the activity view's projects and the configured groups, once each. */
export async function knownScopes(sources: ScopeSources, withWorkspace = true): Promise<ScopeChoice[]> {
  const t = vscode.l10n.t;
  const choices: ScopeChoice[] = [{ scope: { kind: 'global' }, name: t('global settings') }];
  const add = (choice: ScopeChoice) => {
    if (!choices.some((other) => scopeKey(other.scope) === scopeKey(choice.scope))) choices.push(choice);
  };
  const workspace = withWorkspace ? await sources.workspace().catch(() => undefined) : undefined;
  if (workspace && workspace.scope.kind === 'project') add({ ...workspace, path: String(workspace.scope.id) });
  for (const project of sources.projects()) {
    const path = project.path ?? (typeof project.id === 'string' && !/^\d+$/.test(project.id) ? project.id : undefined);
    const scope: ScopeRef = { kind: 'project', id: path ?? scopeId(String(project.id)) };
    add({ scope, name: t('project {0}', path ?? project.label ?? String(project.id)), path });
  }
  for (const group of sources.groups()) {
    const scope: ScopeRef = { kind: 'group', id: scopeId(group) };
    add({ scope, name: scopeName(scope, t), path: typeof scope.id === 'string' ? scope.id : undefined });
  }
  return choices;
}

/** Asks for a group or project by path, ID or web URL; undefined when dismissed. */
export async function askForScope(kind: EntityKind, title: string): Promise<ScopeChoice | undefined> {
  const t = vscode.l10n.t;
  const text = await vscode.window.showInputBox({
    title,
    prompt: kind === 'project' ? t('Project ID, full path or URL') : t('Group ID, full path or URL'),
    placeHolder: kind === 'group' ? 'acme/platform' : 'acme/platform/web',
    validateInput: (value) => (parseScopeInput(value) === undefined
      ? t('Enter a numeric ID, a full path such as group/subgroup/project, or its GitLab URL.') : undefined),
  });
  const id = text === undefined ? undefined : parseScopeInput(text);
  if (id === undefined) return undefined;
  const scope: ScopeRef = { kind, id };
  return { scope, name: scopeName(scope, t), path: typeof id === 'string' ? id : undefined };
}
