import type { ListRows } from '../../app/lists/listRows';
import type { ListStore } from '../../app/lists/listStore';
import { personName } from '../../app/plainText';
import type { GitLabError } from '../../gitlab';

/**
 * The rows that say how loading one list went, the same in every list view (`statusItem` draws them): Loading…,
 * the empty row (with Clear Filters under a filter), the failure and Show Log, Load more… or Continue, the end.
 */
export type StatusNode<Source> =
  | { type: 'loading' | 'loadMore' | 'end' | 'showLog'; source: Source }
  | { type: 'empty'; source: Source; filtered: boolean }
  | { type: 'error'; source: Source; error: GitLabError };

/**
 * A list's rows as a view shows them: its first page asked for the first time the view asks for its rows, then
 * Loading… alone, or the list's own rows (`itemNodes`) between the status rows. `instead` may replace them all once
 * the list has answered (a calm line for a GitLab without such a list); `error` is the load's failure, if any.
 * Without `load`, what the list shows now, nothing asked for (what a change is compared with).
 */
export function listNodes<Source extends { readonly key: string }, Item, Order, Node>(
  store: ListStore<Source, Item, Order>,
  source: Source,
  itemNodes: (list: ListRows<Item, Order>) => Node[],
  instead?: (list: ListRows<Item, Order>, error: GitLabError | undefined) => Node[] | undefined,
  { load = true }: { load?: boolean } = {},
): Array<Node | StatusNode<Source>> {
  const state = store.get(source.key);
  if (load && !state.started && !state.loading && !state.hasError) void store.load(source);
  const list = store.rows(source.key);
  if (list.waiting) return [{ type: 'loading', source }];
  const error = list.after === 'error' ? store.errorOf(source.key) : undefined;
  const replaced = instead?.(list, error);
  if (replaced) return replaced;
  const rows: Array<Node | StatusNode<Source>> = [];
  if (list.empty) rows.push({ type: 'empty', source, filtered: list.filtered });
  rows.push(...itemNodes(list));
  if (error) rows.push({ type: 'error', source, error }, { type: 'showLog', source });
  else if (list.after === 'loading' || list.after === 'loadMore' || list.after === 'end') rows.push({ type: list.after, source });
  return rows;
}

const STATUS_TYPES: ReadonlySet<string> = new Set(['loading', 'loadMore', 'end', 'showLog', 'empty', 'error']);

export function isStatusNode<Source>(node: unknown): node is StatusNode<Source> {
  return STATUS_TYPES.has((node as { type: string }).type);
}

/** A status row's identity: one of each kind per list. */
export function statusNodeId(node: StatusNode<{ readonly key: string }>): string {
  return `${node.type}/${node.source.key}`;
}

/** What a status row shows, beyond its kind: the same string, the same row (see `InstanceListView`). */
export function statusRevision(node: StatusNode<unknown>, state: { progress?: unknown; stoppedAtBound?: unknown }): string {
  switch (node.type) {
    case 'loading': return JSON.stringify(state.progress ?? null);
    case 'loadMore': return JSON.stringify(state.stoppedAtBound ?? null);
    case 'empty': return String(node.filtered);
    case 'error': return `${node.error.kind} ${node.error.message}`;
    default: return '';
  }
}

/** A signed-in instance as a list view's root names it. */
export interface ViewInstance {
  /** The instance's URL as `normalizeInstanceUrl` writes it: lists are keyed by it. */
  key: string;
  url: string;
  /** Who is signed in there, when known. */
  user?: string;
}

/** The signed-in accounts as the roots name them. */
export function viewInstances(accounts: ReadonlyArray<{ key: string; instanceUrl: string; username?: string }>): ViewInstance[] {
  return accounts.map((account) => ({ key: account.key, url: account.instanceUrl, user: personName({ username: account.username }) || undefined }));
}

/** A list view's top rows: a root per instance while several are signed in, else the one instance's own rows. */
export function instanceRows<Node>(instances: readonly ViewInstance[], root: (instance: string) => Node, rows: (instance: string) => Node[]): Node[] {
  if (instances.length > 1) return instances.map((instance) => root(instance.key));
  return instances.length === 1 ? rows(instances[0].key) : [];
}
