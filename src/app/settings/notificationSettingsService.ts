import type { GitLabApi } from '../../gitlab/api';
import { GitLabError } from '../../gitlab/errors';
import { isNotificationLevel, type NotificationLevel, type NotificationSetting } from '../../gitlab/types';
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
 * Reads and sets the level of one scope, for the status bar, the commands and the settings editor alike, and
 * remembers the level before a mute so Unmute restores it (per instance, across restarts).
 */
export class NotificationSettingsService {
  private readonly listeners = new Set<(change: LevelChange) => void>();

  /** `namespace` separates instances (use the instance URL), so a mute on one never unmutes another. */
  constructor(
    private readonly api: () => GitLabApi | undefined,
    private readonly memory: LevelMemory,
    private readonly namespace: string,
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

  levelBeforeMute(scope: ScopeRef): NotificationLevel | undefined {
    const value = this.memory.get(this.memoryKey(scope));
    return isNotificationLevel(value) && value !== 'disabled' ? value : undefined;
  }

  /**
   * Takes note of a change made elsewhere (the settings editor) and tells the listeners. A move to `disabled`
   * remembers the level it left, so Unmute works whoever muted.
   */
  async record(change: LevelChange): Promise<void> {
    const before = change.previous?.level;
    if (change.setting.level === 'disabled' && before !== undefined && before !== 'disabled' && isNotificationLevel(before)) {
      await this.memory.update(this.memoryKey(change.scope), before);
    }
    for (const listener of [...this.listeners]) listener(change);
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

function defaultLevel(scope: ScopeRef): NotificationLevel {
  return scope.kind === 'global' ? 'participating' : 'global';
}
