// What is kept per account, at the ends of its life: state of an earlier version settled (`settleLegacyState`), and an
// account's own state forgotten when it signs out (`forgetAccountState`).
import { STATE_KEYS } from '../ids';
import { accountKey, readAccountKey, userIdOf, type AccountKey } from './accountKey';

/** Global state as read here (`vscode.Memento`, a map in tests). */
export interface MigratedStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
  keys?(): readonly string[];
}

const SNOOZES = `${STATE_KEYS.snoozes}:`;
const MUTE_MEMORY = `${STATE_KEYS.levelBeforeMute}:`;
/** The level before a mute, as this version keeps it: `<prefix><account key>:<scope key>`. */
const MUTE_KEY = /^(.*):(global|(?:group|project):[^:]*)$/;

/**
 * State an earlier version kept per instance (snoozes, levels before mutes, kept first pages, seen markers) recorded
 * who made it nowhere: whoever was signed in there then, and that may have been someone else before. So it is handed
 * to no one who merely signs in or is identified first after the update, and moves only where the entry itself
 * proves whose it is:
 * - a snooze that recorded its maker's user id moves to that user's account, whoever is signed in now;
 * - a snooze that recorded none stays unassigned under its instance: it is never ended into anyone's settings on its
 *   own; once its end has passed, the person signed in there is asked whether to give its level back in their
 *   settings (`SnoozeScheduler`, "unclaimed"), and it goes when they answer;
 * - the levels before mutes, kept first pages and seen markers name no one: they are dropped. What that costs is
 *   small and visible: Unmute gives the scope's default level, the first rows wait for their request, and marks start
 *   again from what the lists show.
 * Safe to run at every start: what has moved or gone is not found again.
 */
export async function settleLegacyState(store: MigratedStore, log: (line: string) => void): Promise<void> {
  for (const key of store.keys?.() ?? []) {
    if (key.startsWith(SNOOZES) && !readAccountKey(key.slice(SNOOZES.length))) await settleSnoozes(store, key.slice(SNOOZES.length), log);
    const mute = key.startsWith(MUTE_MEMORY) ? MUTE_KEY.exec(key.slice(MUTE_MEMORY.length)) : undefined;
    if (mute && !readAccountKey(mute[1])) {
      await store.update(key, undefined);
      log(`Dropped the level before a mute of ${mute[2]} an earlier version kept for ${mute[1]}: it did not record whose it was.`);
    }
  }
  await dropPages(store, log);
  await dropMarkers(store, log);
}

/** The snoozes an earlier version kept for `instance` that name no one, as stored (`{ version: 1, snoozes }`). */
export function unassignedSnoozesKey(instance: string): string {
  return `${SNOOZES}${instance}`;
}

async function settleSnoozes(store: MigratedStore, instance: string, log: (line: string) => void): Promise<void> {
  const key = unassignedSnoozesKey(instance);
  const old = store.get(key) as { version?: unknown; snoozes?: unknown } | undefined;
  if (old?.version !== 1 || !Array.isArray(old.snoozes)) {
    if (old !== undefined) await store.update(key, undefined);
    return;
  }
  const unassigned: unknown[] = [];
  for (const snooze of old.snoozes) {
    const userId = typeof snooze === 'object' && snooze !== null ? userIdOf((snooze as { userId?: unknown }).userId) : undefined;
    if (userId === undefined) unassigned.push(snooze);
    else await moveSnooze(store, accountKey(instance, userId), snooze as object);
  }
  const moved = old.snoozes.length - unassigned.length;
  if (moved > 0) log(`Moved ${moved} snooze(s) an earlier version kept for ${instance} to the accounts that made them.`);
  if (moved > 0 || unassigned.length === 0) await store.update(key, unassigned.length > 0 ? { version: 1, snoozes: unassigned } : undefined);
}

/** Beside the account's own snoozes; one it has of the same scope is newer, and wins. */
async function moveSnooze(store: MigratedStore, account: AccountKey, snooze: object): Promise<void> {
  const key = `${SNOOZES}${account}`;
  const present = store.get(key) as { snoozes?: unknown } | undefined;
  const kept = Array.isArray(present?.snoozes) ? present.snoozes : [];
  const scopeOf = (value: unknown) => JSON.stringify((value as { scope?: unknown } | null)?.scope);
  if (kept.some((other) => scopeOf(other) === scopeOf(snooze))) return;
  await store.update(key, { version: 1, snoozes: [...kept, { ...snooze, account }] });
}

async function dropPages(store: MigratedStore, log: (line: string) => void): Promise<void> {
  const pages = store.get(STATE_KEYS.earlierPages);
  if (!Array.isArray(pages)) return;
  const kept = pages.filter((page: unknown) => typeof (page as { account?: unknown } | null)?.account === 'string');
  if (kept.length === pages.length) return;
  await store.update(STATE_KEYS.earlierPages, kept);
  log(`Dropped ${pages.length - kept.length} first page(s) an earlier version kept per instance: they did not record whose they were.`);
}

async function dropMarkers(store: MigratedStore, log: (line: string) => void): Promise<void> {
  const markers = store.get(STATE_KEYS.seen);
  if (typeof markers !== 'object' || markers === null || Array.isArray(markers)) return;
  const entries = Object.entries(markers);
  const kept = entries.filter(([key]) => readAccountKey(key));
  if (kept.length === entries.length) return;
  await store.update(STATE_KEYS.seen, Object.fromEntries(kept));
  log(`Dropped the seen markers an earlier version kept per instance: they did not record whose they were.`);
}

/**
 * At sign-out, what was kept for `account` goes: the levels before its mutes, its kept first pages, its seen
 * markers and what it marked seen in the Catch Up view. Its snoozes stay: each still has a level to give back, which
 * happens only in its maker's settings, with their token, when they are signed in again (a snooze that went here would
 * leave its scope muted for good).
 */
export async function forgetAccountState(store: MigratedStore, account: AccountKey): Promise<void> {
  for (const key of store.keys?.() ?? []) {
    if (key.startsWith(`${MUTE_MEMORY}${account}:`)) await store.update(key, undefined);
  }
  const pages = store.get(STATE_KEYS.earlierPages);
  if (Array.isArray(pages) && pages.some((page: unknown) => (page as { account?: unknown } | null)?.account === account)) {
    await store.update(STATE_KEYS.earlierPages, pages.filter((page: unknown) => (page as { account?: unknown } | null)?.account !== account));
  }
  for (const key of [STATE_KEYS.seen, STATE_KEYS.catchUpSeen]) {
    const markers = store.get(key);
    if (typeof markers === 'object' && markers !== null && Object.prototype.hasOwnProperty.call(markers, account)) {
      await store.update(key, Object.fromEntries(Object.entries(markers).filter(([entry]) => entry !== account)));
    }
  }
}
