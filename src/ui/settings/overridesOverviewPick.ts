import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { errorText } from '../../app/settings/errorInfo';
import { filterRows, hasOwnLevel, rowDescription, type OverridesOverview, type OverviewRow } from '../../app/settings/overview';
import type { ScopeRef } from '../../app/settings/shared/scopes';
import { askForScope } from './scopeChoices';
import { countLines } from '../../app/subscriptions/countWording';
import { displayLocalize } from '../displayLanguage';
import { formatCount } from '../../app/localize';

type Action = 'filter' | 'reset' | 'add' | 'refresh' | 'stop';
type Item = plainWindow.PlainItem & { action?: Action; row?: OverviewRow };

/**
 * "GitLab: Show Notification Overrides": a quick pick of every group and project with its own level, searchable by
 * name (the filter box), filterable to those with a level of their own (overrides, equal to global or not), with a
 * multi-select "Reset to Global…".
 * Reads show their progress in the title and stop when the pick is closed; what was read is kept until Refresh.
 */
export async function showOverridesOverview(
  model: OverridesOverview,
  deps: { openSettings: (scope: ScopeRef) => Thenable<unknown>; log: (message: string, error: unknown) => void },
): Promise<void> {
  const t = displayLocalize();
  const pick = plainWindow.createQuickPick<Item>();
  const title = t('GitLab Notification Overrides');
  pick.placeholder = t('Search groups and projects by name');
  let ownOnly = false;
  let controller: AbortController | undefined;
  let suspended = false;
  let busy = '';
  let disposed = false;
  const render = (): void => {
    if (disposed) return;
    pick.title = busy ? `${title} (${busy})` : title;
    pick.busy = busy !== '';
    pick.items = items(model, pick.value, ownOnly, controller !== undefined);
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
      await model.load({ refresh, signal: controller.signal, onProgress: (p) => setBusy(t('reading {0} of {1}…', formatCount(p.done, t), formatCount(p.total, t))) });
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
    const result = await model.resetToGlobal(rows, { onProgress: (p) => setBusy(t('resetting {0} of {1}…', formatCount(p.done, t), formatCount(p.total, t))) });
    setBusy('');
    if (result.failed > 0) void plainWindow.showWarningMessage(t('Reset {0} to Global; {1} failed (see their rows).', formatCount(result.changed, t), formatCount(result.failed, t)));
    else void plainWindow.showInformationMessage(t('Reset {0} to Global.', formatCount(result.changed, t)));
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
        ownOnly = !ownOnly;
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

function items(model: OverridesOverview, query: string, ownOnly: boolean, loading: boolean): Item[] {
  const t = displayLocalize();
  const state = model.current;
  const action = (icon: string, label: string, which: Action): Item => ({ icon, label, action: which, alwaysShow: true });
  const items: Item[] = loading ? [action('debug-stop', t('Stop Reading'), 'stop')] : [];
  items.push(ownOnly
    ? action('list-flat', t('Show All Groups and Projects'), 'filter')
    : action('filter', t('Show Only Those With a Level of Their Own'), 'filter'));
  const rows = state ? filterRows(state.rows, { ownOnly, query }) : [];
  if (rows.some(hasOwnLevel)) items.push(action('discard', t('Reset to Global…'), 'reset'));
  items.push(action('add', t('Add a Group or Project by ID or Path…'), 'add'), action('refresh', t('Refresh'), 'refresh'));
  if (state && (!state.groupsListed || !state.projectsListed)) {
    const what = !state.groupsListed && !state.projectsListed ? t('groups or projects') : !state.groupsListed ? t('groups') : t('projects');
    items.push(action('info', t('This server does not list your {0}: add them by ID or path.', what), 'add'));
  }
  for (const problem of state?.problems ?? []) items.push(action('warning', problem, 'refresh'));
  // What e-mails whatever the level: the explicit subscriptions GitLab counts across the instance (overrides have
  // their own; the other rows none, since a count per row cost hundreds of requests per opening).
  const [counted] = state?.subscriptions?.global ? countLines({ kind: 'global' }, state.subscriptions.global, t) : [];
  const note = counted ?? state?.subscriptions?.note;
  const where = t('Merge requests and epics are counted beside the groups and projects with a level of their own, labels nowhere here: the Subscriptions view lists every subscription, by project or group.');
  if (note) items.push({ icon: 'mail', label: note, detail: counted ? where : undefined, alwaysShow: true });
  for (const kind of ['group', 'project'] as const) {
    const ofKind = rows.filter((row) => row.scope.kind === kind);
    if (ofKind.length > 0) items.push({ label: kind === 'group' ? t('Groups') : t('Projects'), kind: vscode.QuickPickItemKind.Separator });
    for (const row of ofKind) {
      items.push({
        icon: row.error !== undefined ? 'warning' : kind === 'group' ? 'organization' : 'repo',
        label: row.name,
        description: rowDescription(row, state?.globalLevel, t),
        detail: row.path && row.path !== row.name ? row.path : undefined,
        // Every row stays while searching: the model's own search (name and path, every word) decides what is listed.
        alwaysShow: true,
        row,
        // A level equal to global is an override too: reset, it follows Global again (for a project, its groups first).
        buttons: hasOwnLevel(row) ? [{ iconPath: new vscode.ThemeIcon('discard'), tooltip: t('Reset to Global') }] : [],
      });
    }
  }
  if (state && rows.length === 0 && !loading) {
    items.push({ label: ownOnly ? t('No group or project has a level of its own.') : t('No groups or projects.'), alwaysShow: true });
  }
  return items;
}

/**
 * The rows to reset, chosen one by one: none is checked to start with, so Enter alone resets nothing (a reset
 * throws away each scope's own level, which no undo brings back).
 */
export async function chooseForReset(model: Pick<OverridesOverview, 'current'>, query: string): Promise<OverviewRow[]> {
  const t = displayLocalize();
  const rows = filterRows(model.current?.rows ?? [], { ownOnly: true, query }).filter(hasOwnLevel);
  if (rows.length === 0) return [];
  const picked = await plainWindow.showQuickPickMany(rows.map((row) => ({
    label: row.name, description: rowDescription(row, model.current?.globalLevel, t), detail: row.path, picked: false, row,
  })), { title: t('Reset to Global'), placeHolder: t('Check the groups and projects to set to Global: each stops having a level of its own') });
  return picked?.map((item) => item.row) ?? [];
}

async function add(model: OverridesOverview): Promise<void> {
  const t = displayLocalize();
  const title = t('Add a Group or Project by ID or Path');
  const kind = await plainWindow.showQuickPick([
    { label: t('Project'), scopeKind: 'project' as const },
    { label: t('Group'), scopeKind: 'group' as const },
  ], { title });
  const choice = kind && await askForScope(kind.scopeKind, title);
  if (!choice) return;
  try {
    await model.add(choice.scope.kind, choice.scope.id);
  } catch (error) {
    void plainWindow.showErrorMessage(t('Could not add {0}: {1}', String(choice.scope.id), errorText(error)));
  }
}
