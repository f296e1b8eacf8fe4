import * as vscode from 'vscode';
import { relativeTime } from '../../app/activity/relativeTime';
import { localZone } from '../../app/calendar';
import type { ListRows } from '../../app/lists/listRows';
import { MAX_REQUESTS_PER_LOAD } from '../../app/lists/matchingLoader';
import { keepPlainMessages } from '../../app/localize';
import { inert, plainLine } from '../../app/plainText';
import { thingIconId } from '../../app/thingIcons';
import type { Clock } from '../../app/snoozeTime';
import { permissionLine } from '../../app/tokenPermissions';
import { kindPlural, SubscriptionFilter } from '../../app/subscriptions/subscriptionFilter';
import { kindName, subscriptionKey, type SubscriptionItem } from '../../app/subscriptions/subscriptionItems';
import { subscriptionSource, type SubscriptionSource } from '../../app/subscriptions/subscriptionLists';
import type { SubscriptionService } from '../../app/subscriptions/subscriptionService';
import type { GitLabError } from '../../gitlab';
import type { SubscriptionKind } from '../../gitlab/subscriptionTypes';
import { COMMANDS, CONTEXT_KEYS, STATE_KEYS, VIEWS } from '../../ids';
import { InstanceListView, type InstanceListNode } from '../lists/instanceListView';
import type { StatusNode } from '../lists/listNodes';
import { errorRowCommand, type ListStatusLook } from '../lists/listStatusItems';
import type { Log } from '../log';
import type { Session } from '../session';
import { displayCount, displayLocalize } from '../displayLanguage';

/** The Subscriptions list's own rows: one per thing, or the calm line of a kind this GitLab cannot list. */
export type SubscriptionRow =
  | { type: 'section'; instance: string; source: SubscriptionSource }
  | { type: 'subscription'; instance: string; item: SubscriptionItem }
  | { type: 'cannotList'; instance: string; kind: SubscriptionKind; reason: string };

export type SubscriptionNode = InstanceListNode<SubscriptionSource, SubscriptionRow>;

/** A failure that means this GitLab (or this server) has no such list: said calmly in place of the rows. */
function cannotList(kind: SubscriptionKind, error: GitLabError): boolean {
  return error.kind === 'unsupported' || (kind === 'label' && error.kind === 'notFound' && error.status === 404 && !error.missingScope);
}

/**
 * The Subscriptions view: what each signed-in account is explicitly subscribed to, a section per kind (issues, merge
 * requests, epics, labels), in the list shell (`InstanceListView`: roots, status rows, the filter); the service's lists
 * hold the items. This adds the rows and the calm line of a kind a GitLab cannot list.
 */
export class SubscriptionView implements vscode.Disposable {
  readonly list: InstanceListView<SubscriptionSource, SubscriptionItem, undefined, SubscriptionRow, SubscriptionFilter>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly t = keepPlainMessages(displayLocalize());
  private readonly zone = localZone();

  constructor(session: Session, private readonly service: SubscriptionService, state: vscode.Memento, private readonly clock: Clock, log: Log) {
    this.list = new InstanceListView<SubscriptionSource, SubscriptionItem, undefined, SubscriptionRow, SubscriptionFilter>({
      viewId: VIEWS.subscriptions, canSelectMany: true, session, log, service, lists: service.lists,
      // A section per kind while the filter shows several; one kind's rows in place.
      top: (instance) => (service.kinds.length > 1
        ? service.kinds.map((kind): SubscriptionRow => ({ type: 'section', instance, source: subscriptionSource(instance, kind) }))
        : { list: subscriptionSource(instance, service.kinds[0] ?? 'issue') }),
      listOf: (row) => (row.type === 'section' ? row.source : undefined),
      idOf: (row) => rowId(row),
      rows: (source, list) => {
        const { instance } = source;
        const rows: SubscriptionRow[] = list.items.map((item) => ({ type: 'subscription', instance, item }));
        const fallback = service.fallbackOf(source.key);
        if (!fallback) return rows;
        const reason = this.t('{0} Below: open things of {1} (this workspace) that e-mail you, subscribed or taking part.', fallback.reason, fallback.projects.join(', '));
        return [{ type: 'cannotList', instance, kind: source.kind, reason }, ...rows];
      },
      instead: (source, list, error) => this.calmLine(source.instance, list, error, source.kind),
      rowItem: (row) => this.rowItem(row),
      resolveRow: (item, row) => this.resolveRow(item, row),
      look: this.statusLook(),
      filter: {
        state, key: STATE_KEYS.subscriptionFilter, initial: service.filter, isEmpty: (filter) => filter.equals(SubscriptionFilter.EMPTY),
        context: (filter) => ({ [CONTEXT_KEYS.subscriptionsFiltered]: filter.narrowed }),
        pushDown: (filter) => service.setFilter(filter),
      },
    });
    this.disposables.push(this.list);
  }

  get filter(): SubscriptionFilter {
    return this.list.filter;
  }


  /** The rows selected in the view (an action on a selection). */
  selectedRows(): Array<SubscriptionRow & { type: 'subscription' }> {
    return this.list.view.selection.filter((node): node is SubscriptionRow & { type: 'subscription' } => node.type === 'subscription');
  }

  private calmLine(instance: string, list: ListRows<SubscriptionItem>, error: GitLabError | undefined, kind: SubscriptionKind):
    Array<SubscriptionRow | StatusNode<SubscriptionSource>> | undefined {
    if (!error || list.items.length > 0) return undefined;
    // A token without the feature's permission: said once, calmly, until another sign-in (not an error row each refresh).
    const refused = permissionLine('subscriptions', error, this.t);
    if (refused) return [{ type: 'cannotList', instance, kind, reason: refused }];
    if (!cannotList(kind, error)) return undefined;
    const reason = kind === 'label' && error.kind === 'notFound' ? this.t('This server does not list labels.') : error.message;
    return [{ type: 'cannotList', instance, kind, reason }];
  }

  private sectionItem(source: SubscriptionSource, list: ListRows<SubscriptionItem>): vscode.TreeItem {
    const item = new vscode.TreeItem(kindPlural(source.kind, this.t));
    item.id = `subscriptions:${source.instance}:${source.kind}`;
    item.iconPath = new vscode.ThemeIcon(thingIconId(source.kind));
    if (!list.waiting && list.items.length > 0) item.description = list.after === 'loadMore' ? `${displayCount(list.items.length)}+` : displayCount(list.items.length);
    item.contextValue = `subscriptionSection ${source.kind}`;
    return item;
  }

  private statusLook(): ListStatusLook<SubscriptionSource> {
    return {
      loadMoreCommand: COMMANDS.subscriptionsLoadMore,
      continueTooltip: vscode.l10n.t('Few subscriptions of this filter on the pages read so far: read up to {0} more pages', displayCount(MAX_REQUESTS_PER_LOAD)),
      emptyText: (filtered) => (filtered ? vscode.l10n.t('No subscriptions match the filter.') : vscode.l10n.t('No subscriptions of this kind.')),
      emptyIcon: 'bell-slash',
      clearFilters: COMMANDS.subscriptionsClearFilters,
      end: { label: vscode.l10n.t('End of the list'), tooltip: vscode.l10n.t('GitLab has no further pages of this kind for this filter.') },
      errorRow: (node) => ({
        action: errorRowCommand(node.error, this.list.instance(node.source.instance).url, { command: COMMANDS.subscriptionsRefresh }),
        message: node.error.message,
      }),
    };
  }

  private rowItem(row: SubscriptionRow): vscode.TreeItem {
    if (row.type === 'section') return this.sectionItem(row.source, this.service.lists.rows(row.source.key));
    if (row.type === 'cannotList') {
      // The reason may name the workspace's projects (its git remotes' text).
      const item = new vscode.TreeItem(inert(row.reason));
      item.iconPath = new vscode.ThemeIcon('info');
      item.tooltip = inert(row.reason);
      item.contextValue = 'cannotList';
      return item;
    }
    const { item: thing } = row;
    const name = thing.kind === 'label' ? plainLine(thing.name) : [thing.reference, plainLine(thing.title)].filter(Boolean).join(' ');
    const item = new vscode.TreeItem(inert(name));
    item.id = `subscription:${row.instance}:${subscriptionKey(thing)}`;
    const words = [inert(kindName(thing))];
    if (thing.kind !== 'label') {
      words.push(stateWord(thing.state, this.t));
      words.push(relativeTime(thing.updatedAt, { now: this.clock.now(), zone: this.zone, t: this.t }));
    } else {
      words.push(inert(thing.containerPath));
    }
    item.description = words.filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(thingIconId(thing.kind));
    // `thing`: Why Am I Notified About This? (labels are not things GitLab answers that for).
    item.contextValue = thing.kind === 'label' ? 'subscription label' : `subscription ${thing.kind} thing`;
    item.command = { command: COMMANDS.subscriptionsOpen, title: vscode.l10n.t('Open'), arguments: [row] };
    return item;
  }

  private resolveRow(item: vscode.TreeItem, row: SubscriptionRow): vscode.TreeItem {
    if (row.type !== 'subscription') return item;
    const thing = row.item;
    const lines = thing.kind === 'label'
      ? [plainLine(thing.name), plainLine(thing.description), this.t('Label of {0}; you get mail for every new issue or merge request it is added to.', thing.containerPath)]
      : [`${thing.reference} ${plainLine(thing.title)}`, `${kindName(thing)} · ${stateWord(thing.state, this.t)} · ${thing.containerPath}`,
        this.t('Explicitly subscribed: it e-mails you whatever your notification level.')];
    // Plain text, not Markdown: every line comes from the server.
    item.tooltip = lines.filter(Boolean).map(inert).join('\n');
    return item;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** A row's identity in the view (see `InstanceListParts.idOf`). */
function rowId(row: SubscriptionRow): string {
  switch (row.type) {
    case 'section': return `subscriptions:${row.instance}:${row.source.kind}`;
    case 'subscription': return `subscription:${row.instance}:${subscriptionKey(row.item)}`;
    case 'cannotList': return `cannotList/${row.instance}/${row.kind}`;
  }
}

/** GitLab's state in words; an unknown one by its name. */
function stateWord(state: string, t: (message: string) => string): string {
  switch (state) {
    case 'opened': return t('open');
    case 'closed': return t('closed');
    case 'merged': return t('merged');
    case 'locked': return t('locked');
    default: return plainLine(state);
  }
}
