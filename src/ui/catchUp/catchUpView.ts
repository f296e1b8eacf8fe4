import * as vscode from 'vscode';
import { relativeTime } from '../../app/activity/relativeTime';
import { localZone } from '../../app/calendar';
import { CatchUpFilter, catchUpSource, type CatchUpService, type CatchUpSource } from '../../app/catchUp/catchUpService';
import type { CatchUpThing } from '../../app/catchUp/catchUpThings';
import { thingLabel, whatHappened, whyWords } from '../../app/catchUp/catchUpWords';
import { keepPlainMessages } from '../../app/localize';
import { inert } from '../../app/plainText';
import { thingIconId } from '../../app/thingIcons';
import type { Clock } from '../../app/snoozeTime';
import { COMMANDS, STATE_KEYS, VIEWS } from '../../ids';
import { displayLocalize } from '../displayLanguage';
import { InstanceListView, type InstanceListNode } from '../lists/instanceListView';
import { errorRowCommand, type ListStatusLook } from '../lists/listStatusItems';
import type { Log } from '../log';
import type { Session } from '../session';
import { ActivityItems } from '../activity/activityItems';
import type { ActivityRow } from '../activity/nodes';
import { dashboardFeed } from '../../app/activity/sources';
import type { ProjectDirectories } from '../../app/projectDirectory';

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** A row of the Catch Up view: one thing with news. */
export interface CatchUpRow { type: 'catchUpThing'; instance: string; thing: CatchUpThing }

/** One of a thing's new events under its row, drawn as the Activity draws it (`activity`). */
export interface CatchUpEventRow { type: 'catchUpEvent'; thingId: string; activity: ActivityRow & { type: 'event' } }

export type CatchUpViewRow = CatchUpRow | CatchUpEventRow;

export type CatchUpNode = InstanceListNode<CatchUpSource, CatchUpViewRow>;

const thingId = (row: CatchUpRow): string => `catchUp:${row.instance}:${row.thing.key}`;

/** The Activity list an event row names: the dashboard feed of the account's projects (its actor is shown). */
const eventSource = (instance: string) => dashboardFeed('yourProjects', instance);

/**
 * The Catch Up view: per signed-in account, the things with news since they were marked seen, in the list shell
 * (`InstanceListView`); the service computes them from the other lists. The badge counts things, not events.
 */
export class CatchUpView implements vscode.Disposable {
  readonly list: InstanceListView<CatchUpSource, CatchUpThing, undefined, CatchUpViewRow, CatchUpFilter>;
  /** The Activity's own row drawing, for the events under a row. */
  private readonly activityItems: ActivityItems;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly t = keepPlainMessages(displayLocalize());
  private readonly zone = localZone();

  constructor(session: Session, service: CatchUpService, state: vscode.Memento, private readonly clock: Clock, log: Log, directories: ProjectDirectories) {
    this.activityItems = new ActivityItems(directories, {
      instances: () => this.list.instances(), urlOf: (instance) => session.urlOf(instance), activeInstance: () => session.active.key,
      // The row is what is new: its events carry no unread dot of their own.
      isUnread: () => false, now: () => clock.now(),
    });
    this.list = new InstanceListView<CatchUpSource, CatchUpThing, undefined, CatchUpViewRow, CatchUpFilter>({
      viewId: VIEWS.catchUp, canSelectMany: true, session, log, service, lists: service.lists,
      top: (instance) => ({ list: catchUpSource(instance) }),
      idOf: (row) => (row.type === 'catchUpThing' ? thingId(row) : `${row.thingId}:event:${row.activity.event.id ?? `#${row.activity.index}`}`),
      rows: (source, list) => list.items.map((thing): CatchUpRow => ({ type: 'catchUpThing', instance: source.instance, thing })),
      children: (row) => (row.type === 'catchUpThing' ? this.eventRows(row) : []),
      // A thing's row starts closed; its events are there when opened.
      openByDefault: (row) => (row.type === 'catchUpThing' ? false : undefined),
      revision: (row) => (row.type === 'catchUpThing' ? this.revision(row) : undefined),
      rowItem: (row) => (row.type === 'catchUpThing' ? this.rowItem(row) : this.activityItems.item(row.activity)),
      resolveRow: (item, row) => (row.type === 'catchUpThing' ? this.resolveRow(item, row) : this.resolveEvent(item, row)),
      look: this.statusLook(),
      filter: { state, key: STATE_KEYS.catchUpFilter, initial: CatchUpFilter.NONE, isEmpty: () => true, context: () => ({}), pushDown: () => undefined },
    });
    const badge = () => {
      const count = service.count();
      this.list.view.badge = count > 0 ? { value: count, tooltip: vscode.l10n.t('{0} things with news', count) } : undefined;
      // One line where a server cannot tell what the person takes part in (no GraphQL): the rows come from the lists alone.
      const blind = service.participationUnavailable().map(({ account }) => hostOf(account.instanceUrl));
      this.list.view.message = blind.length > 0
        ? vscode.l10n.t('{0}: without GraphQL, Catch Up shows only what the other lists hold, not changes to what you are assigned to, asked to review or wrote.', inert(blind.join(', ')))
        : undefined;
    };
    const changes = service.lists.onDidChange(badge);
    this.disposables.push(this.list, changes, this.activityItems);
  }

  /** A thing's new events, newest first, as Activity rows (opened, they link where the Activity's do). */
  private eventRows(row: CatchUpRow): CatchUpEventRow[] {
    const source = eventSource(row.instance);
    const events = [...row.thing.events].sort((a, b) => (b.id ?? 0) - (a.id ?? 0) || (b.created_at ?? '').localeCompare(a.created_at ?? ''));
    return events.map((event, index) => ({ type: 'catchUpEvent', thingId: thingId(row), activity: { type: 'event', source, event, index } }));
  }

  /** What a thing's row shows with its events: drawn again only when that changes. */
  private revision(row: CatchUpRow): string {
    const item = this.rowItem(row);
    return JSON.stringify([item.label, item.description, item.contextValue, row.thing.events.map((event) => event.id)]);
  }

  private resolveEvent(item: vscode.TreeItem, row: CatchUpEventRow): vscode.TreeItem {
    const tooltip = this.activityItems.tooltip(row.activity);
    if (tooltip) item.tooltip = tooltip;
    return item;
  }

  /** The rows selected in the view (Mark as Seen on a selection). */
  selectedRows(): CatchUpRow[] {
    return this.list.view.selection.filter((node): node is CatchUpRow => (node as CatchUpRow).type === 'catchUpThing');
  }

  private statusLook(): ListStatusLook<CatchUpSource> {
    return {
      loadMoreCommand: COMMANDS.catchUpLoadMore,
      continueTooltip: vscode.l10n.t('Read on'),
      emptyText: () => vscode.l10n.t('All caught up.'),
      emptyIcon: 'check-all',
      clearFilters: COMMANDS.catchUpRefresh,
      end: { label: vscode.l10n.t('All caught up.'), tooltip: vscode.l10n.t('Nothing else changed since you marked it seen.') },
      errorRow: (node) => ({ action: errorRowCommand(node.error, this.list.instance(node.source.instance).url, { command: COMMANDS.catchUpRefresh }), message: node.error.message }),
    };
  }

  private rowItem(row: CatchUpRow): vscode.TreeItem {
    const { thing } = row;
    const item = new vscode.TreeItem(thingLabel(thing));
    item.id = `catchUp:${row.instance}:${thing.key}`;
    const when = thing.when ? relativeTime(thing.when, { now: this.clock.now(), zone: this.zone, t: this.t }) : '';
    item.description = [whatHappened(thing.summary, this.t), whyWords(thing.why, this.t), when].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(thingIconId(thing.ref.kind === 'wikiPage' || thing.ref.kind === 'commit' ? 'issue' : thing.ref.kind));
    // `thing`: an issue or merge request with its project (Why Am I Notified About This?, Unsubscribe); `todo`: pending
    // to-dos (Mark as Done); `project`: a project whose level can be lowered (Mute E-mail for This Project…).
    const named = (thing.ref.kind === 'issue' || thing.ref.kind === 'mergeRequest') && thing.projectPath !== undefined;
    const inProject = thing.ref.kind !== 'epic' && thing.projectPath !== undefined;
    item.contextValue = `catchUpThing${named ? ' thing' : ''}${thing.todoIds.length > 0 ? ' todo' : ''}${thing.subscription?.subscribed ? ' subscribed' : ''}${inProject ? ' project' : ''}`;
    item.command = { command: COMMANDS.catchUpOpen, title: vscode.l10n.t('Open'), arguments: [row] };
    return item;
  }

  private resolveRow(item: vscode.TreeItem, row: CatchUpRow): vscode.TreeItem {
    const { thing } = row;
    // Plain text, not Markdown: the words carry server text.
    item.tooltip = [thingLabel(thing), whatHappened(thing.summary, this.t), whyWords(thing.why, this.t)].filter(Boolean).join('\n');
    return item;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
