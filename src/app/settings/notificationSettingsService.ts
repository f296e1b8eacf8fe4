import type { ActiveAccount } from '../activeAccount';
import type { AccountKey } from '../accountKey';
import type { GitLabApi } from '../../gitlab/api';
import { GitLabError, isGitLabError } from '../../gitlab/errors';
import {
  isEventKeyName, isNotificationLevel, type NotificationEvents, type NotificationLevel, type NotificationSetting,
  type NotificationSettingUpdate, type Project,
} from '../../gitlab/types';
import { STATE_KEYS } from '../../ids';
import { mapBounded } from '../boundedMap';
import { Emitter } from '../emitter';
import { AccountChanged, SettingConflict } from './errorInfo';
import { resolveLevelInForce, selfAndParentPaths, type LevelInForce, type LevelLink } from './shared/levelChain';
import { isEmptyUpdate, pendingUpdate, sameSetting } from './shared/formState';
import { LEVEL_PATTERN, MAX_EMAIL_LENGTH, MAX_EVENT_KEYS, type BulkItemReport } from './shared/protocol';
import { scopeKey, type EntityScopeRef, type ScopeRef } from './shared/scopes';

/** Where the level before a mute is kept; `vscode.Memento` (globalState) fits. */
export interface LevelMemory {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** A scope's setting changed, through this service or found changed by one of its reads. */
export interface LevelChange {
  scope: ScopeRef;
  setting: NotificationSetting;
  previous?: NotificationSetting;
}

/** A bulk item as the service reports it: `error` is the raw failure; a `failed` item without one got another level. */
export type BulkItem = Omit<BulkItemReport, 'error'> & { error?: unknown };

/**
 * The one owner of notification settings: every read and PUT of the status bar, the commands and the settings editor
 * goes through it, and `onDidChange` tells them all of every change, whoever made it. It caches own settings to
 * resolve levels in force, and remembers the level before a mute so Unmute restores it (per instance).
 */
export class NotificationSettingsService {
  private readonly changes = new Emitter<LevelChange>();
  readonly onDidChange = this.changes.event;
  /** Own settings by scope key, read or being read; emptied by every change (a group's moves its projects' levels in force). */
  private readonly reads = new Map<string, Promise<NotificationSetting>>();
  /** What those reads answered, kept over a refresh to tell a change from a read that found what was known. */
  private readonly known = new Map<string, NotificationSetting>();
  /** A project's groups, nearest first; they do not change with settings. */
  private readonly projectGroups = new Map<string, Promise<string[]>>();
  private cachedFor: GitLabApi | undefined;

  /**
   * `account`: whose levels these are; its account key (instance + user id) separates the remembered levels of
   * accounts, so a mute by one never decides another's Unmute. `lookupProject` finds a project where the rest of the extension already does, so it
   * is not fetched twice.
   */
  constructor(
    private readonly account: Pick<ActiveAccount, 'api' | 'instanceUrl' | 'accountKey'>,
    private readonly memory: LevelMemory,
    private readonly lookupProject?: (id: string | number) => Promise<Project | undefined>,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /**
   * The scope's own setting, from the cache unless `fresh`; a read that finds a change tells the listeners. `path` is
   * the full path of a scope known by ID: the level-in-force chains name groups by path, so a group read by ID is
   * compared with, and remembered under, that name too. `account`: the account (`accountKey`) the read is for; when
   * another is in use, it rejects with `AccountChanged` and nothing is sent.
   */
  async getSetting(scope: ScopeRef, signal?: AbortSignal, options: { fresh?: boolean; path?: string; account?: AccountKey } = {}): Promise<NotificationSetting> {
    const api = this.requireApi(options.account);
    const key = scopeKey(scope);
    const cached = options.fresh ? undefined : this.reads.get(key);
    if (cached) return cached;
    const aliases = [scope];
    if (scope.kind !== 'global' && options.path && options.path !== String(scope.id)) aliases.push({ kind: scope.kind, id: options.path });
    const read: Promise<NotificationSetting> = api.getNotificationSettings(scope, signal).then(async (raw) => {
      const setting = this.clean(raw);
      // A cached read overtaken by a change may predate what is known; a fresh one was asked for now.
      if (!options.fresh && this.reads.get(key) !== read) return setting;
      const before = aliases.map((alias) => this.known.get(scopeKey(alias))).find((known) => known !== undefined);
      if (before && !sameSetting(before, setting)) await this.changed(scope, setting, before, aliases);
      else for (const alias of aliases) this.remember(alias, setting);
      return setting;
    });
    this.reads.set(key, read);
    // A failure is not remembered: the next call asks again.
    read.catch(() => { if (this.reads.get(key) === read) this.reads.delete(key); });
    return read;
  }

  /**
   * The one PUT. With `expected`, the scope is read first and a difference rejects with `SettingConflict`, unless
   * GitLab already has every change (then nothing is written). `written` says whether a PUT went out. `account`: the
   * account (`accountKey`) the change is for, checked before each request (the read first may take a while): when
   * another is in use by then, it rejects with `AccountChanged` and nothing more is sent.
   */
  async save(
    scope: ScopeRef, update: NotificationSettingUpdate, options: { expected?: NotificationSetting; signal?: AbortSignal; account?: AccountKey } = {},
  ): Promise<{ setting: NotificationSetting; written: boolean }> {
    const { account } = options;
    const current = options.expected && await this.getSetting(scope, options.signal, { fresh: true, account });
    if (current && !sameSetting(options.expected!, current)) {
      if (isEmptyUpdate(pendingUpdate(update, current))) return { setting: current, written: false };
      throw new SettingConflict(current);
    }
    if (isEmptyUpdate(update)) return { setting: current || await this.getSetting(scope, options.signal, { account }), written: false };
    return { setting: await this.put(scope, update, current || this.known.get(scopeKey(scope)), options.signal, account), written: true };
  }

  /** Sets a level after a fresh read (no PUT when it is already set); rejects with a GitLabError. */
  async setLevel(scope: ScopeRef, level: NotificationLevel, signal?: AbortSignal): Promise<NotificationSetting> {
    const current = await this.getSetting(scope, signal, { fresh: true });
    return current.level === level ? current : this.put(scope, { level }, current, signal);
  }

  /** Back to the level before the mute (`levelAfterUnmute`). */
  unmute(scope: ScopeRef, signal?: AbortSignal): Promise<NotificationSetting> {
    return this.setLevel(scope, this.levelAfterUnmute(scope), signal);
  }

  /** What Unmute sets: the level before the mute; without one, the scope's natural default (global → participating). */
  levelAfterUnmute(scope: ScopeRef): NotificationLevel {
    return this.levelBeforeMute(scope) ?? (scope.kind === 'global' ? 'participating' : 'global');
  }

  levelBeforeMute(scope: ScopeRef): NotificationLevel | undefined {
    const key = this.memoryKey(scope);
    const value = key === undefined ? undefined : this.memory.get(key);
    return isNotificationLevel(value) && value !== 'disabled' ? value : undefined;
  }

  /**
   * Sets one update on several groups/projects, a few at a time. Each is read first, so the report says which changed
   * (and from what) and which already had it; a failure stops only its own item.
   */
  async applyToMany(
    scopes: readonly EntityScopeRef[], update: NotificationSettingUpdate & { level: NotificationLevel },
    onProgress?: (item: BulkItem) => void, signal?: AbortSignal, concurrency = 3,
  ): Promise<BulkItem[]> {
    const unique = new Map(scopes.map((scope) => [scopeKey(scope), scope]));
    const items: BulkItem[] = [...unique].map(([key, scope]) => ({ key, scope, status: 'queued' }));
    const report = (index: number, step: Partial<BulkItem>): void => {
      items[index] = { ...items[index], ...step };
      onProgress?.(items[index]);
    };
    await mapBounded(items, concurrency, async (item, index) => {
      report(index, { status: 'running' });
      let previousLevel: string | undefined;
      try {
        const current = await this.getSetting(item.scope, signal, { fresh: true });
        previousLevel = current.level;
        if (previousLevel === update.level) return report(index, { status: 'unchanged', previousLevel, level: previousLevel });
        if (signal?.aborted) throw new GitLabError('cancelled', 'Cancelled.');
        const { level } = await this.put(item.scope, update, current, signal);
        report(index, { status: level === update.level ? 'changed' : 'failed', previousLevel, level });
      } catch (error) {
        const cancelled = isGitLabError(error) && error.kind === 'cancelled';
        report(index, cancelled ? { status: 'cancelled', previousLevel } : { status: 'failed', previousLevel, error });
      }
    }, signal);
    // Left out once stopped: reported as not changed.
    items.forEach((item, index) => { if (item.status === 'queued') report(index, { status: 'cancelled' }); });
    return items;
  }

  /**
   * The level in force for a scope and the chain that decided it (behaviour note §2.7), read through the cache.
   * Rejects with a GitLabError when a setting on the chain cannot be read (a group that answers 404 is skipped).
   * `path`: the scope's full path when it is known by ID (a group's ancestors are the prefixes of its path).
   * `assumeGlobal`: as if its own level were `global`, what it inherits (the settings editor's line).
   * `complete`: every group up to global, also above the one that decides ("Why am I notified?" shows them all).
   */
  async levelInForce(scope: ScopeRef, options: { path?: string; assumeGlobal?: boolean; complete?: boolean } = {}): Promise<LevelInForce> {
    const global: LevelLink = { kind: 'global', name: '', level: (await this.getSetting({ kind: 'global' })).level };
    if (scope.kind === 'global') return resolveLevelInForce(global, [], global);
    const ownLevel = options.assumeGlobal ? 'global' : (await this.getSetting(scope)).level;
    const own: LevelLink = { kind: scope.kind, name: options.path ?? String(scope.id), level: ownLevel };
    const groups: LevelLink[] = [];
    // Only as far up as needed (the nearest group with a level of its own decides), unless the whole chain is asked for.
    for (const path of ownLevel === 'global' || options.complete ? await this.groupPathsOf(scope, options.path) : []) {
      const setting = await this.getSetting({ kind: 'group', id: path }).catch((error: unknown) => {
        // A path prefix that is a user's namespace, or a group the user cannot see, is not on the chain.
        if (isGitLabError(error) && error.kind === 'notFound') return undefined;
        throw error;
      });
      if (!setting) continue;
      groups.push({ kind: 'group', name: path, level: setting.level });
      if (setting.level !== 'global' && !options.complete) break;
    }
    return resolveLevelInForce(own, groups, global);
  }

  /**
   * Reads GitLab again from now on (an explicit refresh). What the old reads answered is kept, so a new read that
   * finds a change tells the listeners, as any fresh read does.
   */
  refresh(): void {
    this.reads.clear();
    this.projectGroups.clear();
  }

  /** `previous`: what GitLab had, as read just before (concurrent changes empty what is known). */
  private async put(
    scope: ScopeRef, update: NotificationSettingUpdate, previous?: NotificationSetting, signal?: AbortSignal, account?: AccountKey,
  ): Promise<NotificationSetting> {
    const setting = this.clean(await this.requireApi(account).updateNotificationSettings(scope, update, signal));
    await this.changed(scope, setting, previous);
    return setting;
  }

  /** Every change goes through here: the caches follow, a mute is remembered, then the listeners hear of it. */
  private async changed(
    scope: ScopeRef, setting: NotificationSetting, previous?: NotificationSetting, aliases: readonly ScopeRef[] = [scope],
  ): Promise<void> {
    this.reads.clear();
    this.known.clear();
    for (const alias of aliases) this.remember(alias, setting);
    const before = previous?.level;
    const key = this.memoryKey(scope);
    if (key !== undefined && setting.level === 'disabled' && before !== 'disabled' && isNotificationLevel(before)) {
      await this.memory.update(key, before);
    }
    this.changes.fire(previous ? { scope, setting, previous } : { scope, setting });
  }

  private remember(scope: ScopeRef, setting: NotificationSetting): void {
    this.reads.set(scopeKey(scope), Promise.resolve(setting));
    this.known.set(scopeKey(scope), setting);
  }

  /**
   * The groups above a scope, nearest first. A project's come from its namespace (`GET /projects/:id`); a server
   * without that endpoint leaves the prefixes of its path (some may be a user's namespace: those answer 404 and are
   * skipped). A group's are the prefixes of its full path.
   */
  private groupPathsOf(scope: EntityScopeRef, path: string | undefined): Promise<string[]> {
    const fullPath = path ?? (typeof scope.id === 'string' ? scope.id : undefined);
    const guess = fullPath ? selfAndParentPaths(fullPath).slice(1) : [];
    if (scope.kind === 'group') return Promise.resolve(guess);
    const key = String(scope.id);
    const cached = this.projectGroups.get(key);
    if (cached) return cached;
    const api = this.requireApi();
    const found = (async () => {
      try {
        const project = this.lookupProject ? await this.lookupProject(scope.id) : await api.getProject(scope.id);
        const namespace = project?.namespace;
        if (namespace?.kind === 'group' && typeof namespace.full_path === 'string') return selfAndParentPaths(namespace.full_path);
        // No project (no lookup, or it failed): the path is all there is. A user's namespace has no groups.
        return !project ? guess : namespace?.kind !== undefined ? [] : selfAndParentPaths(project.path_with_namespace).slice(1);
      } catch (error) {
        // A server that offers only the spec's interface has no project lookup.
        if (isGitLabError(error) && error.kind === 'notFound') return guess;
        throw error;
      }
    })();
    this.projectGroups.set(key, found);
    found.catch(() => { if (this.projectGroups.get(key) === found) this.projectGroups.delete(key); });
    return found;
  }

  /**
   * Holds GitLab's answer (its types checked by the API client) to the limits the settings page checks in what it
   * sends back (protocol.ts): event keys like GitLab's snake_case keys and none of its request parameters (others,
   * `__proto__` and `sudo` included, are dropped and logged), a bounded e-mail, a level that looks like one (else
   * `unknown`; an unknown well-formed level is shown).
   */
  private clean({ level, events, notification_email: email }: NotificationSetting): NotificationSetting {
    const dropped: string[] = [];
    const clean: NotificationSetting = { level: LEVEL_PATTERN.test(level) ? level : 'unknown' };
    if (clean.level !== level) dropped.push('level');
    if (events) {
      const kept: NotificationEvents = (clean.events = {});
      let count = 0;
      for (const [key, value] of Object.entries(events)) {
        if (isEventKeyName(key) && count++ < MAX_EVENT_KEYS) kept[key] = value;
        else dropped.push(`events.${key.slice(0, 64)}`);
      }
    }
    if (typeof email === 'string' && email.length <= MAX_EMAIL_LENGTH) clean.notification_email = email;
    else if (typeof email === 'string') dropped.push('notification_email');
    if (dropped.length > 0) this.log(`Left out unusable parts of a notification setting from GitLab: ${dropped.join(', ')}.`);
    return clean;
  }

  /** Per account (instance + user id): one person's mute never decides what another's Unmute gives back. */
  private memoryKey(scope: ScopeRef): string | undefined {
    const account = this.account.accountKey;
    return account === undefined ? undefined : `${STATE_KEYS.levelBeforeMute}:${account}:${scopeKey(scope)}`;
  }

  /** The client in use; with `account`, only while that account is the one in use. */
  private requireApi(account?: AccountKey): GitLabApi {
    const api = this.account.api;
    if (account !== undefined && (this.account.accountKey !== account || !api)) throw new AccountChanged(account);
    // Signed out reads like a refused token: callers already offer Sign In for it.
    if (!api) throw new GitLabError('unauthorized', 'Not signed in to GitLab.');
    if (this.cachedFor !== api) {
      // Another client (sign-in, another instance): nothing read through the old one holds.
      this.refresh();
      this.known.clear();
      this.cachedFor = api;
    }
    return api;
  }
}
