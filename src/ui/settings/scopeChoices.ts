import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { scopeName } from '../../app/settings/shared/labels';
import type { ScopeCatalog } from '../../app/settings/scopeCatalog';
import { parseScopeInput, sameScopeNamed, type EntityKind, type ScopeRef } from '../../app/settings/shared/scopes';

/** A scope a person can pick, with its name for people and its full path where known. */
export interface ScopeChoice {
  scope: ScopeRef;
  name: string;
  path?: string;
}

export interface ScopeSources {
  /** The status bar's scope: the workspace's project, or global. */
  workspace(): Promise<{ scope: ScopeRef; name: string }>;
  /** The groups and projects known (the choices do not list the user's: the tree's, the configured, the added). */
  catalog: ScopeCatalog;
}

/** Global settings, the workspace's project (unless `withWorkspace` is false), then the catalog's projects and groups, once each. */
export async function knownScopes(sources: ScopeSources, withWorkspace = true): Promise<ScopeChoice[]> {
  const t = vscode.l10n.t;
  const choices: ScopeChoice[] = [{ scope: { kind: 'global' }, name: t('global settings') }];
  const workspace = withWorkspace ? await sources.workspace().catch(() => undefined) : undefined;
  if (workspace && workspace.scope.kind === 'project') choices.push({ ...workspace, path: String(workspace.scope.id) });
  const { scopes } = await sources.catalog.scopes();
  // Projects first (sort is stable); a project is named by its full path where known.
  for (const { scope, name, path } of scopes.sort((a, b) => Number(a.scope.kind === 'group') - Number(b.scope.kind === 'group'))) {
    if (choices.some((choice) => sameScopeNamed(choice, { scope, path }))) continue;
    choices.push(scope.kind === 'group' ? { scope, name: scopeName(scope, t, path), path }
      : { scope: { kind: 'project', id: path ?? scope.id }, name: t('project {0}', path ?? name ?? String(scope.id)), path });
  }
  return choices;
}

/** Asks for a group or project by path, ID or web URL; undefined when dismissed. */
export async function askForScope(kind: EntityKind, title: string): Promise<ScopeChoice | undefined> {
  const t = vscode.l10n.t;
  const text = await plainWindow.showInputBox({
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
