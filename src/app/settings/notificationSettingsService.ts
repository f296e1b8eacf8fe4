import type { GitLabApi } from '../../gitlab/api';
import { GitLabError, isGitLabError } from '../../gitlab/errors';
import { isNotificationLevel, type NotificationLevel, type NotificationSetting, type Project } from '../../gitlab/types';
import { parentPaths, resolveLevelInForce, selfAndParentPaths, type LevelInForce, type LevelLink } from './effectiveLevel';
import { scopeKey, type ScopeRef } from './scopes';

/** Where the level before a mute is kept; `vscode.Memento` (globalState) fits. */
export interface LevelMemory {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface LevelChange {
  scope: ScopeRef;
  setting: NotificationSetting;
  previous?: NotificationSetting;
  /** Who made or saw the change (for example `settingsEditor`), so a listener can skip its own. */
  source?: string;
}

export interface Disposable {
  dispose(): void;
}

/**
 * Looks a project up where the rest of the extension already does (the activity view's directory), so the same
 * project is not fetched twice; undefined when the lookup failed.
 */
export type ProjectLookup = (id: string | number) => Promise<Project | undefined>;

export interface LevelInForceOptions {
  /** The scope's full path when it is known by ID (a group's ancestors are the prefixes of its path). */
  path?: string;
  /** Resolve as if the scope's own level were `global`: what it inherits (the settings editor's hint). */
  assumeGlobal?: boolean;
  /** Read every group up to global, also above the one that decides ("Why am I notified?" shows them all). */
  complete?: boolean;
}

/**
 * Reads and sets the level of one scope, for the status bar, the commands and the settings editor alike, and
 * remembers the level before a mute so Unmute restores it (per instance, across restarts).
 */
export class NotificationSettingsService {
  private readonly listeners = new Set<(change: LevelChange) => void>();
  /** Own settings read to resolve levels in force, by scope key; emptied by every change (a group's change can
   *  change a project's level in force) and when the client changes (another instance or token). */
  private readonly settings = new Map<string, Promise<NotificationSetting>>();
  /** The levels those reads answered, to tell a change from a read that found what was known. */
  private readonly knownLevels = new Map<string, string>();
  /** A project's groups, nearest first, by project ID or path; they do not change with settings. */
  private readonly projectGroups = new Map<string, Promise<string[]>>();
  private cachedFor: GitLabApi | undefined;

  /** `namespace` separates instances (use the instance URL), so a mute on one never unmutes another. */
  constructor(
    private readonly api: () => GitLabApi | undefined,
    private readonly memory: LevelMemory,
    private readonly namespace: string,
    private readonly lookupProject?: ProjectLookup,
  ) {}

  onDidChange(listener: (change: LevelChange) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  async getSetting(scope: ScopeRef, signal?: AbortSignal): Promise<NotificationSetting> {
    return this.requireApi().getNotificationSettings(scope, signal);
  }

  /** Sets a level, remembering the old one when this mutes; rejects with a GitLabError. */
  async setLevel(scope: ScopeRef, level: NotificationLevel, signal?: AbortSignal): Promise<NotificationSetting> {
    const api = this.requireApi();
    const previous = await api.getNotificationSettings(scope, signal);
    if (previous.level === level) return previous;
    const setting = await api.updateNotificationSettings(scope, { level }, signal);
    await this.record({ scope, setting, previous, source: 'service' });
    return setting;
  }

  async mute(scope: ScopeRef, signal?: AbortSignal): Promise<NotificationSetting> {
    return this.setLevel(scope, 'disabled', signal);
  }

  /** Back to the level before the mute; without one, the scope's natural default (global → participating). */
  async unmute(scope: ScopeRef, signal?: AbortSignal): Promise<NotificationSetting> {
    return this.setLevel(scope, this.levelBeforeMute(scope) ?? defaultLevel(scope), signal);
  }

  /**
   * The level in force for a scope and the chain that decided it (behaviour note §2.7). Reads go through a cache
   * that every change event empties, so listeners of `onDidChange` that resolve again see the change.
   * Rejects with a GitLabError when a setting on the chain cannot be read (a group that answers 404 is skipped).
   */
  async levelInForce(scope: ScopeRef, options: LevelInForceOptions = {}): Promise<LevelInForce> {
    const api = this.requireApi();
    if (this.cachedFor !== api) this.forget(api);
    const global: LevelLink = { kind: 'global', name: '', level: (await this.cachedSetting(api, { kind: 'global' })).level };
    if (scope.kind === 'global') return resolveLevelInForce(global, [], global);
    const ownLevel = options.assumeGlobal ? 'global' : (await this.cachedSetting(api, scope)).level;
    const own: LevelLink = { kind: scope.kind, name: options.path ?? String(scope.id), level: ownLevel };
    const groups: LevelLink[] = [];
    if (ownLevel === 'global' || options.complete) {
      const paths = await this.groupPathsOf(api, scope, options.path);
      // Only as far up as needed: the nearest group with a level of its own decides.
      for (const path of paths) {
        const setting = await this.cachedSetting(api, { kind: 'group', id: path }).catch((error: unknown) => {
          // A path prefix that is a user's namespace, or a group the user cannot see, is not on the chain.
          if (isGitLabError(error) && error.kind === 'notFound') return undefined;
          throw error;
        });
        if (!setting) continue;
        groups.push({ kind: 'group', name: path, level: setting.level });
        if (setting.level !== 'global' && !options.complete) break;
      }
    }
    return resolveLevelInForce(own, groups, global);
  }

  /** Drops what was read to resolve levels in force (an explicit refresh; a new client). */
  forget(api?: GitLabApi): void {
    this.forgetSettings();
    this.projectGroups.clear();
    this.cachedFor = api;
  }

  levelBeforeMute(scope: ScopeRef): NotificationLevel | undefined {
    const value = this.memory.get(this.memoryKey(scope));
    return isNotificationLevel(value) && value !== 'disabled' ? value : undefined;
  }

  /**
   * Takes note of a change made elsewhere (the settings editor) and tells the listeners. A move to `disabled`
   * remembers the level it left, so Unmute works whoever muted.
   */
  async record(change: LevelChange): Promise<void> {
    // Before anything else, so a listener that resolves again reads the new state. A read that found the level
    // already known (the settings editor reports what it loads) changes nothing.
    if (this.knownLevels.get(scopeKey(change.scope)) !== change.setting.level) this.forgetSettings();
    const before = change.previous?.level;
    if (change.setting.level === 'disabled' && before !== undefined && before !== 'disabled' && isNotificationLevel(before)) {
      await this.memory.update(this.memoryKey(change.scope), before);
    }
    for (const listener of [...this.listeners]) listener(change);
  }

  private forgetSettings(): void {
    this.settings.clear();
    this.knownLevels.clear();
  }

  private cachedSetting(api: GitLabApi, scope: ScopeRef): Promise<NotificationSetting> {
    const key = scopeKey(scope);
    let read = this.settings.get(key);
    if (!read) {
      read = api.getNotificationSettings(scope);
      this.settings.set(key, read);
      // A failure is not remembered: the next resolve asks again.
      read.then((setting) => {
        if (this.settings.get(key) === read) this.knownLevels.set(key, setting.level);
      }, () => {
        if (this.settings.get(key) === read) this.settings.delete(key);
      });
    }
    return read;
  }

  /**
   * The groups above a scope, nearest first. A project's come from `GET /projects/:id` (its namespace); a server
   * without that endpoint leaves the prefixes of the project's path, when it is known by path. A group's parents
   * are the prefixes of its full path. Unknown (a numeric ID and no path): none.
   */
  private groupPathsOf(api: GitLabApi, scope: ScopeRef, path: string | undefined): Promise<string[]> {
    if (scope.kind === 'global') return Promise.resolve([]);
    const fullPath = path ?? (typeof scope.id === 'string' ? scope.id : undefined);
    if (scope.kind === 'group') return Promise.resolve(fullPath ? parentPaths(fullPath) : []);
    const key = String(scope.id);
    let found = this.projectGroups.get(key);
    if (!found) {
      found = projectGroupPaths(api, scope.id, fullPath, this.lookupProject);
      this.projectGroups.set(key, found);
      found.catch(() => { if (this.projectGroups.get(key) === found) this.projectGroups.delete(key); });
    }
    return found;
  }

  private memoryKey(scope: ScopeRef): string {
    return `gitlabActivity.levelBeforeMute:${this.namespace}:${scopeKey(scope)}`;
  }

  private requireApi(): GitLabApi {
    const api = this.api();
    // Signed out reads like a refused token: callers already offer Sign In for it.
    if (!api) throw new GitLabError('unauthorized', 'Not signed in to GitLab.');
    return api;
  }
}

/** Guessed from a path, some prefixes may be a user's namespace: those answer 404 and are skipped. */
async function projectGroupPaths(
  api: GitLabApi, id: string | number, path: string | undefined, lookup: ProjectLookup | undefined,
): Promise<string[]> {
  try {
    const project = lookup ? await lookup(id) : await api.getProject(id);
    // No project: the server has no lookup (or it failed); the path is all there is.
    if (!project) return path ? parentPaths(path) : [];
    const namespace = project.namespace;
    if (namespace?.kind === 'group' && typeof namespace.full_path === 'string') return selfAndParentPaths(namespace.full_path);
    if (namespace?.kind !== undefined) return []; // a user's namespace has no groups
    return parentPaths(project.path_with_namespace);
  } catch (error) {
    // A server that offers only the spec's interface has no project lookup: the path is all there is.
    if (isGitLabError(error) && error.kind === 'notFound') return path ? parentPaths(path) : [];
    throw error;
  }
}

function defaultLevel(scope: ScopeRef): NotificationLevel {
  return scope.kind === 'global' ? 'participating' : 'global';
}
