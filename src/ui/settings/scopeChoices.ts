import * as vscode from 'vscode';
import { parseScopeInput, scopeKey, type EntityKind, type ScopeRef } from '../../app/settings/shared/scopes';

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
  projects(): Array<{ id: string; label?: string; path?: string }>;
  /** The `gitlabActivity.groups` setting. */
  groups(): readonly string[];
}

/** Global settings, the workspace's project, the activity view's projects and the configured groups, once each. */
export async function knownScopes(sources: ScopeSources): Promise<ScopeChoice[]> {
  const choices: ScopeChoice[] = [{ scope: { kind: 'global' }, name: vscode.l10n.t('global settings') }];
  const add = (choice: ScopeChoice) => {
    if (!choices.some((other) => scopeKey(other.scope) === scopeKey(choice.scope))) choices.push(choice);
  };
  const workspace = await sources.workspace().catch(() => undefined);
  if (workspace && workspace.scope.kind === 'project') add({ ...workspace, path: String(workspace.scope.id) });
  for (const project of sources.projects()) {
    const path = project.path ?? (/^\d+$/.test(project.id) ? undefined : project.id);
    const id = path ?? Number(project.id);
    add({ scope: { kind: 'project', id }, name: vscode.l10n.t('project {0}', path ?? project.label ?? project.id), path });
  }
  for (const group of sources.groups()) {
    const id = /^\d+$/.test(group) ? Number(group) : group;
    add({ scope: { kind: 'group', id }, name: vscode.l10n.t('group {0}', group), path: typeof id === 'string' ? id : undefined });
  }
  return choices;
}

/** Asks for a group or project by path, ID or web URL ("Other Group…"); undefined when dismissed. */
export async function askForScope(kind: EntityKind): Promise<ScopeChoice | undefined> {
  const text = await vscode.window.showInputBox({
    title: kind === 'group' ? vscode.l10n.t('Group') : vscode.l10n.t('Project'),
    prompt: vscode.l10n.t('Full path, ID or web address'),
    placeHolder: kind === 'group' ? 'acme/platform' : 'acme/platform/web',
    validateInput: (value) => (parseScopeInput(value) === undefined ? vscode.l10n.t('Not a GitLab path, ID or address.') : undefined),
  });
  const id = text === undefined ? undefined : parseScopeInput(text);
  if (id === undefined) return undefined;
  const name = kind === 'group' ? vscode.l10n.t('group {0}', String(id)) : vscode.l10n.t('project {0}', String(id));
  return { scope: { kind, id }, name, path: typeof id === 'string' ? id : undefined };
}
