import * as vscode from 'vscode';
import type { InstanceListNode, InstanceListParts, InstanceNode, InstanceTop, ListSource } from './instanceListParts';
import { ListFilter, type FilterChoice, type ViewFilter } from './listFilter';
import { reportListFailures } from './listFailures';
import { isStatusNode, listNodes, statusNodeId, statusRevision, viewInstances, type StatusNode, type ViewInstance } from './listNodes';
import { instanceRootItem, statusItem } from './listStatusItems';
import { RowTree } from './rowTree';

export type { InstanceListNode, InstanceListParts, InstanceNode, InstanceTop, ListSource } from './instanceListParts';


type Node<Source, Row> = InstanceListNode<Source, Row>;
/** Where a list's rows are drawn: under its own row, under an instance's root, or at the top. */
type Place<Source, Row> = Node<Source, Row> | 'top';

/**
 * The list-view shell for lists per signed-in instance (the Activity, the To-Do List, Subscriptions): a root per
 * instance while several are signed in, the view's rows (nested as it says: instance → feed → day → event), each list's
 * rows between the status rows every list has (Loading…, empty with Clear Filters, the failure and Show Log, Load
 * more… or Continue, the end), the filter (`ListFilter`), and failures in the log. A change redraws only what changed:
 * a list's rows when they are other rows, else only the rows whose revision changed; each row is one object with a
 * stable id, so VS Code keeps what a person has open (a menu, an expanded row, the selection, the focus).
 */
export class InstanceListView<Source extends ListSource, Item, Order, Row extends { type: string }, F extends ViewFilter<F>>
implements vscode.TreeDataProvider<Node<Source, Row>>, FilterChoice<F>, vscode.Disposable {
  private readonly tree = new RowTree<Node<Source, Row>>({ visible: () => this.view.visible });
  readonly onDidChangeTreeData = this.tree.onDidChangeTreeData;
  readonly view: vscode.TreeView<Node<Source, Row>>;
  readonly filters: ListFilter<F>;
  private readonly disposables: vscode.Disposable[] = [];
  /** Per list key: where its rows were last drawn, and what they were (ids and revisions). */
  private readonly shown = new Map<string, { place: Place<Source, Row>; source: Source; rows: Array<{ id: string; revision?: string }> }>();
  /** The lists loaded or drawn, by key: a failure names its instance. */
  private readonly sources = new Map<string, Source>();
  /** Per instance, what its top held when drawn (`topText`): a new filter may show other lists there (other kinds). */
  private readonly tops = new Map<string, string>();
  /** What list rows' items said when last drawn: a change that alters one (a count) draws that row again. */
  private readonly holderText = new Map<string, string>();
  /** Per list key, the id of the row holding it, once VS Code drew that row (its rows may not be asked for yet). */
  private readonly holders = new Map<string, string>();
  /**
   * Lists whose place was drawn again for other rows, VS Code not having asked for them since: it will, and gets them
   * as they are then, so a change meanwhile draws nothing more (a second redraw of the top would be the whole tree's
   * again, dropping a menu's command chosen on a row meanwhile).
   */
  private readonly awaitingAsk = new Set<string>();

  constructor(private readonly parts: InstanceListParts<Source, Item, Order, Row, F>) {
    const { session, lists } = parts;
    this.view = vscode.window.createTreeView(parts.viewId, {
      treeDataProvider: this, showCollapseAll: parts.showCollapseAll ?? false, canSelectMany: parts.canSelectMany,
    });
    this.filters = new ListFilter({
      ...parts.filter, view: this.view, viewId: parts.viewId, signedIn: () => session.signedIn, lists,
      // The new first pages start now, not when VS Code next asks for the rows, so the progress bar waits for them.
      loadOpen: () => this.loadOpen(),
    });
    this.disposables.push(
      this.view, this.tree,
      lists.onDidChange((key) => (key === undefined ? this.everyListChanged() : this.listChanged(key))),
      reportListFailures(lists, (key) => this.sources.get(key)?.instance, session, parts.log),
      // A username learnt later names an instance's root (shown while several are signed in); the lists stay.
      session.onDidLearnUsername(() => this.redrawRows(this.instances().map((instance) => `instance/${instance.key}`))),
      session.onDidChange(() => this.sessionChanged()),
      this.view.onDidExpandElement((e) => this.tree.noteExpansion(this.id(e.element), true)),
      this.view.onDidCollapseElement((e) => this.tree.noteExpansion(this.id(e.element), false)),
      vscode.commands.registerCommand(parts.look.loadMoreCommand, (key?: unknown) => this.loadMore(key)),
      // The open lists start loading as the view comes into sight, not after the workbench has asked for their rows.
      this.view.onDidChangeVisibility((e) => {
        if (e.visible) this.loadOpen();
      }),
    );
  }

  /** Signed in or out: the lists start over, under the roots of the instances now signed in. */
  private sessionChanged(): void {
    this.parts.service.sessionChanged();
    this.shown.clear();
    this.awaitingAsk.clear();
    this.holders.clear();
    this.sources.clear();
    this.tops.clear();
    this.tree.clear();
    this.tree.redraw(undefined);
    this.filters.describe();
    this.loadOpen();
  }

  get filter(): F {
    return this.filters.filter;
  }

  /** A filter chosen (what the filter picks call): pushed down, and resolved once its rows and the description are drawn. */
  async set(filter: F): Promise<void> {
    await this.filters.set(filter);
    await this.filters.switched();
  }

  /** Draws again the rows with these ids that VS Code holds (their items and what is under them). */
  redrawRows(ids: readonly string[]): void {
    this.tree.redraw(ids.map((id) => this.tree.node(id)).filter((node): node is Node<Source, Row> => node !== undefined));
  }

  /**
   * Every list started over (a new filter, a refresh, Catch Up computing its rows again): the whole tree is drawn again
   * when an instance's top holds other lists now; else each drawn list is compared with what it shows now, so a list
   * that keeps its rows until its new ones come (`keepShown`) draws nothing yet (a redraw of a place at the top is
   * a redraw of the whole tree, and VS Code drops a menu's command chosen on a row while its parent is drawn again),
   * and the open lists start their new first pages.
   */
  private everyListChanged(): void {
    const moved = [...this.tops].some(([instance, drawn]) => this.topText(this.parts.top(instance)) !== drawn);
    if (moved) {
      this.tree.redraw(undefined);
      return;
    }
    this.listsChanged();
    this.loadOpen();
  }

  private topText(top: InstanceTop<Source, Row>): string {
    return 'list' in top ? `list ${top.list.key}` : top.map((row) => this.parts.idOf(row)).join('\n');
  }

  /** Draws again where the lists `keys` are drawn (every list's, without keys): what their rows say changed. */
  redrawLists(keys?: readonly string[]): void {
    const places = [...this.shown].filter(([key]) => !keys || keys.includes(key)).map(([, shown]) => shown.place);
    this.tree.redraw(places.includes('top') ? undefined : places as Array<Node<Source, Row>>);
  }

  /**
   * List `key` changed (its items, or what its rows say of them): where its rows are other rows than drawn (added,
   * gone, moved), its place is drawn again; else only its rows whose revision changed, and its own row when its item
   * says something else (a count).
   */
  listChanged(key: string): void {
    const shown = this.shown.get(key);
    if (!shown) {
      // Its rows not asked for yet (VS Code asks when it shows them), but the row holding it may be drawn: its count.
      this.redrawHolder(key);
      return;
    }
    if (this.awaitingAsk.has(key)) return this.redrawHolder(key);
    const { place, source } = shown;
    const next = this.listRows(source, false);
    const ids = next.map((node) => this.id(node));
    const revisions = next.map((node) => this.revision(node));
    const holder = place === 'top' || isInstance(place) ? undefined : place as Row;
    const holderChanged = holder !== undefined && this.holderText.get(this.parts.idOf(holder)) !== itemText(this.parts.rowItem(holder));
    const otherRows = ids.length !== shown.rows.length || ids.some((id, i) => id !== shown.rows[i].id);
    if (holderChanged || otherRows || revisions.includes(undefined)) {
      this.tree.redraw(place === 'top' ? undefined : [place]);
      this.awaitingAsk.add(key);
      return;
    }
    const changed = next.filter((_, i) => revisions[i] !== shown.rows[i].revision);
    if (changed.length === 0) return;
    // The same rows: each keeps its object and takes its new data, and only the changed ones are drawn again.
    const nodes = this.tree.children(place === 'top' ? undefined : place, next, (node) => this.id(node), { asked: false });
    shown.rows = ids.map((id, i) => ({ id, revision: revisions[i] }));
    this.tree.redraw(nodes.filter((_, i) => changed.includes(next[i])));
  }

  /** Draws again the row holding list `key` where VS Code drew it and it says something else now. */
  private redrawHolder(key: string): void {
    const id = this.holders.get(key);
    const holder = id === undefined ? undefined : this.tree.node(id);
    if (holder === undefined || this.holderText.get(id!) === itemText(this.parts.rowItem(holder as Row))) return;
    this.tree.redraw([holder]);
  }

  /** What every drawn list's rows say may have changed (what a GitLab offers, not the items): each compared as drawn. */
  listsChanged(): void {
    for (const key of [...this.shown.keys()]) this.listChanged(key);
  }

  getChildren(node?: Node<Source, Row>): Array<Node<Source, Row>> {
    if (!this.parts.session.signedIn) return [];
    if (!node) {
      const instances = this.instances();
      if (instances.length > 1) return this.tree.children(undefined, instances.map((instance) => ({ type: 'instance', instance: instance.key })), (n) => this.id(n));
      return instances.length === 1 ? this.under(instances[0].key, 'top') : [];
    }
    const id = this.id(node);
    // VS Code asks for a row's children only when it opens: noted now, a redraw arriving before the expand event
    // keeps the row open instead of closing it under the person's click.
    this.tree.noteExpansion(id, true);
    if (isInstance(node)) return this.under(node.instance, node);
    if (isStatusNode(node)) return [];
    const row = node as Row;
    const source = this.parts.listOf?.(row);
    if (source) return this.drawList(source, row);
    return this.tree.children(row, this.parts.children?.(row) ?? [], (n) => this.id(n));
  }

  /** The rows under an instance: the view's own, or one list's. */
  private under(instance: string, place: Place<Source, Row>): Array<Node<Source, Row>> {
    const top = this.parts.top(instance);
    this.tops.set(instance, this.topText(top));
    if ('list' in top) return this.drawList(top.list, place);
    return this.tree.children(place === 'top' ? undefined : place, top, (n) => this.id(n));
  }

  /** A list's rows as VS Code gets them, noted with where they are drawn. */
  private drawList(source: Source, place: Place<Source, Row>): Array<Node<Source, Row>> {
    this.sources.set(source.key, source);
    const next = this.listRows(source, true);
    const nodes = this.tree.children(place === 'top' ? undefined : place, next, (n) => this.id(n));
    this.shown.set(source.key, { place, source, rows: next.map((n) => ({ id: this.id(n), revision: this.revision(n) })) });
    this.awaitingAsk.delete(source.key);
    this.parts.asked?.(source);
    return nodes;
  }

  /** A list's rows now; `load`: its first page is asked for, unless it came or is coming. */
  private listRows(source: Source, load: boolean): Array<Node<Source, Row>> {
    const { parts } = this;
    return listNodes<Source, Item, Order, Row | StatusNode<Source>>(parts.lists, source, (list) => parts.rows(source, list),
      parts.instead && ((list, error) => parts.instead!(source, list, error)), { load });
  }

  /**
   * Starts the first page of every list the view shows open (its top, and each list under an open row of an open
   * row) before VS Code asks for it: at sign-in the first rows then wait for one round trip, not for the tree's own
   * round trips with the workbench first; after a filter change a list's old rows stay until its new page replaces
   * them. VS Code's own request finds the page loading and waits for it.
   */
  loadOpen(): void {
    if (!this.view.visible || !this.parts.session.signedIn) return;
    const instances = this.instances();
    for (const instance of instances) {
      if (instances.length > 1 && !this.tree.isOpen(this.id({ type: 'instance', instance: instance.key }), true)) continue;
      const top = this.parts.top(instance.key);
      if ('list' in top) this.loadFirst(top.list);
      else this.loadUnder(top);
    }
  }

  private loadUnder(rows: readonly Row[]): void {
    for (const row of rows) {
      const open = this.openByDefault(row);
      if (open === undefined || !this.tree.isOpen(this.parts.idOf(row), open)) continue;
      const source = this.parts.listOf?.(row);
      if (source) this.loadFirst(source);
      else this.loadUnder(this.parts.children?.(row) ?? []);
    }
  }

  private loadFirst(source: Source): void {
    this.sources.set(source.key, source);
    const state = this.parts.lists.get(source.key);
    if (!state.started && !state.loading && !state.hasError) void this.parts.lists.load(source);
  }

  /**
   * Load more… or Continue of list `key` (one drawn, of an instance still signed in): under a filter a click may read
   * several pages, and the view's progress bar shows while it does.
   */
  private async loadMore(key: unknown): Promise<void> {
    const source = typeof key === 'string' ? this.shown.get(key)?.source : undefined;
    if (!source || !this.parts.session.all.some((account) => account.key === source.instance)) return;
    await vscode.window.withProgress({ location: { viewId: this.parts.viewId } }, () => this.parts.lists.loadMore(source));
  }

  /** Resolves once VS Code has drawn what is pending (at once while the view is not shown); `anchor`: a row it shows. */
  async whenDrawn(anchor: Row): Promise<void> {
    this.tree.flush();
    if (!this.view.visible || !this.parts.session.signedIn) return;
    // `reveal` waits for the tree's pending redraws to be drawn; a top row barely scrolls.
    await this.view.reveal(this.canonical(anchor), { select: false, focus: false, expand: false }).then(undefined, () => undefined);
  }

  /** The one object of a row (what `reveal` needs), whether or not VS Code was given it yet. */
  canonical(row: Row): Row {
    return this.tree.canonical(this.parts.idOf(row), row) as Row;
  }

  getTreeItem(node: Node<Source, Row>): vscode.TreeItem {
    this.tree.noteItemAsked(node);
    const id = this.id(node);
    let item: vscode.TreeItem;
    if (isInstance(node)) {
      item = instanceRootItem(this.instance(node.instance));
      item.collapsibleState = this.tree.collapsible(id, true);
    } else if (isStatusNode<Source>(node)) {
      item = statusItem(node, this.parts.lists.get(node.source.key), this.parts.look);
    } else {
      const row = node as Row;
      item = this.parts.rowItem(row);
      const open = this.openByDefault(row);
      if (open !== undefined) item.collapsibleState = this.tree.collapsible(id, open);
      const source = this.parts.listOf?.(row);
      if (source) {
        this.holderText.set(id, itemText(item));
        this.holders.set(source.key, id);
      }
    }
    item.id = id;
    return item;
  }

  resolveTreeItem(item: vscode.TreeItem, node: Node<Source, Row>): vscode.TreeItem {
    if (isInstance(node) || isStatusNode(node) || !this.parts.resolveRow) return item;
    return this.parts.resolveRow(item, node as Row);
  }

  getParent(node: Node<Source, Row>): Node<Source, Row> | undefined {
    const known = this.tree.parentOf(node);
    if (known || isInstance(node) || isStatusNode(node)) return known;
    const parent = this.parts.parentOf?.(node as Row);
    if (parent === undefined) return undefined;
    if (typeof parent !== 'string') return this.canonical(parent);
    return this.instances().length > 1 ? this.tree.canonical(`instance/${parent}`, { type: 'instance', instance: parent }) : undefined;
  }

  private openByDefault(row: Row): boolean | undefined {
    return this.parts.openByDefault?.(row) ?? (this.parts.listOf?.(row) ? true : undefined);
  }

  private id(node: Node<Source, Row>): string {
    if (isInstance(node)) return `instance/${node.instance}`;
    if (isStatusNode<Source>(node)) return statusNodeId(node);
    return this.parts.idOf(node as Row);
  }

  /** What a row of a list shows; undefined when that cannot be told (a row with children the view gives no revision). */
  private revision(node: Node<Source, Row>): string | undefined {
    if (isStatusNode<Source>(node)) return statusRevision(node, this.parts.lists.get(node.source.key));
    const row = node as Row;
    if (this.openByDefault(row) === undefined) return itemText(this.parts.rowItem(row));
    return this.parts.revision?.(row);
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
  }
}

function isInstance(node: unknown): node is InstanceNode {
  return (node as { type: string }).type === 'instance';
}

/** What an item says, to tell whether a change altered it. */
function itemText(item: vscode.TreeItem): string {
  const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : '';
  const tooltip = typeof item.tooltip === 'string' ? item.tooltip : '';
  return JSON.stringify([item.label, item.description, item.contextValue, icon, tooltip, item.accessibilityInformation?.label, item.resourceUri?.toString()]);
}
