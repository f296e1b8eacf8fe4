import * as vscode from 'vscode';
import type { ListRows } from '../../app/lists/listRows';
import type { ListStore } from '../../app/lists/listStore';
import type { GitLabError } from '../../gitlab';
import type { Log } from '../log';
import type { Session } from '../session';
import { ListFilter, type ListFilterOptions, type ViewFilter } from './listFilter';
import { reportListFailures } from './listFailures';
import { instanceRows, listNodes, viewInstances, type StatusNode, type ViewInstance } from './listNodes';
import { instanceRootItem, statusItem, type ListStatusLook } from './listStatusItems';

/** A row of an instance list view: an instance's root, a status row, or one of the list's own rows. */
export type InstanceListNode<Source, Row> = { type: 'instance'; instance: string } | { type: 'section'; instance: string; source: Source } | StatusNode<Source> | Row;

const STATUS_TYPES: ReadonlySet<string> = new Set(['loading', 'loadMore', 'end', 'showLog', 'empty', 'error']);

/** What one list brings to the shell: its lists, its rows, its words. The rest (roots, status rows, filter) is the shell's. */
export interface InstanceListParts<Source extends { readonly key: string }, Item, Order, Row extends { type: string }, F extends ViewFilter<F>> {
  viewId: string;
  /** Rows can be selected together (an action on a selection). */
  canSelectMany?: boolean;
  session: Pick<Session, 'signedIn' | 'all' | 'onDidLearnUsername' | 'reportUnauthorized'>;
  log: Pick<Log, 'warn'>;
  /** Each signed-in instance's list, keyed by `source(instance).key`. */
  lists: ListStore<Source, Item, Order>;
  source(instance: string): Source;
  /** The list's own rows for its items (their type none of the shell's: `instance` or a status row's). */
  rows(instance: string, list: ListRows<Item, Order>): Row[];
  /** Rows that replace the whole list once it has answered (a calm line where a GitLab has no such list). */
  instead?(instance: string, list: ListRows<Item, Order>, error: GitLabError | undefined, source: Source): Array<Row | StatusNode<Source>> | undefined;
  /**
   * Several lists per instance (Subscriptions: one per kind), each under a section row while there are two or more;
   * without, the one list `source(instance)`.
   */
  sections?(instance: string): Source[];
  /** A section's row (its list's rows are its children). */
  sectionItem?(source: Source, list: ListRows<Item, Order>): vscode.TreeItem;
  /** VS Code asked for an instance's rows (after its list's first page was asked for). */
  asked?(instance: string): void;
  rowItem(row: Row): vscode.TreeItem;
  /** The row's tooltip, built only when VS Code asks. */
  resolveRow?(item: vscode.TreeItem, row: Row): vscode.TreeItem;
  /** The status rows in the list's words, and what they run. */
  look: ListStatusLook<Source>;
  /** The list's filter: where it is kept, its context keys, and how it is pushed down into the lists. */
  filter: Pick<ListFilterOptions<F>, 'state' | 'key' | 'initial' | 'isEmpty' | 'context' | 'pushDown'>;
}

/**
 * The list-view shell for a list per signed-in instance (the To-Do List; Subscriptions): a root per instance while
 * several are signed in, each list's rows between the status rows every list has (Loading…, empty with Clear Filters,
 * the failure and Show Log, Load more… or Continue, the end), the filter (`ListFilter`), and failures in the log. A
 * list brings its parts (`InstanceListParts`); its actions are commands on its service, not on this view.
 */
export class InstanceListView<Source extends { readonly key: string }, Item, Order, Row extends { type: string }, F extends ViewFilter<F>>
implements vscode.TreeDataProvider<InstanceListNode<Source, Row>>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<InstanceListNode<Source, Row>>;
  readonly filters: ListFilter<F>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly parts: InstanceListParts<Source, Item, Order, Row, F>) {
    const { session, lists } = parts;
    this.view = vscode.window.createTreeView(parts.viewId, { treeDataProvider: this, showCollapseAll: false, canSelectMany: parts.canSelectMany });
    this.filters = new ListFilter({
      ...parts.filter, view: this.view, viewId: parts.viewId, signedIn: () => session.signedIn, lists,
      // The new first pages start now, not when VS Code next asks for the rows, so the progress bar waits for them.
      loadOpen: () => {
        if (this.view.visible) for (const account of session.all) void lists.load(parts.source(account.key));
      },
    });
    this.disposables.push(
      this.view,
      lists.onDidChange(() => this.refresh()),
      reportListFailures(lists, (key) => session.all.find((account) => parts.source(account.key).key === key)?.key, session, parts.log),
      // A username learnt later names an instance's root; the lists stay.
      session.onDidLearnUsername(() => this.refresh()),
    );
  }

  /** Redraws every row (the lists changed, or what the rows say of them). */
  refresh(): void {
    this.changed.fire(undefined);
  }

  get filter(): F {
    return this.filters.filter;
  }

  /** A filter chosen: pushed down, and resolved once its rows and the description are drawn. */
  async setFilter(filter: F): Promise<void> {
    await this.filters.set(filter);
    await this.filters.switched();
  }

  getChildren(node?: InstanceListNode<Source, Row>): Array<InstanceListNode<Source, Row>> {
    if (!this.parts.session.signedIn) return [];
    if (!node) {
      return instanceRows<InstanceListNode<Source, Row>>(this.instances(), (instance) => ({ type: 'instance', instance }),
        (instance) => this.listChildren(instance));
    }
    if (isInstance(node)) return this.listChildren(node.instance);
    return isSection<Source>(node) ? this.sourceChildren(node.instance, node.source) : [];
  }

  private listChildren(instance: string): Array<InstanceListNode<Source, Row>> {
    const sections = this.parts.sections?.(instance);
    if (sections && sections.length > 1) return sections.map((source) => ({ type: 'section', instance, source }));
    return this.sourceChildren(instance, sections?.[0] ?? this.parts.source(instance));
  }

  private sourceChildren(instance: string, source: Source): Array<InstanceListNode<Source, Row>> {
    const { parts } = this;
    const rows = listNodes<Source, Item, Order, Row | StatusNode<Source>>(parts.lists, source, (list) => parts.rows(instance, list),
      parts.instead && ((list, error) => parts.instead!(instance, list, error, source)));
    parts.asked?.(instance);
    return rows;
  }

  getTreeItem(node: InstanceListNode<Source, Row>): vscode.TreeItem {
    if (isInstance(node)) return instanceRootItem(this.instance(node.instance));
    if (isSection<Source>(node)) {
      const list = this.parts.lists.rows(node.source.key);
      const item = this.parts.sectionItem?.(node.source, list) ?? new vscode.TreeItem(node.source.key);
      item.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
      return item;
    }
    if (isStatus<Source>(node)) return statusItem(node, this.parts.lists.get(node.source.key), this.parts.look);
    return this.parts.rowItem(node as Row);
  }

  resolveTreeItem(item: vscode.TreeItem, node: InstanceListNode<Source, Row>): vscode.TreeItem {
    if (isInstance(node) || isSection(node) || isStatus<Source>(node) || !this.parts.resolveRow) return item;
    return this.parts.resolveRow(item, node as Row);
  }

  instances(): ViewInstance[] {
    return viewInstances(this.parts.session.all);
  }

  /** A signed-in instance (one no longer signed in is named by its key, itself a URL). */
  instance(key: string): ViewInstance {
    return this.instances().find((instance) => instance.key === key) ?? { key, url: key };
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.changed.dispose();
  }
}

function isInstance(node: unknown): node is { type: 'instance'; instance: string } {
  return (node as { type: string }).type === 'instance';
}

function isSection<Source>(node: unknown): node is { type: 'section'; instance: string; source: Source } {
  return (node as { type: string }).type === 'section';
}

function isStatus<Source>(node: unknown): node is StatusNode<Source> {
  return STATUS_TYPES.has((node as { type: string }).type);
}
