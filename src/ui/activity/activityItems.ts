import * as vscode from 'vscode';
import { localZone } from '../../app/calendar';
import { EventRows } from '../../app/activity/eventRows';
import { eventTooltipMarkdown } from '../../app/activity/eventTooltip';
import { projectInfo, type ProjectInfo } from '../../app/activity/projectInfo';
import { sourceRow, sourceWebUrl } from '../../app/activity/sourceRows';
import { eventThingKey } from '../../app/subscriptions/thing';
import { MAX_REQUESTS_PER_LOAD } from '../../app/lists/matchingLoader';
import { MAX_FEED_SOURCES } from '../../app/feeds/feedSource';
import { keepPlainMessages } from '../../app/localize';
import type { ProjectDirectories } from '../../app/projectDirectory';
import type { ActivitySource } from '../../app/activity/sources';
import type { GitLabEvent } from '../../gitlab';
import { COMMANDS } from '../../ids';
import { inert } from '../../app/plainText';
import type { ViewInstance } from '../lists/listNodes';
import type { ListStatusLook } from '../lists/listStatusItems';
import { errorRowAction, errorRowContext, nodeId, type ActivityRow } from './nodes';
import { unreadUri } from './unreadDecorations';
import { displayCount, displayLocalize } from '../displayLanguage';

/** A signed-in instance as the tree shows it. */
export type TreeInstance = ViewInstance;

/** What the rows need to know of the view. */
export interface ActivityItemContext {
  /** The signed-in instances; with more than one, each has its own root. */
  instances(): TreeInstance[];
  /** The URL of a signed-in instance, given its key (`Session.urlOf`). */
  urlOf(instance: string): string | undefined;
  /** The instance whose links commands without a row follow. */
  activeInstance(): string;
  /** Whether an event is newer than the last time its source was marked as seen. */
  isUnread(source: ActivitySource, event: GitLabEvent): boolean;
  now?: () => number;
}

/**
 * The Activity view's rows as VS Code draws them: one TreeItem per row, texts from the pure row modules (`EventRows`,
 * `sourceRow`), and the lists' status rows in the Activity's words (`look`); tooltips are built only when VS Code asks
 * (`tooltip`). Whether a row is open is the shell's to say.
 */
export class ActivityItems implements vscode.Disposable {
  private readonly zone = localZone();
  /** Event rows per instance: an event's links go to its own instance. */
  private readonly rowsByInstance = new Map<string, EventRows>();
  /** Event rows share their icons and command titles: a tree of thousands of rows otherwise allocates them per row. */
  private readonly icons = new Map<string, vscode.ThemeIcon>();
  private titles?: { open: string; details: string };
  private readonly t = keepPlainMessages(displayLocalize());
  private readonly unsubscribe: { dispose(): void };
  /** The lists' status rows in the Activity view's words, and what they run. */
  readonly look: ListStatusLook<ActivitySource> = {
    loadMoreCommand: COMMANDS.loadMore,
    continueTooltip: vscode.l10n.t('Few events of this tab on the pages read so far: read up to {0} more pages', displayCount(MAX_REQUESTS_PER_LOAD)),
    emptyText: (filtered) => (filtered ? vscode.l10n.t('No events match the filter') : vscode.l10n.t('No events')),
    emptyIcon: 'info',
    clearFilters: COMMANDS.clearFilters,
    end: { label: vscode.l10n.t('End of activity'), tooltip: vscode.l10n.t('GitLab has no further pages for this list and filter.') },
    // Sign In Again names the instance of the list that failed (a signed-in one by the URL it was signed in with).
    // A 404 row of a followed project or user also offers Remove (its context value).
    errorRow: (node) => ({
      action: errorRowAction(node, (instance) => this.context.urlOf(instance)),
      contextValue: errorRowContext(node),
    }),
  };

  constructor(
    private readonly directories: ProjectDirectories,
    private readonly context: ActivityItemContext,
  ) {
    // Project names and links became known: rows kept per event are built again.
    this.unsubscribe = directories.onDidChange(() => {
      for (const rows of this.rowsByInstance.values()) rows.forget();
    });
  }

  item(node: ActivityRow): vscode.TreeItem {
    switch (node.type) {
      case 'root': {
        const labels = {
          mine: vscode.l10n.t('My Activity'), projects: vscode.l10n.t('Projects'), users: vscode.l10n.t('Users'),
          yourProjects: vscode.l10n.t('Your projects'), starred: vscode.l10n.t('Starred projects'), followed: vscode.l10n.t('People you follow'),
        };
        const icons = { mine: 'account', projects: 'repo', users: 'organization', yourProjects: 'project', starred: 'star-empty', followed: 'person-follow' };
        const item = new vscode.TreeItem(labels[node.root]);
        item.iconPath = new vscode.ThemeIcon(icons[node.root]);
        item.contextValue = `${node.root}Root`;
        return item;
      }
      case 'hint': {
        const item = new vscode.TreeItem(node.root === 'projects' ? vscode.l10n.t('Add Project…') : vscode.l10n.t('Add User…'));
        item.iconPath = new vscode.ThemeIcon('add');
        item.command = {
          command: node.root === 'projects' ? COMMANDS.addProject : COMMANDS.addUser, title: item.label as string, arguments: [node.instance],
        };
        return item;
      }
      case 'source': return this.sourceItem(node.source);
      case 'day': {
        const item = new vscode.TreeItem(node.label);
        item.description = node.events.length === 1 ? vscode.l10n.t('1 event') : vscode.l10n.t('{0} events', displayCount(node.events.length));
        item.iconPath = new vscode.ThemeIcon('calendar');
        item.contextValue = 'day';
        return item;
      }
      case 'event': return this.eventItem(node);
      case 'noPermission': {
        // GitLab's words are in the reason: plain text. A click signs in again to the source's instance.
        const item = new vscode.TreeItem(inert(node.reason));
        item.tooltip = inert(node.reason);
        item.iconPath = new vscode.ThemeIcon('shield');
        const url = this.context.urlOf(node.source.instance) ?? node.source.instance;
        item.command = { command: COMMANDS.signIn, title: vscode.l10n.t('Sign In'), arguments: [url] };
        item.contextValue = 'noPermission';
        return item;
      }
      case 'needsGitLab': {
        const item = new vscode.TreeItem(vscode.l10n.t('This feed needs GitLab: this server does not serve it.'));
        item.tooltip = vscode.l10n.t('GitLab builds its dashboard feeds from routes a server of the plain interface does not have (GET /version).');
        item.iconPath = new vscode.ThemeIcon('info');
        item.contextValue = 'needsGitLab';
        return item;
      }
      case 'feedSource': return this.feedSourceItem(node);
      case 'feedLeftOut': {
        const people = node.source.source.kind === 'feed' && node.source.source.feed === 'followed';
        const item = new vscode.TreeItem(node.count === 'unknown'
          ? (people ? vscode.l10n.t('More people left out') : vscode.l10n.t('More projects left out'))
          : (people ? vscode.l10n.t('{0} more people left out', node.count) : vscode.l10n.t('{0} more projects left out', node.count)));
        item.description = vscode.l10n.t('a feed reads at most {0}', MAX_FEED_SOURCES);
        item.tooltip = people
          ? vscode.l10n.t('A feed reads at most {0} sources: the first people you follow, as GitLab lists them.', MAX_FEED_SOURCES)
          : vscode.l10n.t('A feed reads at most {0} sources: the most recently active projects.', MAX_FEED_SOURCES);
        item.iconPath = new vscode.ThemeIcon('info');
        item.contextValue = 'feedLeftOut';
        return item;
      }
      case 'feedLate': {
        // A count only, no server text: the events stay out of the rows until the feed is read again.
        const item = new vscode.TreeItem(node.count === 1 ? vscode.l10n.t('1 event arrived late') : vscode.l10n.t('{0} events arrived late', displayCount(node.count)));
        item.description = vscode.l10n.t('Refresh to place them');
        item.tooltip = vscode.l10n.t('They belong among rows already shown (a source read again after it failed, or a project that looked idle). The rows stay where they are until you refresh the feed.');
        item.iconPath = new vscode.ThemeIcon('history');
        item.command = { command: COMMANDS.refresh, title: vscode.l10n.t('Refresh'), arguments: [node.source.key] };
        item.contextValue = 'feedLate';
        return item;
      }
    }
  }

  /**
   * A source of a dashboard feed with its own say: the fix first (Retry reads that source again), then why, in the
   * feed's words; a private profile's empty answer is no failure, only nothing to show.
   */
  private feedSourceItem(node: ActivityRow & { type: 'feedSource' }): vscode.TreeItem {
    const [kind, id] = node.key.split(':');
    const known = kind === 'project' ? this.directories.for(node.source.instance).get(Number(id))?.path_with_namespace : undefined;
    // Names come from the server: plain text.
    const name = inert(node.label ?? known ?? (kind === 'project' ? this.t('Project {0}', id) : this.t('User {0}', id)));
    const item = new vscode.TreeItem(name);
    if (!node.error) {
      item.description = vscode.l10n.t('no visible activity: a private profile, or nothing yet');
      item.tooltip = vscode.l10n.t('GitLab answers an empty list for a private profile: nothing of this person is shown.');
      item.iconPath = new vscode.ThemeIcon('eye-closed');
      item.contextValue = 'feedSource';
      return item;
    }
    const why = node.error.kind === 'notFound'
      ? (kind === 'project' ? vscode.l10n.t('not found: deleted, moved or no longer visible to you') : vscode.l10n.t('not found'))
      : node.error.kind === 'forbidden' ? vscode.l10n.t('GitLab refused access') : node.error.message;
    item.description = vscode.l10n.t('Retry · {0}', why);
    item.tooltip = inert(node.error.message);
    item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    item.command = { command: COMMANDS.retryFeedSource, title: vscode.l10n.t('Retry'), arguments: [node.source.key, node.key] };
    item.contextValue = 'feedSource error retryable';
    return item;
  }

  /** An event's tooltip (the others have theirs already): server text escaped, the Markdown untrusted. */
  tooltip(node: ActivityRow): vscode.MarkdownString | undefined {
    if (node.type !== 'event') return undefined;
    const markdown = new vscode.MarkdownString(eventTooltipMarkdown(node.event, {
      t: displayLocalize(), project: this.projectInfo(node.source.instance, node.event.project_id), zone: this.zone,
    }));
    // Server text is escaped by eventTooltipMarkdown; the string is also untrusted and without HTML.
    markdown.isTrusted = false;
    markdown.supportHtml = false;
    markdown.supportThemeIcons = false;
    return markdown;
  }

  /** The event's web page on its instance (the active one unless given), when one can be derived. */
  urlOf(event: GitLabEvent, instance: string = this.context.activeInstance()): string | undefined {
    return this.rows(instance).url(event);
  }

  /** The web page of a project or user source. */
  sourceUrl(source: ActivitySource): string | undefined {
    const project = source.source.kind === 'project' ? this.directories.for(source.instance).get(source.ref) : undefined;
    return sourceWebUrl(source, project, this.urlOfInstance(source.instance));
  }

  private sourceItem(source: ActivitySource): vscode.TreeItem {
    const project = source.source.kind === 'project' ? this.directories.for(source.instance).get(source.ref) : undefined;
    const row = sourceRow(source, project, this.t);
    const item = new vscode.TreeItem(row.label);
    item.description = row.description;
    item.iconPath = new vscode.ThemeIcon(row.iconId);
    item.tooltip = row.tooltip;
    item.contextValue = row.contextValue;
    return item;
  }

  private eventItem(node: ActivityRow & { type: 'event' }): vscode.TreeItem {
    // Every row leads with its target; the actor follows in the description, except in My Activity, where every event
    // is the signed-in user's own.
    const row = this.rows(node.source.instance).row(node.event, this.now(), node.source.source.kind === 'mine' ? 'omitted' : 'shown');
    const item = new vscode.TreeItem(row.label);
    // A page kept from the last session, shown until the fresh one replaces it: the row and its label say so.
    const earlier = node.earlier ? vscode.l10n.t('from earlier') : undefined;
    item.description = earlier ? (row.description ? `${row.description} · ${earlier}` : earlier) : row.description;
    item.iconPath = this.icon(row.iconId);
    // `thing`: it names an issue, merge request or epic, which "Why Am I Notified About This?" and Unsubscribe take.
    item.contextValue = `event${row.url ? ' linkable' : ''}${eventThingKey(node.event) ? ' thing' : ''}`;
    const titles = this.titles ??= { open: vscode.l10n.t('Open in Browser'), details: vscode.l10n.t('Show Event Details') };
    item.command = row.url
      ? { command: COMMANDS.openInBrowser, title: titles.open, arguments: [node] }
      : { command: COMMANDS.showEventDetails, title: titles.details, arguments: [node] };
    if (this.context.isUnread(node.source, node.event)) {
      // The decoration (a dot in a theme colour) comes from the URI's scheme; the label says it for screen readers.
      item.resourceUri = unreadUri(nodeId(node));
      item.accessibilityInformation = { label: this.t('Unread: {0}', row.accessibilityLabel) };
    } else {
      item.accessibilityInformation = { label: row.accessibilityLabel };
    }
    if (earlier) item.accessibilityInformation = { label: this.t('{0}, from earlier', item.accessibilityInformation.label) };
    return item;
  }

  private rows(instance: string): EventRows {
    let rows = this.rowsByInstance.get(instance);
    if (!rows) {
      rows = new EventRows(() => ({
        instanceUrl: this.urlOfInstance(instance), lookupProject: (id) => this.projectInfo(instance, id), zone: this.zone, t: this.t,
      }));
      this.rowsByInstance.set(instance, rows);
    }
    return rows;
  }

  private icon(id: string): vscode.ThemeIcon {
    let icon = this.icons.get(id);
    if (!icon) this.icons.set(id, (icon = new vscode.ThemeIcon(id)));
    return icon;
  }

  private urlOfInstance(instance: string): string {
    return this.context.urlOf(instance) ?? instance;
  }

  private projectInfo(instance: string, id: number | null): ProjectInfo | undefined {
    if (typeof id !== 'number') return undefined;
    return projectInfo(this.directories.for(instance).get(id));
  }

  private now(): number {
    return (this.context.now ?? Date.now)();
  }

  dispose(): void {
    this.unsubscribe.dispose();
  }
}
