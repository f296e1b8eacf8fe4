import * as vscode from 'vscode';
import { groupByDay } from '../../app/activity/dayGrouping';
import { localZone } from '../../app/calendar';
import type { EventFeeds } from '../../app/activity/eventFeeds';
import { EXPANDED_DAY_GROUPS } from '../../app/activity/eventRows';
import { keepPlainMessages } from '../../app/localize';
import { permissionLine } from '../../app/tokenPermissions';
import type { ProjectDirectories, ProjectDirectory } from '../../app/projectDirectory';
import { myActivity, type ActivitySource } from '../../app/activity/sources';
import type { GitLabEvent, SortOrder } from '../../gitlab';
import { instanceRows, listNodes } from '../lists/listNodes';
import type { ActivityItemContext, ActivityItems } from './activityItems';
import { nodeId, type ActivityNode } from './nodes';
import { displayLocalize } from '../displayLanguage';

export interface ActivityTreeContext extends ActivityItemContext {
  signedIn(): boolean;
  projects(instance: string): ActivitySource[];
  users(instance: string): ActivitySource[];
}

type RootNode = ActivityNode & { type: 'root' };

/**
 * The Activity tree: My activity, Projects and Users (under a root per instance while several are signed in), each
 * source's events grouped by day, a "Load more…" row while GitLab reports a next page, and rows for loading, empty and
 * error states. The tree says which rows there are and which are open; `ActivityItems` draws them.
 */
export class ActivityTreeProvider implements vscode.TreeDataProvider<ActivityNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ActivityNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly zone = localZone();
  private readonly sourceNodes = new Map<string, ActivityNode>();
  // VS Code matches change events to rows by object identity: roots are created once per instance.
  private readonly roots = new Map<string, { instance: ActivityNode & { type: 'instance' }; mine: RootNode; projects: RootNode; users: RootNode }>();
  private readonly unsubscribe: Array<{ dispose(): void }>;
  private refreshTimer?: ReturnType<typeof setTimeout>;
  /** Rows to refresh at the next scheduled refresh; undefined once the whole tree is to be. */
  private rowsToRefresh: Set<ActivityNode> | undefined = new Set();
  private readonly expansion = new Map<string, boolean>();
  private readonly t = keepPlainMessages(displayLocalize());

  constructor(
    private readonly feeds: EventFeeds,
    private readonly directories: ProjectDirectories,
    private readonly items: ActivityItems,
    private readonly context: ActivityTreeContext,
  ) {
    this.unsubscribe = [
      feeds.onDidChange((key) => this.scheduleRefresh(key === undefined ? undefined : this.rowsOfFeed(key))),
      // Names show on project rows and in event rows' descriptions, which all sit under My Activity or a source.
      directories.onDidChange(() => this.scheduleRefresh(this.feedRows())),
    ];
  }

  private directory(instance: string): ProjectDirectory {
    return this.directories.for(instance);
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

  /** Redraws the row whose children show the list `key` (My Activity's root, or a project's or user's row). */
  refreshFeed(key: string): void {
    this.scheduleRefresh(this.rowsOfFeed(key));
  }

  private rowsOfFeed(key: string): ActivityNode[] {
    const mine = [...this.roots.entries()].find(([instance]) => myActivity(instance).key === key)?.[1].mine;
    const row = mine ?? this.sourceNodes.get(key);
    return row ? [row] : [];
  }

  /** Every row whose children show a list. */
  private feedRows(): ActivityNode[] {
    return [...[...this.roots.values()].map((roots) => roots.mine), ...this.sourceNodes.values()];
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
   * One refresh for a burst of feed or name changes: of the rows whose lists changed (undefined: the whole tree). Not
   * of the whole tree for a list's change: VS Code's tree draws a row closed when it was opened while a refresh of its
   * parent was under way (the refresh had dropped its rows), so a person opening a project while another project's
   * page arrives saw it close again. A refresh of a row VS Code has not been shown yet is dropped, which costs
   * nothing: it asks for that row's children when it shows it, and they are read then.
   */
  private scheduleRefresh(rows?: ActivityNode[]): void {
    if (rows === undefined) this.rowsToRefresh = undefined;
    else for (const row of rows) this.rowsToRefresh?.add(row);
    if (this.refreshTimer || this.rowsToRefresh?.size === 0) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      const rows = this.rowsToRefresh;
      this.rowsToRefresh = new Set();
      this.changed.fire(rows === undefined ? undefined : [...rows]);
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
      return instanceRows<ActivityNode>(this.context.instances(), (instance) => this.rootsOf(instance).instance, (instance) => {
        const roots = this.rootsOf(instance);
        return [roots.mine, roots.projects, roots.users];
      });
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
        return node.events.map((event, index) => ({ type: 'event', source: node.source, event, index, earlier: node.earlier }));
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
    return listNodes<ActivitySource, GitLabEvent, SortOrder, ActivityNode>(this.feeds, source, (list) => {
      const events = list.items as GitLabEvent[];
      const projectIds = new Set(events.map((e) => e.project_id).filter((id): id is number => typeof id === 'number'));
      if (projectIds.size > 0) void this.directory(source.instance).resolve(projectIds);
      // Days in the direction the list was asked for (the old rows' own while they stay), whatever GitLab's id order;
      // rows kept from the last session say so until the fresh page replaces them.
      return groupByDay(events, { now: this.now(), zone: this.zone, order: list.order ?? 'desc', t: this.t }).map((day, index): ActivityNode => ({
        type: 'day', source, key: day.key, label: day.label, events: day.events, expanded: index < EXPANDED_DAY_GROUPS, earlier: list.earlier,
      }));
    }, (list, error) => {
      // A token without the permission: one calm line, not an error row at each refresh.
      const reason = list.items.length === 0 ? permissionLine('activity', error, this.t) : undefined;
      return reason === undefined ? undefined : [{ type: 'noPermission', source, reason }];
    });
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
    const item = this.items.item(node);
    const open = openByDefault(node);
    if (open !== undefined) item.collapsibleState = this.collapsible(node, open);
    item.id = nodeId(node);
    return item;
  }

  resolveTreeItem(item: vscode.TreeItem, node: ActivityNode): vscode.TreeItem {
    const tooltip = this.items.tooltip(node);
    if (tooltip) item.tooltip = tooltip;
    return item;
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

/** Whether a row with children starts open (the person's choice wins, see `collapsible`); undefined for a leaf. */
function openByDefault(node: ActivityNode): boolean | undefined {
  switch (node.type) {
    case 'instance': return true;
    case 'root': return node.root === 'mine';
    case 'source': return false;
    case 'day': return node.expanded;
    default: return undefined;
  }
}
