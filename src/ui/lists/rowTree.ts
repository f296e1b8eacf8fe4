import * as vscode from 'vscode';

/** The person's open and closed rows remembered, the oldest forgotten past this many. */
export const MAX_EXPANSIONS = 2_000;

/**
 * How long VS Code has to ask again for the rows of an open row drawn again before it is drawn again once more. Its
 * extension host drops the rows of a row it is told to draw again and expects the workbench to ask for them; a
 * workbench still busy with its own ask of them when the redraw comes keeps the rows it got, whose commands the host
 * then disposes: a click on them is lost ("Actual command not found"), and stays lost until the row is drawn again.
 */
export const REASK_MS = 1_000;

/**
 * How long a row is left alone when VS Code asked for its rows after it was to be drawn again: the workbench is still
 * drawing them, and a redraw arriving then is the one it loses (above). Its rows are the current ones; only its own
 * item may not be, and is drawn a moment later.
 */
export const SETTLE_MS = 300;

/**
 * What a tree view needs so that a redraw keeps what a person has open, whatever the rows are: one object per row
 * identity (VS Code matches change events to rows by object, and keeps expansion, selection and focus by the item's
 * id), the person's open and closed rows, and change events that name the rows that changed, gathered per tick.
 * A view's rows are plain data; `intern` makes each id one object, updated in place when its data changes.
 */
export class RowTree<Node extends object> implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node[] | undefined>();
  /** What VS Code listens to: the rows to draw again (their items and children), or undefined for every row. */
  readonly onDidChangeTreeData = this.changed.event;
  /**
   * The object of each id, and its parent (undefined: a top row); `handed` once VS Code got it as a child (a row
   * known before, to be revealed, is not yet).
   */
  private readonly nodes = new Map<string, { node: Node; parent: Node | undefined; handed: boolean }>();
  /** Per parent (undefined: the top), the ids of the children last handed out. */
  private readonly childIds = new Map<Node | undefined, Set<string>>();
  private readonly ids = new WeakMap<Node, string>();
  private readonly expansion = new Map<string, boolean>();
  /** Rows to draw again at the next tick; 'all' once the whole tree is to be. */
  private pending: Set<Node> | 'all' = new Set();
  private timer?: ReturnType<typeof setTimeout>;
  /** Counts VS Code's asks for rows and items; per row, the count at its last ask for its rows, and for its item. */
  private asks = 0;
  private readonly askedAt = new WeakMap<Node, number>();
  private readonly itemAskedAt = new WeakMap<Node, number>();
  /** Per row pending, the count when it was last asked to be drawn again (a change after VS Code's ask is drawn). */
  private requestedAt = new Map<Node, number>();
  /** Rows left alone while VS Code draws the rows it asked for (`SETTLE_MS`). */
  private readonly settling = new Set<Node>();
  private settleTimer?: ReturnType<typeof setTimeout>;
  /** Open rows drawn again, with the ask count then: VS Code is to ask for their rows again (`REASK_MS`). */
  private readonly awaitingAsk = new Map<Node, number>();
  /** Rows drawn again because VS Code did not ask: drawn once more at most. */
  private readonly redrawnUnasked = new Set<Node>();
  private reaskTimer?: ReturnType<typeof setTimeout>;

  /** `visible`: whether VS Code shows the view (it asks for rows only then). */
  constructor(private readonly options: { visible?: () => boolean; reaskMs?: number; settleMs?: number } = {}) {}

  /**
   * `children` as VS Code gets them under `parent`: each the one object of its id (an earlier one takes the new data),
   * and the rows no longer there forgotten with everything under them. `asked: false`: the view updates rows VS Code
   * holds, without VS Code asking.
   */
  children(parent: Node | undefined, children: readonly Node[], idOf: (node: Node) => string, { asked = true }: { asked?: boolean } = {}): Node[] {
    const before = this.childIds.get(parent);
    const now = new Set<string>();
    const result = children.map((child) => {
      const id = idOf(child);
      now.add(id);
      return this.intern(id, child, parent);
    });
    if (before) for (const id of before) if (!now.has(id)) this.forget(id);
    this.childIds.set(parent, now);
    if (asked && parent) this.askedAt.set(parent, ++this.asks);
    return result;
  }

  /** The one object of `id`, given `node`'s data. */
  private intern(id: string, node: Node, parent: Node | undefined): Node {
    const known = this.nodes.get(id);
    if (known) {
      if (known.node !== node) replaceData(known.node, node);
      known.parent = parent;
      known.handed = true;
      return known.node;
    }
    this.nodes.set(id, { node, parent, handed: true });
    this.ids.set(node, id);
    return node;
  }

  /**
   * The one object of `id` (for `reveal`, which finds a row by its object): the row handed out, else `node`, which
   * becomes that object when VS Code is given the row.
   */
  canonical(id: string, node: Node): Node {
    const known = this.nodes.get(id);
    if (known) return known.node;
    this.nodes.set(id, { node, parent: undefined, handed: false });
    this.ids.set(node, id);
    return node;
  }

  private forget(id: string): void {
    const known = this.nodes.get(id);
    if (!known) return;
    this.nodes.delete(id);
    for (const child of this.childIds.get(known.node) ?? []) this.forget(child);
    this.childIds.delete(known.node);
  }

  /** VS Code asked for `node`'s item (its text as it is now). */
  noteItemAsked(node: Node): void {
    this.itemAskedAt.set(node, ++this.asks);
  }

  /** The row VS Code holds for `id`, if it holds one. */
  node(id: string): Node | undefined {
    return this.nodes.get(id)?.node;
  }

  idOf(node: Node): string | undefined {
    return this.ids.get(node);
  }

  /** The parent a row was handed out under (undefined for a top row, or a row not handed out). */
  parentOf(node: Node): Node | undefined {
    const id = this.ids.get(node);
    return id === undefined ? undefined : this.nodes.get(id)?.parent;
  }

  /** Whether `node` was handed out and is still in the tree. */
  shows(node: Node): boolean {
    const id = this.ids.get(node);
    const known = id === undefined ? undefined : this.nodes.get(id);
    return known?.node === node && known.handed;
  }

  /** Forgets every row (a new tree: another set of instances); the person's open and closed rows stay. */
  clear(): void {
    this.nodes.clear();
    this.childIds.clear();
    this.awaitingAsk.clear();
    this.redrawnUnasked.clear();
    this.requestedAt.clear();
    this.settling.clear();
  }

  /** The person opened or closed a row (or VS Code asked for its children, which it does only for an open row). */
  noteExpansion(id: string, expanded: boolean): void {
    this.expansion.delete(id);
    this.expansion.set(id, expanded);
    if (this.expansion.size > MAX_EXPANSIONS) this.expansion.delete(this.expansion.keys().next().value!);
  }

  /** Whether a row with children is open: as the person left it, else `byDefault`. */
  isOpen(id: string, byDefault: boolean): boolean {
    return this.expansion.get(id) ?? byDefault;
  }

  collapsible(id: string, byDefault: boolean): vscode.TreeItemCollapsibleState {
    return this.isOpen(id, byDefault) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
  }

  /**
   * Draws `rows` again (their items and children) at the next tick, with whatever else changed by then; undefined:
   * every row. Rows VS Code does not hold are left out (it asks for them when it shows them), as are rows under
   * another one drawn again.
   */
  redraw(rows: readonly Node[] | undefined): void {
    if (rows === undefined) this.pending = 'all';
    else if (this.pending !== 'all') {
      for (const row of rows) {
        if (!this.shows(row)) continue;
        this.pending.add(row);
        this.requestedAt.set(row, this.asks);
      }
    }
    if (this.timer || (this.pending !== 'all' && this.pending.size === 0)) return;
    this.timer = setTimeout(() => this.flush(), 0);
  }

  /** Sends what is pending now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    const requested = this.requestedAt;
    this.pending = new Set();
    this.requestedAt = new Map();
    if (pending === 'all') {
      this.changed.fire(undefined);
      return;
    }
    const rows = [...pending].filter((row) => this.shows(row) && !this.hasAncestorIn(row, pending) && this.stillToDraw(row, requested.get(row) ?? 0));
    if (rows.length === 0) return;
    // Counted before the event: a listener may ask for the rows while it is fired.
    const firedAt = this.asks;
    this.changed.fire(rows);
    this.expectAsks(rows, firedAt);
  }

  /**
   * Whether a row to be drawn again since ask count `since` is to be now: not when VS Code has asked for its rows and
   * its item since (it has them as they are); later (`SETTLE_MS`) when it asked for its rows only.
   */
  private stillToDraw(row: Node, since: number): boolean {
    if ((this.askedAt.get(row) ?? 0) <= since) return true;
    if ((this.itemAskedAt.get(row) ?? 0) > since) return false;
    this.settling.add(row);
    this.settleTimer ??= setTimeout(() => {
      this.settleTimer = undefined;
      const rows = [...this.settling];
      this.settling.clear();
      this.redraw(rows);
    }, this.options.settleMs ?? SETTLE_MS);
    return false;
  }

  /** Open rows whose rows VS Code had asked for: it is to ask again, and a row it does not ask for is drawn again once. */
  private expectAsks(rows: readonly Node[], firedAt: number): void {
    for (const row of rows) {
      const id = this.ids.get(row);
      if (!this.childIds.has(row) || id === undefined || this.expansion.get(id) === false) continue;
      this.awaitingAsk.set(row, firedAt);
    }
    if (this.awaitingAsk.size === 0 || this.reaskTimer) return;
    this.reaskTimer = setTimeout(() => this.checkAsks(), this.options.reaskMs ?? REASK_MS);
  }

  private checkAsks(): void {
    this.reaskTimer = undefined;
    const unasked = [...this.awaitingAsk].filter(([row, at]) => (this.askedAt.get(row) ?? 0) <= at).map(([row]) => row);
    this.awaitingAsk.clear();
    if (this.options.visible?.() === false) return;
    const again = unasked.filter((row) => this.shows(row) && !this.redrawnUnasked.has(row));
    this.redrawnUnasked.clear();
    if (again.length === 0) return;
    for (const row of again) this.redrawnUnasked.add(row);
    this.redraw(again);
  }

  private hasAncestorIn(row: Node, rows: ReadonlySet<Node>): boolean {
    for (let parent = this.parentOf(row); parent; parent = this.parentOf(parent)) if (rows.has(parent)) return true;
    return false;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.reaskTimer) clearTimeout(this.reaskTimer);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.changed.dispose();
  }
}

/** `target` takes `source`'s fields (a row's new data under its one object). */
function replaceData(target: object, source: object): void {
  for (const key of Object.keys(target)) if (!(key in source)) delete (target as Record<string, unknown>)[key];
  Object.assign(target, source);
}
