import * as vscode from 'vscode';
import { groupByDay } from '../../app/activity/dayGrouping';
import { localZone } from '../../app/activity/calendar';
import { EXPANDED_DAY_GROUPS, EventRows } from '../../app/activity/eventRows';
import { MAX_REQUESTS_PER_LOAD } from '../../app/activity/matchingLoader';
import { eventTooltipMarkdown } from '../../app/activity/eventTooltip';
import { projectInfo, type ProjectInfo } from '../../app/activity/projectInfo';
import type { FeedStore } from '../../app/feeds';
import { instanceHost } from '../../app/instance';
import { keepPlainMessages } from '../../app/localize';
import type { ProjectDirectories, ProjectDirectory } from '../../app/projectDirectory';
import { myActivity, type ActivitySource } from '../../app/sources';
import type { GitLabEvent } from '../../gitlab';
import { COMMANDS } from '../../ids';
import {
  continueRowText, emptyRowText, errorRowAction, errorRowContext, errorRowText, nodeId, type ActivityNode,
} from './nodes';
import { unreadUri } from './unreadDecorations';
import { trimInstanceUrl } from '../../gitlab/url';

/** A signed-in instance as the tree shows it. */
export interface TreeInstance {
  /** The instance's URL as `normalizeInstanceUrl` writes it: sources and directories are keyed by it. */
  key: string;
  url: string;
  /** Who is signed in there, when known. */
  user?: string;
}

export interface ActivityTreeContext {
  signedIn(): boolean;
  /** The signed-in instances; with more than one, each has its own root. */
  instances(): TreeInstance[];
  /** The instance whose rows the view reveals to wait for a redraw (the active one). */
  activeInstance(): string;
  isFiltered(): boolean;
  projects(instance: string): ActivitySource[];
  users(instance: string): ActivitySource[];
  /** Whether an event is newer than the last time its source was marked as seen. */
  isUnread(source: ActivitySource, event: GitLabEvent): boolean;
  now?: () => number;
}

type RootNode = ActivityNode & { type: 'root' };

/**
 * The Activity tree: My activity, Projects and Users, each source's events grouped by day, a "Load more…" row
 * while GitLab reports a next page, and rows for loading, empty and error states. Tooltips are built lazily in
 * `resolveTreeItem`.
 */
export class ActivityTreeProvider implements vscode.TreeDataProvider<ActivityNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ActivityNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly zone = localZone();
  private readonly sourceNodes = new Map<string, ActivityNode>();
  // VS Code matches change events to rows by object identity: roots are created once per instance.
  private readonly roots = new Map<string, { instance: ActivityNode & { type: 'instance' }; mine: RootNode; projects: RootNode; users: RootNode }>();
  private readonly unsubscribe: Array<{ dispose(): void }>;
  /** Event rows per instance: an event's links go to its own instance. */
  private readonly rowsByInstance = new Map<string, EventRows>();
  private refreshTimer?: ReturnType<typeof setTimeout>;
  private readonly expansion = new Map<string, boolean>();
  /** Event rows share their icons and command titles: a tree of thousands of rows otherwise allocates them per row. */
  private readonly icons = new Map<string, vscode.ThemeIcon>();
  private titles?: { open: string; details: string };
  private readonly t = keepPlainMessages(vscode.l10n.t);

  constructor(
    private readonly feeds: FeedStore,
    private readonly directories: ProjectDirectories,
    private readonly context: ActivityTreeContext,
  ) {
    this.unsubscribe = [
      feeds.onDidChange(() => this.scheduleRefresh()),
      directories.onDidChange(() => {
        for (const rows of this.rowsByInstance.values()) rows.forget();
        this.scheduleRefresh();
      }),
    ];
  }

  private directory(instance: string): ProjectDirectory {
    return this.directories.for(instance);
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

  private urlOfInstance(instance: string): string {
    return this.context.instances().find((candidate) => candidate.key === instance)?.url ?? instance;
  }

  private rootsOf(instance: string) {
    let roots = this.roots.get(instance);
    if (!roots) {
      roots = {
        instance: { type: 'instance', instance },
        mine: { type: 'root', root: 'mine', instance },
        projects: { type: 'root', root: 'projects', instance },
        users: { type: 'root', root: 'users', instance },
      };
      this.roots.set(instance, roots);
    }
    return roots;
  }

  /** The active instance's "My Activity" row, in the tree while signed in (the view reveals it to wait for a refresh). */
  get myActivityRoot(): ActivityNode {
    return this.rootsOf(this.context.activeInstance()).mine;
  }

  /** A source's own row (for `reveal`). */
  sourceRow(source: ActivitySource): ActivityNode {
    return this.sourceNode(source);
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  /** What the person opened or closed, so a refresh of the whole tree keeps it that way. */
  noteExpansion(node: ActivityNode, expanded: boolean): void {
    this.expansion.set(nodeId(node), expanded);
  }

  private collapsible(node: ActivityNode, expandedByDefault: boolean): vscode.TreeItemCollapsibleState {
    const expanded = this.expansion.get(nodeId(node)) ?? expandedByDefault;
    return expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
  }

  /**
   * One refresh of the whole tree for a burst of feed or name changes; cheap, because rows are kept per event. Not a
   * refresh of the changed row: that can be lost while VS Code is still asking for the row's children (it then stays
   * on "Loading…").
   */
  private scheduleRefresh(): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.changed.fire(undefined);
    }, 0);
  }

  /**
   * Starts loading the first page of every feed the tree shows open (My Activity, and each project or user opened under
   * an open root) before VS Code asks for it. At sign-in the first rows then wait for one round trip, not for the
   * tree's own round trips with the workbench first; after a filter change a feed's old rows stay until its new page
   * replaces them, however late VS Code asks. The tree's own request finds the page loading and waits for it.
   */
  loadOpenFeeds(): void {
    if (!this.context.signedIn()) return;
    const instances = this.context.instances();
    for (const instance of instances) {
      const roots = this.rootsOf(instance.key);
      if (instances.length > 1 && !this.isOpen(roots.instance, true)) continue;
      const open = this.isOpen(roots.mine, true) ? [myActivity(instance.key)] : [];
      for (const root of [roots.projects, roots.users]) {
        if (!this.isOpen(root, false)) continue;
        const sources = root.root === 'projects' ? this.context.projects(instance.key) : this.context.users(instance.key);
        open.push(...sources.filter((source) => this.expansion.get(nodeId(this.sourceNode(source))) === true));
      }
      for (const source of open) {
        const state = this.feeds.get(source.key);
        if (!state.started && !state.loading && !state.hasError) void this.feeds.load(source);
      }
    }
  }

  private isOpen(node: ActivityNode, byDefault: boolean): boolean {
    return this.collapsible(node, byDefault) === vscode.TreeItemCollapsibleState.Expanded;
  }

  getChildren(node?: ActivityNode): ActivityNode[] {
    if (!this.context.signedIn()) return [];
    if (!node) {
      const instances = this.context.instances();
      if (instances.length > 1) return instances.map((instance) => this.rootsOf(instance.key).instance);
      if (instances.length === 0) return [];
      const roots = this.rootsOf(instances[0].key);
      return [roots.mine, roots.projects, roots.users];
    }
    // VS Code asks for a row's children only when it opens: noted now, a refresh arriving before the expand event
    // keeps the row open instead of closing it under the person's click.
    this.noteExpansion(node, true);
    switch (node.type) {
      case 'instance': {
        const roots = this.rootsOf(node.instance);
        return [roots.mine, roots.projects, roots.users];
      }
      case 'root': {
        if (node.root === 'mine') return this.feedChildren(myActivity(node.instance));
        const sources = node.root === 'projects' ? this.context.projects(node.instance) : this.context.users(node.instance);
        if (sources.length === 0) return [{ type: 'hint', root: node.root, instance: node.instance }];
        if (node.root === 'projects') void this.directory(node.instance).resolve(sources.map((s) => s.ref));
        return sources.map((source) => this.sourceNode(source));
      }
      case 'source':
        return this.feedChildren(node.source);
      case 'day':
        return node.events.map((event, index) => ({ type: 'event', source: node.source, event, index }));
      case 'error':
        return [];
      default:
        return [];
    }
  }

  private sourceNode(source: ActivitySource): ActivityNode & { type: 'source' } {
    const existing = this.sourceNodes.get(source.key);
    if (existing?.type === 'source' && existing.source.ref === source.ref && existing.source.from === source.from) {
      return existing as ActivityNode & { type: 'source' };
    }
    const node = { type: 'source' as const, source };
    this.sourceNodes.set(source.key, node);
    return node;
  }

  private feedChildren(source: ActivitySource): ActivityNode[] {
    const state = this.feeds.get(source.key);
    if (!state.started && !state.loading && !state.hasError) void this.feeds.load(source);
    // A filter change keeps the earlier rows (stale) until the new first page replaces them; the view's progress
    // bar says that it is loading.
    if (!state.started && !state.hasError && !state.stale) return [{ type: 'loading', source }];
    const rows: ActivityNode[] = [];
    const events = state.events as GitLabEvent[];
    if (events.length === 0 && !state.hasError && !state.hasMore) {
      rows.push({ type: 'empty', source, filtered: this.context.isFiltered() });
    }
    const projectIds = new Set(events.map((e) => e.project_id).filter((id): id is number => typeof id === 'number'));
    if (projectIds.size > 0) void this.directory(source.instance).resolve(projectIds);
    // Days in the direction the list was asked for (the old rows' own while they stay), whatever GitLab's id order.
    groupByDay(events, { now: this.now(), zone: this.zone, order: state.order, t: this.t }).forEach((day, index) => {
      rows.push({ type: 'day', source, key: day.key, label: day.label, events: day.events, expanded: index < EXPANDED_DAY_GROUPS });
    });
    const error = this.feeds.errorOf(source.key);
    if (error) rows.push({ type: 'error', source, error }, { type: 'showLog', source });
    else if (state.stale) return rows;
    else if (state.loading) rows.push({ type: 'loading', source });
    else if (state.hasMore) rows.push({ type: 'loadMore', source });
    return rows;
  }

  /** Parents of the nodes `reveal` is used on (projects and users). */
  getParent(node: ActivityNode): ActivityNode | undefined {
    if (node.type === 'source' && node.source.source.kind !== 'mine') {
      const roots = this.rootsOf(node.source.instance);
      return node.source.source.kind === 'project' ? roots.projects : roots.users;
    }
    if (node.type === 'root' && this.context.instances().length > 1) return this.rootsOf(node.instance).instance;
    return undefined;
  }

  getTreeItem(node: ActivityNode): vscode.TreeItem {
    const item = this.buildItem(node);
    item.id = nodeId(node);
    return item;
  }

  private buildItem(node: ActivityNode): vscode.TreeItem {
    switch (node.type) {
      case 'instance': return this.instanceItem(node.instance);
      case 'root': {
        const labels = { mine: vscode.l10n.t('My Activity'), projects: vscode.l10n.t('Projects'), users: vscode.l10n.t('Users') };
        const icons = { mine: 'account', projects: 'repo', users: 'organization' };
        const item = new vscode.TreeItem(labels[node.root], this.collapsible(node, node.root === 'mine'));
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
      case 'source': {
        const item = this.sourceItem(node.source);
        item.collapsibleState = this.collapsible(node, false);
        return item;
      }
      case 'day': {
        const item = new vscode.TreeItem(node.label, this.collapsible(node, node.expanded));
        item.description = node.events.length === 1 ? vscode.l10n.t('1 event') : vscode.l10n.t('{0} events', node.events.length);
        item.iconPath = new vscode.ThemeIcon('calendar');
        item.contextValue = 'day';
        return item;
      }
      case 'event': return this.eventItem(node);
      case 'loadMore': {
        // A load that read its bound of pages without filling a page says so, and goes on where it stopped.
        const bound = this.feeds.get(node.source.key).stoppedAtBound;
        const text = bound ? continueRowText(bound, vscode.l10n.t) : { label: vscode.l10n.t('Load more…') };
        const item = new vscode.TreeItem(text.label);
        item.iconPath = new vscode.ThemeIcon(bound ? 'debug-continue' : 'ellipsis');
        if (bound) {
          item.description = text.description;
          item.tooltip = vscode.l10n.t('Few events of this tab on the pages read so far: read up to {0} more pages', MAX_REQUESTS_PER_LOAD);
        }
        const title = bound ? vscode.l10n.t('Continue') : vscode.l10n.t('Load More');
        item.command = { command: COMMANDS.loadMore, title, arguments: [node.source.key] };
        item.contextValue = 'loadMore';
        return item;
      }
      case 'loading': {
        const item = new vscode.TreeItem(vscode.l10n.t('Loading…'));
        item.iconPath = new vscode.ThemeIcon('loading~spin');
        const progress = this.feeds.get(node.source.key).progress;
        if (progress && progress.requests > 1) {
          item.description = vscode.l10n.t('{0} pages read, {1} matching', progress.requests - 1, progress.found);
        }
        return item;
      }
      case 'empty': {
        const text = emptyRowText(node.filtered, vscode.l10n.t);
        const item = new vscode.TreeItem(text.label);
        item.iconPath = new vscode.ThemeIcon(node.filtered ? 'clear-all' : 'info');
        if (node.filtered) {
          item.description = text.description;
          item.command = { command: COMMANDS.clearFilters, title: vscode.l10n.t('Clear Filters') };
        }
        item.contextValue = 'empty';
        return item;
      }
      case 'error': {
        const action = errorRowAction(node, (instance) => this.context.instances().find((candidate) => candidate.key === instance)?.url);
        const text = errorRowText(node, vscode.l10n.t);
        const item = new vscode.TreeItem(text.label);
        item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
        item.description = text.description;
        item.tooltip = node.error.message;
        item.command = { command: action.command, title: text.label, arguments: action.arguments };
        item.contextValue = errorRowContext(node);
        return item;
      }
      case 'showLog': {
        const item = new vscode.TreeItem(vscode.l10n.t('Show Log'));
        item.iconPath = new vscode.ThemeIcon('output');
        item.command = { command: COMMANDS.showLog, title: vscode.l10n.t('Show Log') };
        return item;
      }
    }
  }

  /** An instance's root (shown while several are signed in): its host, and who is signed in there. */
  private instanceItem(instance: string): vscode.TreeItem {
    const known = this.context.instances().find((candidate) => candidate.key === instance);
    const url = known?.url ?? instance;
    const item = new vscode.TreeItem(instanceHost(url), this.collapsible(this.rootsOf(instance).instance, true));
    item.description = known?.user;
    item.tooltip = known?.user ? vscode.l10n.t('{0}, signed in as {1}', url, known.user) : url;
    item.iconPath = new vscode.ThemeIcon('server');
    item.contextValue = 'instanceRoot';
    return item;
  }

  private sourceItem(source: ActivitySource): vscode.TreeItem {
    const isProject = source.source.kind === 'project';
    const project = isProject ? this.directory(source.instance).get(source.ref) : undefined;
    const label = project?.name_with_namespace ?? project?.name ?? source.ref;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    const path = project && project.path_with_namespace !== label ? project.path_with_namespace : undefined;
    const origin = source.from === 'remote' ? vscode.l10n.t('from git remote') : undefined;
    item.description = [path, origin].filter(Boolean).join(' · ') || undefined;
    item.iconPath = new vscode.ThemeIcon(isProject ? 'repo' : 'person');
    item.tooltip = isProject ? vscode.l10n.t('Project {0}', source.ref) : vscode.l10n.t('User {0}', source.ref);
    const tags = [isProject ? 'project' : 'user', 'linkable'];
    if (source.from === 'setting') tags.push(isProject ? 'removableProject' : 'removableUser');
    item.contextValue = tags.join(' ');
    return item;
  }

  private eventItem(node: ActivityNode & { type: 'event' }): vscode.TreeItem {
    // My Activity lists the signed-in user's own events: their name would only push the action off the row.
    const row = this.rows(node.source.instance).row(node.event, this.now(), node.source.source.kind === 'mine' ? 'omitted' : 'shown');
    const item = new vscode.TreeItem(row.label);
    item.description = row.description;
    item.iconPath = this.icon(row.iconId);
    item.contextValue = row.url ? 'event linkable' : 'event';
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
    return item;
  }

  private icon(id: string): vscode.ThemeIcon {
    let icon = this.icons.get(id);
    if (!icon) this.icons.set(id, (icon = new vscode.ThemeIcon(id)));
    return icon;
  }

  resolveTreeItem(item: vscode.TreeItem, node: ActivityNode): vscode.TreeItem {
    if (node.type !== 'event') return item;
    const markdown = new vscode.MarkdownString(eventTooltipMarkdown(node.event, {
      t: vscode.l10n.t, project: this.projectInfo(node.source.instance, node.event.project_id), zone: this.zone,
    }));
    // Server text is escaped by eventTooltipMarkdown; the string is also untrusted and without HTML.
    markdown.isTrusted = false;
    markdown.supportHtml = false;
    markdown.supportThemeIcons = false;
    item.tooltip = markdown;
    return item;
  }

  /** The event's web page on its instance (the active one unless given), when one can be derived. */
  urlOf(event: GitLabEvent, instance: string = this.context.activeInstance()): string | undefined {
    return this.rows(instance).url(event);
  }

  /** The web page of a project or user source. */
  sourceUrl(source: ActivitySource): string | undefined {
    const base = trimInstanceUrl(this.urlOfInstance(source.instance));
    if (source.source.kind === 'project') {
      const project = this.directory(source.instance).get(source.ref);
      return project?.web_url && new URL(project.web_url).origin === new URL(base).origin ? project.web_url
        : /^\d+$/.test(source.ref) ? undefined : `${base}/${source.ref.split('/').map(encodeURIComponent).join('/')}`;
    }
    if (source.source.kind === 'user' && !/^\d+$/.test(source.ref)) return `${base}/${encodeURIComponent(source.ref)}`;
    return undefined;
  }

  private projectInfo(instance: string, id: number | null): ProjectInfo | undefined {
    if (typeof id !== 'number') return undefined;
    return projectInfo(this.directory(instance).get(id));
  }

  private now(): number {
    return (this.context.now ?? Date.now)();
  }

  dispose(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    for (const subscription of this.unsubscribe) subscription.dispose();
    this.changed.dispose();
  }
}
