import * as vscode from 'vscode';
import type { ActivityService } from '../../app/activity/activityService';
import { CatchUpService, type CatchUpReading } from '../../app/catchUp/catchUpService';
import type { CatchUpThing } from '../../app/catchUp/catchUpThings';
import { SeenThings } from '../../app/catchUp/seenThings';
import { Participation } from '../../app/catchUp/participation';
import { FocusedPoller } from '../polling/focusedPoller';
import { subscriptionSource } from '../../app/subscriptions/subscriptionLists';
import type { SubscriptionService } from '../../app/subscriptions/subscriptionService';
import { todoSource } from '../../app/todos/todoLists';
import type { TodoService } from '../../app/todos/todoService';
import type { SubscribedThing } from '../../gitlab/subscriptionTypes';
import { accountGoneMessage } from '../../app/actionAccount';
import { keepPlainMessages } from '../../app/localize';
import { displayLocalize } from '../displayLanguage';
import { COMMANDS, SETTINGS, SETTINGS_SECTION, VIEWS } from '../../ids';
import { openOnInstance, rowLost } from '../lists/rowCommands';
import * as plainWindow from '../plainWindow';
import type { Shell } from '../shell';
import { CatchUpView, type CatchUpRow } from './catchUpView';
import { CatchUpLevels } from '../../app/catchUp/catchUpLevels';
import { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import type { NotificationSettings } from '../settings/notificationSettings';
import { markRowDone, muteProject } from './catchUpActions';

/** Where a reader of another account's levels would keep the level before a mute: it makes none. */
const NOTHING_KEPT = { get: () => undefined, update: async () => undefined };

/** The thing's page at its first new comment; built from the instance and the project's path where GitLab gave none. */
function pageOf(thing: CatchUpThing, instanceUrl: string): string | undefined {
  const ref = thing.ref;
  const base = thing.webUrl ?? (thing.projectPath && (ref.kind === 'issue' || ref.kind === 'mergeRequest')
    ? `${instanceUrl.replace(/\/$/, '')}/${thing.projectPath}/-/${ref.kind === 'issue' ? 'issues' : 'merge_requests'}/${ref.iid}` : undefined);
  return base && thing.firstNewNoteId !== undefined ? `${base.replace(/#.*$/, '')}#note_${thing.firstNewNoteId}` : base;
}

/** The Catch Up view with its commands, fed by the Activity's, the To-Do List's and Subscriptions' lists. */
export function registerCatchUp(
  context: vscode.ExtensionContext, shell: Shell, activity: ActivityService, todos: TodoService, subscriptions: SubscriptionService,
  { levels }: Pick<NotificationSettings, 'levels'>,
): CatchUpService {
  const { session, readConfig, directories, log, clock } = shell;
  const t = keepPlainMessages(displayLocalize());
  const seen = new SeenThings(context.globalState);
  // The levels in force the rules read ("Watching acme/web"), for every account: the active one's through the one
  // owner of its levels (where a mute is made, and seen at once), each other's through a reader of its own, kept per
  // signed-in account and gone with it.
  const readers = new Map<string, NotificationSettingsService>();
  const levelsOf = (instance: string): NotificationSettingsService | undefined => {
    if (instance === shell.account.key) return shell.account.api ? levels : undefined;
    const account = session.all.find((candidate) => candidate.key === instance);
    if (!account) return undefined;
    const key = `${instance}\n${account.accountKey ?? ''}`;
    let reader = readers.get(key);
    if (!reader) {
      readers.set(key, (reader = new NotificationSettingsService(
        { api: account.api, instanceUrl: account.instanceUrl, accountKey: account.accountKey }, NOTHING_KEPT, undefined, (line) => log.warn(line))));
      // A read that finds a level changed (elsewhere) tells, as the active account's owner does.
      reader.onDidChange(({ scope }) => held.scopeChanged(instance, scope.kind, scope.kind === 'global' ? undefined : scope.id));
    }
    return reader;
  };
  const held = new CatchUpLevels({
    levelInForce: (instance, _id, path) => levelsOf(instance)?.levelInForce({ kind: 'project', id: path }, { path }),
    changed: () => service.inputsChanged(),
    warn: (line) => log.warn(line),
  });
  const reading: CatchUpReading & Required<Pick<CatchUpReading, 'ready'>> = {
    events: (instance) => activity.allSources().filter((source) => source.instance === instance)
      .flatMap((source) => activity.lists.get(source.key).items),
    // What the lists show: a to-do marked done or a thing unsubscribed leaves at once, and comes back on a refusal.
    todos: (instance) => todos.lists.rows(todoSource(instance).key).items,
    // One just unsubscribed from stands as GitLab now has it, explicitly unsubscribed: a role it has (author, from the
    // participation read) no longer makes it matter.
    subscriptions: (instance) => (['issue', 'mergeRequest'] as const).flatMap((kind) => {
      const key = subscriptionSource(instance, kind).key;
      const shown = new Set(subscriptions.lists.rows(key).items);
      return subscriptions.lists.get(key).items.map((item) => (shown.has(item) ? item : { ...item, subscribed: false }));
    }).filter((item): item is SubscribedThing => item.kind !== 'label'),
    projectPath: (instance, id) => directories.for(instance).get(id)?.path_with_namespace,
    projectId: (instance, path) => directories.for(instance).get(path)?.id,
    level: (instance, id) => held.level(instance, id),
    ready: async (instance) => {
      // `load` reads a first page only where none was read (or it failed): never the same events twice.
      await Promise.all([
        ...activity.allSources().filter((source) => source.instance === instance).map((source) => activity.lists.load(source)),
        todos.lists.load(todoSource(instance)),
        ...(['issue', 'mergeRequest'] as const).map((kind) => subscriptions.lists.load(subscriptionSource(instance, kind))),
      ]);
      // Projects the events and subscriptions name, so that references read `acme/web#12`.
      await directories.for(instance).resolve([
        ...activity.allSources().filter((source) => source.instance === instance)
          .flatMap((source) => activity.lists.get(source.key).items.flatMap((event) => (event.project_id ? [event.project_id] : []))),
        ...(['issue', 'mergeRequest'] as const).flatMap((kind) => subscriptions.lists.get(subscriptionSource(instance, kind).key).items
          .flatMap((item) => (item.kind !== 'label' ? [item.containerPath] : []))),
      ]).catch(() => undefined);
      // Their levels in force, read once each without waiting: the rows come again when they are known.
      const directory = directories.for(instance);
      const ids = new Set(activity.allSources().filter((source) => source.instance === instance)
        .flatMap((source) => activity.lists.get(source.key).items.flatMap((event) => (event.project_id ? [event.project_id] : []))));
      held.want(instance, [...ids].flatMap((id) => {
        const path = directory.get(id)?.path_with_namespace;
        return path ? [{ id, path }] : [];
      }));
    },
  };
  const service: CatchUpService = new CatchUpService({
    accounts: () => session.all, pageSize: () => readConfig().pageSize, seen, participation: new Participation(),
    windowDays: () => vscode.workspace.getConfiguration(SETTINGS_SECTION).get<number>(SETTINGS.catchUpWindowDays, 7),
    reading,
  });
  const view = new CatchUpView(session, service, context.workspaceState, clock, log, directories);
  // The participation read once a cycle while the view is in sight, on the other checks' interval and focus rules.
  const poller = new FocusedPoller({
    name: 'Catch Up participation check', intervalSeconds: () => readConfig().pollIntervalSeconds,
    ready: () => session.signedIn && view.list.view.visible, check: () => service.pollParticipation(),
    onUnauthorized: () => undefined, log: (message) => log.info(message),
  });
  poller.restart();
  const changed = () => service.inputsChanged();
  const rowsOf = (node: unknown, selected: unknown): CatchUpRow[] => {
    const picked = Array.isArray(selected) && selected.length > 0 ? selected : node ? [node] : view.selectedRows();
    return picked.filter((row): row is CatchUpRow => typeof row === 'object' && row !== null && (row as CatchUpRow).type === 'catchUpThing');
  };
  async function markSeen(rows: readonly CatchUpRow[]): Promise<void> {
    for (const instance of new Set(rows.map((row) => row.instance))) {
      const bound = service.boundAccount(instance);
      if (!bound) continue;
      try {
        const gone = await service.markSeen(bound, rows.filter((row) => row.instance === instance).map((row) => row.thing));
        if (gone) void plainWindow.showInformationMessage(accountGoneMessage(gone, t));
      } catch (error) {
        void plainWindow.showErrorMessage(vscode.l10n.t('Not marked as seen: {0}', error instanceof Error ? error.message : String(error)));
      }
    }
  }
  context.subscriptions.push(
    view, poller, session.onDidChange(() => poller.restart()), view.list.view.onDidChangeVisibility(() => poller.restart()),
    activity.lists.onDidChange(changed), todos.lists.onDidChange(changed), subscriptions.lists.onDidChange(changed),
    vscode.commands.registerCommand(COMMANDS.catchUpRefresh, () => {
      // Refresh asks what happened since: the lists it is built from read their first pages again, the levels and
      // participation; the rows come once all have answered, the view's progress bar showing until then.
      activity.refresh();
      todos.refresh();
      subscriptions.refresh();
      levels.refresh();
      held.forget({ quietly: true });
      const reads = Promise.allSettled([
        ...session.all.map(async (account) => {
          await reading.ready(account.key);
          await held.settled(account.key);
        }),
        service.pollParticipation().catch((error: unknown) => log.info(`Catch Up participation check failed: ${error instanceof Error ? error.message : String(error)}`)),
      ]);
      return vscode.window.withProgress({ location: { viewId: VIEWS.catchUp } }, () => service.refreshAfter(reads));
    }),
    vscode.commands.registerCommand(COMMANDS.catchUpOpen, async (node?: unknown) => {
      const [row] = rowsOf(node, undefined);
      if (!row) return;
      const instanceUrl = view.list.instance(row.instance).url ?? row.instance;
      // Only a page of the account's own instance is opened.
      await openOnInstance(pageOf(row.thing, instanceUrl), instanceUrl, (host) => vscode.l10n.t('This thing has no page on {0} to open.', host));
    }),
    vscode.commands.registerCommand(COMMANDS.catchUpMarkDone, async (node?: unknown) => {
      if (node === undefined) return rowLost(log, COMMANDS.catchUpMarkDone);
      const [row] = rowsOf(node, undefined);
      if (row) await markRowDone(todos, row);
    }),
    vscode.commands.registerCommand(COMMANDS.catchUpMuteProject, async (node?: unknown) => {
      if (node === undefined) return rowLost(log, COMMANDS.catchUpMuteProject);
      const [row] = rowsOf(node, undefined);
      if (row) await muteProject({ shell, levels, held }, row);
    }),
    // A level changed (here, in the editor, the status bar, or found changed by a read): the rows follow it.
    levels.onDidChange(({ scope }) => held.scopeChanged(shell.account.key, scope.kind, scope.kind === 'global' ? undefined : scope.id)),
    // Another active account, or signed in or out: the other accounts' readers are made again, so none keeps levels
    // read before a change made through the active account's owner.
    shell.account.onDidChange(() => {
      readers.clear();
      held.forget();
    }),
    session.onDidChange(() => readers.clear()),
    vscode.commands.registerCommand(COMMANDS.catchUpMarkSeen, (node?: unknown, selected?: unknown) => {
      const rows = rowsOf(node, selected);
      return rows.length === 0 && node === undefined ? rowLost(log, COMMANDS.catchUpMarkSeen) : markSeen(rows);
    }),
    vscode.commands.registerCommand(COMMANDS.catchUpMarkAllSeen, () => markSeen(session.all.flatMap((account) =>
      service.shown(account.key).map((thing): CatchUpRow => ({ type: 'catchUpThing', instance: account.key, thing }))))),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SETTINGS_SECTION}.${SETTINGS.catchUpWindowDays}`)) service.refresh();
      if (e.affectsConfiguration(`${SETTINGS_SECTION}.${SETTINGS.pollInterval}`)) poller.restart();
    }),
  );
  return service;
}
