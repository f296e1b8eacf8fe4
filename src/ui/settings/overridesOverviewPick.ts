import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { errorText } from '../../app/settings/errorInfo';
import { levelLabel } from '../../app/settings/shared/labels';
import { differsFromGlobal, filterRows, type OverridesOverview, type OverviewRow } from '../../app/settings/overview';
import type { ScopeRef } from '../../app/settings/shared/scopes';
import { askForScope } from './scopeChoices';

type Action = 'filter' | 'reset' | 'add' | 'refresh' | 'stop';
type Item = plainWindow.PlainItem & { action?: Action; row?: OverviewRow };

/**
 * "GitLab: Show Notification Overrides": a quick pick of every group and project with its own level, searchable by
 * name (the filter box), filterable to those that differ from global, with a multi-select "Reset to Global…".
 * Reads show their progress in the title and stop when the pick is closed; what was read is kept until Refresh.
 */
export async function showOverridesOverview(
  model: OverridesOverview,
  deps: { openSettings: (scope: ScopeRef) => Thenable<unknown>; log: (message: string, error: unknown) => void },
): Promise<void> {
  const t = vscode.l10n.t;
  const pick = vscode.window.createQuickPick<Item>();
  const title = t('GitLab Notification Overrides');
  pick.placeholder = t('Search groups and projects by name');
  let differsOnly = false;
  let controller: AbortController | undefined;
  let suspended = false;
  let busy = '';
  let disposed = false;
  const render = (): void => {
    if (disposed) return;
    pick.title = busy ? `${title} (${busy})` : title;
    pick.busy = busy !== '';
    pick.items = items(model, pick.value, differsOnly, controller !== undefined).map(plainWindow.shownItem);
  };
  const setBusy = (text: string): void => {
    busy = text;
    render();
  };
  const load = async (refresh: boolean): Promise<void> => {
    if (controller) return;
    controller = new AbortController();
    setBusy(t('listing…'));
    try {
      await model.load({ refresh, signal: controller.signal, onProgress: (p) => setBusy(t('reading {0} of {1}…', p.done, p.total)) });
    } catch (error) {
      if (!controller.signal.aborted) {
        deps.log('Notification overrides', error);
        void plainWindow.showErrorMessage(t('Could not read the notification overrides: {0}', errorText(error)));
      }
    } finally {
      controller = undefined;
      setBusy('');
    }
  };
  /** Runs another quick input in place of this one, then shows this one again. */
  const aside = async (run: () => Promise<void>): Promise<void> => {
    suspended = true;
    try {
      await run();
    } finally {
      suspended = false;
      render();
      if (!disposed) pick.show();
    }
  };
  const reset = async (rows: readonly OverviewRow[]): Promise<void> => {
    if (rows.length === 0) return;
    setBusy(t('resetting…'));
    const result = await model.resetToGlobal(rows, { onProgress: (p) => setBusy(t('resetting {0} of {1}…', p.done, p.total)) });
    setBusy('');
    if (result.failed > 0) void plainWindow.showWarningMessage(t('Reset {0} to Global; {1} failed (see their rows).', result.changed, result.failed));
    else void plainWindow.showInformationMessage(t('Reset {0} to Global.', result.changed));
  };

  pick.onDidChangeValue(render);
  pick.onDidTriggerItemButton(({ item }) => item.row && void reset([item.row]));
  pick.onDidAccept(() => {
    const item = pick.selectedItems[0];
    if (item?.row) {
      pick.hide();
      return void deps.openSettings(item.row.scope);
    }
    switch (item?.action) {
      case 'filter':
        differsOnly = !differsOnly;
        return render();
      case 'refresh': return void load(true);
      case 'stop': return controller?.abort();
      case 'add': return void aside(() => add(model));
      case 'reset': return void aside(async () => reset(await chooseForReset(model, pick.value)));
    }
  });
  pick.onDidHide(() => {
    if (suspended) return;
    // Closing stops the reads; what was read stays for next time.
    controller?.abort();
    disposed = true;
    pick.dispose();
  });
  render();
  pick.show();
  if (!model.current?.complete) await load(false);
}

function items(model: OverridesOverview, query: string, differsOnly: boolean, loading: boolean): Item[] {
  const t = vscode.l10n.t;
  const state = model.current;
  const action = (icon: string, label: string, which: Action): Item => ({ icon, label, action: which, alwaysShow: true });
  const items: Item[] = loading ? [action('debug-stop', t('Stop Reading'), 'stop')] : [];
  items.push(differsOnly
    ? action('list-flat', t('Show All Groups and Projects'), 'filter')
    : action('filter', t('Show Only Those Differing from Global'), 'filter'));
  const rows = state ? filterRows(state.rows, { differsOnly, query }) : [];
  if (rows.some(differsFromGlobal)) items.push(action('discard', t('Reset to Global…'), 'reset'));
  items.push(action('add', t('Add a Group or Project by ID or Path…'), 'add'), action('refresh', t('Refresh'), 'refresh'));
  if (state && (!state.groupsListed || !state.projectsListed)) {
    const what = !state.groupsListed && !state.projectsListed ? t('groups or projects') : !state.groupsListed ? t('groups') : t('projects');
    items.push(action('info', t('This server does not list your {0}: add them by ID or path.', what), 'add'));
  }
  for (const problem of state?.problems ?? []) items.push(action('warning', problem, 'refresh'));
  const global = state?.globalLevel !== undefined ? levelLabel(state.globalLevel, t) : '?';
  for (const kind of ['group', 'project'] as const) {
    const ofKind = rows.filter((row) => row.scope.kind === kind);
    if (ofKind.length > 0) items.push({ label: kind === 'group' ? t('Groups') : t('Projects'), kind: vscode.QuickPickItemKind.Separator });
    for (const row of ofKind) {
      const level = row.level === undefined ? undefined : levelLabel(row.level, t);
      items.push({
        icon: row.error !== undefined ? 'warning' : kind === 'group' ? 'organization' : 'repo',
        label: row.name,
        description: row.error !== undefined ? t('could not read: {0}', row.error)
          : level === undefined ? t('reading…') : differsFromGlobal(row) ? t('{0} · differs from global ({1})', level, global) : level,
        detail: row.path && row.path !== row.name ? row.path : undefined,
        // Every row stays while searching: the model's own search (name and path, every word) decides what is listed.
        alwaysShow: true,
        row,
        buttons: differsFromGlobal(row) ? [{ iconPath: new vscode.ThemeIcon('discard'), tooltip: t('Reset to Global') }] : [],
      });
    }
  }
  if (state && rows.length === 0 && !loading) {
    items.push({ label: differsOnly ? t('Nothing differs from global.') : t('No groups or projects.'), alwaysShow: true });
  }
  return items;
}

/**
 * The rows to reset, chosen one by one: none is checked to start with, so Enter alone resets nothing (a reset
 * throws away each scope's own level, which no undo brings back).
 */
export async function chooseForReset(model: Pick<OverridesOverview, 'current'>, query: string): Promise<OverviewRow[]> {
  const t = vscode.l10n.t;
  const rows = filterRows(model.current?.rows ?? [], { differsOnly: true, query }).filter(differsFromGlobal);
  if (rows.length === 0) return [];
  const picked = await plainWindow.showQuickPickMany(rows.map((row) => ({
    label: row.name, description: levelLabel(row.level ?? '', t), detail: row.path, picked: false, row,
  })), { title: t('Reset to Global'), placeHolder: t('Check the groups and projects to reset to Global') });
  return picked?.map((item) => item.row) ?? [];
}

async function add(model: OverridesOverview): Promise<void> {
  const t = vscode.l10n.t;
  const title = t('Add a Group or Project by ID or Path');
  const kind = await plainWindow.showQuickPick([
    { label: t('Project'), scopeKind: 'project' as const },
    { label: t('Group'), scopeKind: 'group' as const },
  ], { title });
  const choice = kind && await askForScope(kind.scopeKind, title);
  if (!choice || choice.scope.kind === 'global') return;
  try {
    await model.add(choice.scope.kind, choice.scope.id);
  } catch (error) {
    void plainWindow.showErrorMessage(t('Could not add {0}: {1}', String(choice.scope.id), errorText(error)));
  }
}
