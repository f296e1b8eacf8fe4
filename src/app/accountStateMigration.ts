import { STATE_KEYS } from '../ids';
import { readAccountKey } from './accountKey';
import { normalizeInstanceUrl } from './instance';

/** Global state as the migration reads it (`vscode.Memento`, a map in tests). */
export interface MigratedStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
  keys?(): readonly string[];
}

/** The level before a mute, as an earlier version kept it: `<prefix>:<instance URL as spelled>:<scope key>`. */
const OLD_MUTE_KEY = /^(.*):(global|(?:group|project):[^:]*)$/;

/**
 * State an earlier version kept per instance (snoozes, the levels before mutes, kept first pages, seen markers) moves
 * to the account signed in there once its user id is known, and goes from where it was: it moves once, to one person,
 * and nothing a user had is lost. Safe to call again: what has moved is not found a second time.
 */
export async function migrateInstanceState(store: MigratedStore, instance: string, account: string): Promise<void> {
  const target = readAccountKey(account);
  if (!target || target.instance !== instance) return;
  await moveSnoozes(store, instance, account, target.userId);
  await moveMuteMemory(store, instance, account);
  await moveEarlierPages(store, instance, account);
  await moveSeenMarkers(store, instance, account);
}

async function moveSnoozes(store: MigratedStore, instance: string, account: string, userId: number): Promise<void> {
  const oldKey = `${STATE_KEYS.snoozes}:${instance}`;
  const old = store.get(oldKey) as { version?: unknown; snoozes?: unknown } | undefined;
  if (old === undefined) return;
  if (old?.version === 1 && Array.isArray(old.snoozes)) {
    const newKey = `${STATE_KEYS.snoozes}:${account}`;
    const present = store.get(newKey) as { snoozes?: unknown } | undefined;
    const kept = Array.isArray(present?.snoozes) ? present.snoozes : [];
    // Made by whoever was signed in then: the person signed in now is the one it moves to.
    const moved = old.snoozes.map((snooze: unknown) => (typeof snooze === 'object' && snooze !== null ? { ...snooze, userId } : snooze));
    await store.update(newKey, { version: 1, snoozes: [...kept, ...moved] });
  }
  await store.update(oldKey, undefined);
}

async function moveMuteMemory(store: MigratedStore, instance: string, account: string): Promise<void> {
  const prefix = `${STATE_KEYS.levelBeforeMute}:`;
  for (const key of store.keys?.() ?? []) {
    if (!key.startsWith(prefix)) continue;
    const match = OLD_MUTE_KEY.exec(key.slice(prefix.length));
    if (!match || readAccountKey(match[1]) || normalizeInstanceUrl(match[1]) !== instance) continue;
    const newKey = `${prefix}${account}:${match[2]}`;
    if (store.get(newKey) === undefined) await store.update(newKey, store.get(key));
    await store.update(key, undefined);
  }
}

async function moveEarlierPages(store: MigratedStore, instance: string, account: string): Promise<void> {
  const pages = store.get(STATE_KEYS.earlierPages);
  if (!Array.isArray(pages)) return;
  let moved = false;
  const next = pages.map((page: unknown) => {
    if (typeof page !== 'object' || page === null || Array.isArray(page)) return page;
    const { instance: owner, account: already, ...rest } = page as Record<string, unknown>;
    if (already !== undefined || owner !== instance) return page;
    moved = true;
    return { account, ...rest };
  });
  if (moved) await store.update(STATE_KEYS.earlierPages, next);
}

async function moveSeenMarkers(store: MigratedStore, instance: string, account: string): Promise<void> {
  const markers = store.get(STATE_KEYS.seen);
  if (typeof markers !== 'object' || markers === null || Array.isArray(markers)) return;
  const byKey = markers as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(byKey, instance)) return;
  const { [instance]: moved, ...others } = byKey;
  await store.update(STATE_KEYS.seen, Object.prototype.hasOwnProperty.call(others, account) ? others : { ...others, [account]: moved });
}
