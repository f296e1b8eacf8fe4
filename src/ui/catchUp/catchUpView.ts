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

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** A row of the Catch Up view: one thing with news. */
export interface CatchUpRow { type: 'catchUpThing'; instance: string; thing: CatchUpThing }

export type CatchUpNode = InstanceListNode<CatchUpSource, CatchUpRow>;

/**
 * The Catch Up view: per signed-in account, the things with news since they were marked seen, in the list shell
 * (`InstanceListView`); the service computes them from the other lists. The badge counts things, not events.
 */
export class CatchUpView implements vscode.Disposable {
  readonly list: InstanceListView<CatchUpSource, CatchUpThing, undefined, CatchUpRow, CatchUpFilter>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly t = keepPlainMessages(displayLocalize());
  private readonly zone = localZone();

  constructor(session: Session, service: CatchUpService, state: vscode.Memento, private readonly clock: Clock, log: Log) {
    this.list = new InstanceListView<CatchUpSource, CatchUpThing, undefined, CatchUpRow, CatchUpFilter>({
      viewId: VIEWS.catchUp, canSelectMany: true, session, log, service, lists: service.lists,
      top: (instance) => ({ list: catchUpSource(instance) }),
      idOf: (row) => `catchUp:${row.instance}:${row.thing.key}`,
      rows: (source, list) => list.items.map((thing): CatchUpRow => ({ type: 'catchUpThing', instance: source.instance, thing })),
      rowItem: (row) => this.rowItem(row),
      resolveRow: (item, row) => this.resolveRow(item, row),
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
    this.disposables.push(this.list, changes);
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
    item.contextValue = `catchUpThing${thing.todoIds.length > 0 ? ' todo' : ''}${thing.subscription ? ' subscribed' : ''}`;
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
