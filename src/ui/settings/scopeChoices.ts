import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import type { ScopeCatalog } from '../../app/settings/scopeCatalog';
import type { ScopeEntry } from '../../app/settings/shared/protocol';
import { parseScopeInput, type EntityKind, type EntityScopeRef, type ScopeRef } from '../../app/settings/shared/scopes';
import { displayLocalize } from '../displayLanguage';

export interface ScopeSources {
  /** The status bar's scope: the workspace's project, or global. */
  workspace(): Promise<{ scope: ScopeRef; name: string }>;
  /** The one list of scopes, named one way (the settings editor's). */
  catalog: ScopeCatalog;
}

/** The settings editor's list, with the workspace's project among the projects (unless `withWorkspace` is false). */
export async function knownScopes(sources: ScopeSources, withWorkspace = true): Promise<ScopeEntry[]> {
  const workspace = withWorkspace ? await sources.workspace().catch(() => undefined) : undefined;
  const project = workspace?.scope.kind === 'project' ? workspace.scope : undefined;
  return sources.catalog.entries(project && { scope: project, ...(typeof project.id === 'string' ? { path: project.id } : {}) });
}

export type ScopeItem = plainWindow.PlainItem & { entry?: ScopeEntry };

const ICONS = { global: 'globe', group: 'organization', project: 'repo' };

/**
 * The list as quick pick items, as the settings editor shows it: Global, then Groups and Projects under separators,
 * each named by GitLab's name with its path beside it.
 */
export function scopeItems(entries: readonly ScopeEntry[]): ScopeItem[] {
  const t = displayLocalize();
  const items: ScopeItem[] = [];
  let section: string | undefined;
  for (const entry of entries) {
    const kind = entry.scope.kind;
    if (kind !== 'global' && kind !== section) {
      section = kind;
      items.push({ label: kind === 'group' ? t('Groups') : t('Projects'), kind: vscode.QuickPickItemKind.Separator });
    }
    items.push({ icon: ICONS[kind], label: entry.label, description: entry.detail, entry });
  }
  return items;
}

/** Asks for a group or project by path, ID or web URL; undefined when dismissed. */
export async function askForScope(kind: EntityKind, title: string): Promise<{ scope: EntityScopeRef; path?: string } | undefined> {
  const t = displayLocalize();
  const text = await plainWindow.showInputBox({
    title,
    ignoreFocusOut: true, // the step after a pick: see pickSnoozeEnd
    prompt: kind === 'project' ? t('Project ID, full path or URL') : t('Group ID, full path or URL'),
    placeHolder: kind === 'group' ? 'acme/platform' : 'acme/platform/web',
    validateInput: (value) => (parseScopeInput(value) === undefined
      ? t('Enter a numeric ID, a full path such as group/subgroup/project, or its GitLab URL.') : undefined),
  });
  const id = text === undefined ? undefined : parseScopeInput(text);
  if (id === undefined) return undefined;
  return { scope: { kind, id }, ...(typeof id === 'string' ? { path: id } : {}) };
}
