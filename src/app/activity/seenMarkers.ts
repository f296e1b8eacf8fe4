import type { GitLabEvent } from '../../gitlab/types';
import { readAccountKey, type AccountKey } from '../accountKey';
import { isNewerThan, newestMarker, type EventMarker } from './pollSchedule';

/** Where the markers are kept: VS Code's global state in the shell, a map in tests. */
export interface MarkerStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

type Markers = Record<string, Record<string, EventMarker>>;

/** Sources kept per account; the oldest entries go first past it (removed projects and users). */
const MAX_SOURCES_PER_INSTANCE = 200;

/** How much one account's markers may take: entries, and bytes as stored (JSON, UTF-8); the oldest go first. */
export interface MarkerBounds {
  sources?: number;
  bytes?: number;
}

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** Drops the oldest entries (first inserted) until the whole object takes at most `limit` bytes as stored. */
function keepWithinBytes(sources: Record<string, EventMarker>, limit: number): void {
  const sizes = Object.entries(sources).map(([source, marker]) => [source, utf8Bytes(`${JSON.stringify(source)}:${JSON.stringify(marker)},`)] as const);
  let total = 2 + sizes.reduce((sum, [, size]) => sum + size, 0);
  for (const [source, size] of sizes) {
    if (total <= limit) return;
    delete sources[source];
    total -= size;
  }
}

/** The later of two markers: by id when both have one, else by time. */
export function laterMarker(a: EventMarker | undefined, b: EventMarker | undefined): EventMarker | undefined {
  if (!a) return b;
  if (!b) return a;
  if (a.id !== undefined && b.id !== undefined) return b.id > a.id ? b : a;
  return (b.createdAt ?? '') > (a.createdAt ?? '') ? b : a;
}

function validMarker(value: unknown): EventMarker | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const marker: EventMarker = {};
  if (Number.isSafeInteger(record.id) && (record.id as number) > 0) marker.id = record.id as number;
  if (typeof record.createdAt === 'string' && record.createdAt.length <= 40) marker.createdAt = record.createdAt;
  return marker.id === undefined && marker.createdAt === undefined ? undefined : marker;
}

/** Stored data is untrusted: anything that is not a marker is dropped. */
function readMarkers(value: unknown): Markers {
  const markers: Markers = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return markers;
  for (const [instance, sources] of Object.entries(value as Record<string, unknown>)) {
    if (typeof sources !== 'object' || sources === null || Array.isArray(sources)) continue;
    const kept: Record<string, EventMarker> = {};
    for (const [source, marker] of Object.entries(sources as Record<string, unknown>)) {
      const valid = validMarker(marker);
      if (valid) kept[source] = valid;
    }
    markers[instance] = kept;
  }
  return markers;
}

/**
 * Unread events: for each account (`AccountKey`) and source (My Activity, a project, a user), the newest event the
 * person has marked as seen. Events newer than it are unread. A source seen for the first time starts with what it
 * shows as seen, so nothing is unread on first use; the markers survive reloads in the store, and go with their
 * account (`keepOnly`). An account not known yet (undefined) has no markers, and none are kept for it.
 */
export class SeenMarkers {
  private markers: Markers;

  constructor(
    private readonly store: MarkerStore, private readonly key: string, private readonly now: () => number = Date.now,
    private readonly bounds: MarkerBounds = {},
  ) {
    this.markers = readMarkers(store.get(key));
  }

  /**
   * Only these accounts' markers stay (one signed out or found gone keeps none); `waiting`: instances whose signed-in
   * person is not known yet keep the markers of every account there, until it is known whose they are. Reads the store
   * again first: what went from there since (`forgetAccountState`) is gone here too.
   */
  async keepOnly(accounts: ReadonlySet<AccountKey>, waiting: ReadonlySet<string> = new Set()): Promise<void> {
    this.markers = readMarkers(this.store.get(this.key));
    const kept: Markers = {};
    for (const [key, sources] of Object.entries(this.markers)) {
      const account = readAccountKey(key);
      if (account && (accounts.has(account.account) || waiting.has(account.instance))) kept[key] = sources;
    }
    if (Object.keys(kept).length === Object.keys(this.markers).length) return;
    this.markers = kept;
    await this.store.update(this.key, kept);
  }

  marker(account: AccountKey | undefined, source: string): EventMarker | undefined {
    return account !== undefined && Object.prototype.hasOwnProperty.call(this.markers, account)
      && Object.prototype.hasOwnProperty.call(this.markers[account], source) ? this.markers[account][source] : undefined;
  }

  isUnread(account: AccountKey | undefined, source: string, event: GitLabEvent): boolean {
    const marker = this.marker(account, source);
    return marker !== undefined && isNewerThan(event, marker);
  }

  /** The events of `source` newer than its marker. */
  unread(account: AccountKey | undefined, source: string, events: readonly GitLabEvent[]): readonly GitLabEvent[] {
    const marker = this.marker(account, source);
    return marker ? events.filter((event) => isNewerThan(event, marker)) : [];
  }

  /**
   * A source's first newest-first page: what it shows counts as seen (an empty source, everything until now). False
   * when the source had a marker already.
   */
  async initialize(account: AccountKey, source: string, events: readonly GitLabEvent[]): Promise<boolean> {
    if (this.marker(account, source)) return false;
    await this.set(account, [[source, newestMarker(events) ?? { createdAt: new Date(this.now()).toISOString() }]]);
    return true;
  }

  /** Everything shown of these sources, and any newer event known (`newest`), is seen. */
  async markSeen(account: AccountKey, sources: Array<{ source: string; events: readonly GitLabEvent[]; newest?: EventMarker }>): Promise<void> {
    const changes: Array<[string, EventMarker]> = [];
    for (const { source, events, newest } of sources) {
      const current = this.marker(account, source);
      const next = laterMarker(current, laterMarker(newestMarker(events), newest));
      if (next && next !== current) changes.push([source, next]);
    }
    if (changes.length > 0) await this.set(account, changes);
  }

  /** These markers of the account, as given (not merged with what is there); the newest entries stay within the bounds. */
  async set(account: AccountKey, changes: Array<[string, EventMarker]>): Promise<void> {
    const sources = { ...(this.markers[account] ?? {}) };
    for (const [source, marker] of changes) {
      delete sources[source]; // re-inserted last: the newest entries are kept when pruning
      sources[source] = marker;
    }
    const keys = Object.keys(sources);
    for (const old of keys.slice(0, Math.max(0, keys.length - (this.bounds.sources ?? MAX_SOURCES_PER_INSTANCE)))) delete sources[old];
    if (this.bounds.bytes !== undefined) keepWithinBytes(sources, this.bounds.bytes);
    const before = this.markers;
    this.markers = { ...this.markers, [account]: sources };
    try {
      await this.store.update(this.key, this.markers);
    } catch (error) {
      // Not stored: not seen either (the Catch Up view puts the rows back and says why).
      if (this.markers[account] === sources) this.markers = before;
      throw error;
    }
  }
}
