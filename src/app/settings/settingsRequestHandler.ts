import type { GitLabApi } from '../../gitlab/api';
import type { NotificationLevel, NotificationSetting, NotificationSettingUpdate } from '../../gitlab/types';
import type { Localize } from '../localize';
import { decidingLink, type LevelInForce } from './effectiveLevel';
import { applyLevelToScopes } from './bulkApply';
import { mergeBulkItem } from './bulkReport';
import { pendingUpdate } from './conflict';
import { describeError, signedOutError } from './errorInfo';
import { eventLabels } from './eventLabels';
import { isEmptyUpdate } from './formState';
import { levelInfos } from './levels';
import { parseWebviewMessage } from './messageValidators';
import type { BulkSnapshot, HostMessage, InheritedLevel, PersistedState, WebviewMessage } from './protocol';
import type { ScopeCatalog } from './scopeCatalog';
import { scopeKey, type EntityScopeRef, type ScopeRef } from './scopes';
import { cleanSetting, sameSetting } from './settingShape';
import { webviewStrings } from './strings';

/** A setting the editor wrote (`saved`, `bulk`) or read and found (`observed`), for the status bar and others. */
export interface SettingChange {
  scope: ScopeRef;
  key: string;
  setting: NotificationSetting;
  previous?: NotificationSetting;
  cause: 'saved' | 'bulk' | 'observed';
}

export interface SettingsRequestHandlerDeps {
  /** The client while signed in; undefined when signed out. */
  api: () => GitLabApi | undefined;
  catalog: ScopeCatalog;
  localize: Localize;
  /** Sends to the webview; messages to a hidden (discarded) webview are simply lost. */
  post: (message: HostMessage) => void;
  onDidChangeSetting?: (change: SettingChange) => void;
  signIn?: () => void;
  log: (line: string) => void;
  /** What a group or project would inherit at `global` (the settings service's level in force); `path` is its full
   *  path when the list knows it. Without it the editor shows no inheritance line. */
  inheritance?: (scope: ScopeRef, path: string | undefined) => Promise<LevelInForce>;
}

/**
 * The host side of the settings editor, free of `vscode`: validates what the webview sends, talks to GitLab through
 * the injected `GitLabApi`, and answers each request with the message the protocol pairs with it.
 */
export class SettingsRequestHandler {
  private ready = false;
  private pendingFocusKey: string | undefined;
  private restoredState: PersistedState | undefined;
  private bulk: { snapshot: BulkSnapshot; controller: AbortController } | undefined;
  private readonly inflight = new Set<AbortController>();
  private disposed = false;
  /** Groups and projects the page has loaded: their inheritance lines follow every change. */
  private readonly shown = new Map<string, ScopeRef>();
  private inheriting: { again: boolean } | undefined;

  constructor(private readonly deps: SettingsRequestHandlerDeps) {}

  /** Entry point for every raw message from the webview. */
  async receive(raw: unknown): Promise<void> {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.deps.log(`Settings view: ignored a malformed message (${parsed.reason}).`);
      return;
    }
    try {
      await this.handle(parsed.value);
    } catch (error) {
      this.deps.log(`Settings view: handling "${parsed.value.type}" failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Shows a scope once the webview can hear it (now, or in the `state` that answers its next `ready`). */
  async focus(scope: ScopeRef): Promise<void> {
    const key = scope.kind === 'global' ? 'global' : (await this.deps.catalog.ensure(scope)).key;
    if (this.ready) {
      this.post({ type: 'scopes', scopes: await this.deps.catalog.list() });
      this.post({ type: 'focusScope', key });
    } else {
      this.pendingFocusKey = key;
    }
  }

  /**
   * The page state VS Code kept over a window reload (validated by the caller). The page normally reads it back with
   * `getState()`; it is also sent with the next `state`, for a page that finds nothing there.
   */
  restore(state: PersistedState): void {
    this.restoredState = state;
  }

  /** The panel was hidden: its document is discarded until it says `ready` again. */
  webviewGone(): void {
    this.ready = false;
  }

  /** A level changed elsewhere (status bar, command): forms without edits follow it. */
  notifyExternalChange(scope: ScopeRef, setting: NotificationSetting): void {
    this.post({ type: 'settingChanged', key: scopeKey(scope), setting: this.clean(setting) });
  }

  /**
   * Works out again what each loaded group and project inherits (a level changed somewhere: a group's change can
   * change what its projects inherit). Calls while a round runs are folded into one more round.
   */
  async refreshInherited(): Promise<void> {
    if (this.inheriting) {
      this.inheriting.again = true;
      return;
    }
    const round = { again: false };
    this.inheriting = round;
    try {
      do {
        round.again = false;
        await this.sendInherited([...this.shown.values()]);
      } while (round.again && !this.disposed);
    } finally {
      this.inheriting = undefined;
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const controller of this.inflight) controller.abort();
    this.bulk?.controller.abort();
  }

  private async handle(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready': return this.onReady();
      case 'loadScope': return this.load(message.requestId, message.scope);
      case 'save': return this.save(message.requestId, message.scope, message.baseline, message.update);
      case 'resolveConflict':
        return message.choice === 'overwrite'
          ? this.save(message.requestId, message.scope, message.baseline, message.update)
          : this.load(message.requestId, message.scope);
      case 'addScope': return this.addScope(message.requestId, message.kind, message.ref);
      case 'refreshScopes':
        this.post({ type: 'scopes', scopes: await this.deps.catalog.list({ refresh: true }) });
        return;
      case 'bulkApply': return this.bulkApply(message.requestId, message.scopes, message.level);
      case 'cancelBulk':
        if (this.bulk?.snapshot.requestId === message.requestId) this.bulk.controller.abort();
        return;
      case 'signIn':
        this.deps.signIn?.();
        return;
    }
  }

  private async onReady(): Promise<void> {
    this.ready = true;
    this.shown.clear(); // a new page knows nothing yet: its loads get the lines again
    const { localize } = this.deps;
    const scopes = await this.deps.catalog.list({ cachedOnly: true });
    const state: HostMessage = {
      type: 'state',
      strings: webviewStrings(localize),
      levels: levelInfos(localize),
      eventLabels: eventLabels(localize),
      scopes,
    };
    if (this.pendingFocusKey) state.focusKey = this.pendingFocusKey;
    if (this.bulk) state.bulk = this.bulk.snapshot;
    if (this.restoredState) state.restored = this.restoredState;
    this.pendingFocusKey = undefined;
    this.restoredState = undefined;
    this.post(state);
    if (scopes.groupsLoading) this.post({ type: 'scopes', scopes: await this.deps.catalog.list() });
  }

  private async load(requestId: number, scope: ScopeRef): Promise<void> {
    await this.withApi(requestId, async (api, signal) => {
      try {
        const setting = this.clean(await api.getNotificationSettings(scope, signal));
        this.post({ type: 'scopeLoaded', requestId, key: scopeKey(scope), setting });
        this.announce({ scope, key: scopeKey(scope), setting, cause: 'observed' });
        if (scope.kind !== 'global' && !this.shown.has(scopeKey(scope))) {
          this.shown.set(scopeKey(scope), scope);
          await this.sendInherited([scope]);
        }
      } catch (error) {
        this.post({ type: 'error', requestId, error: describeError(error, 'load', this.deps.localize) });
      }
    });
  }

  /**
   * Saves only if GitLab still has what the user loaded: the scope is read again first, and a difference is
   * answered with a conflict (both versions go to the user) unless GitLab already has everything the user changed.
   */
  private async save(
    requestId: number, scope: ScopeRef, baseline: NotificationSetting, update: NotificationSettingUpdate,
  ): Promise<void> {
    const key = scopeKey(scope);
    await this.withApi(requestId, async (api, signal) => {
      let fresh: NotificationSetting;
      try {
        fresh = this.clean(await api.getNotificationSettings(scope, signal));
      } catch (error) {
        this.post({ type: 'saveResult', requestId, key, result: { outcome: 'failed', error: describeError(error, 'load', this.deps.localize) } });
        return;
      }
      if (!sameSetting(baseline, fresh)) {
        this.announce({ scope, key, setting: fresh, cause: 'observed' });
        const result = isEmptyUpdate(pendingUpdate(update, fresh))
          ? { outcome: 'saved' as const, setting: fresh, alreadyApplied: true }
          : { outcome: 'conflict' as const, server: fresh };
        this.post({ type: 'saveResult', requestId, key, result });
        return;
      }
      if (isEmptyUpdate(update)) {
        this.post({ type: 'saveResult', requestId, key, result: { outcome: 'saved', setting: fresh, alreadyApplied: true } });
        return;
      }
      try {
        const setting = this.clean(await api.updateNotificationSettings(scope, update, signal));
        this.announce({ scope, key, setting, previous: fresh, cause: 'saved' });
        this.post({ type: 'saveResult', requestId, key, result: { outcome: 'saved', setting, alreadyApplied: false } });
      } catch (error) {
        const info = describeError(error, 'save', this.deps.localize);
        // A 400 can still have applied part of the change (level with a refused e-mail): tell the form what stuck.
        const server = info.kind === 'validation' ? await this.tryRead(api, scope, signal) : undefined;
        if (server && !sameSetting(server, fresh)) this.announce({ scope, key, setting: server, previous: fresh, cause: 'saved' });
        this.post({ type: 'saveResult', requestId, key, result: server ? { outcome: 'failed', error: info, server } : { outcome: 'failed', error: info } });
      }
    });
  }

  private async addScope(requestId: number, kind: EntityScopeRef['kind'], ref: string | number): Promise<void> {
    await this.withApi(requestId, async (api, signal) => {
      try {
        const entry = await this.deps.catalog.add(kind, ref, api, signal);
        this.post({ type: 'scopeAdded', requestId, entry });
      } catch (error) {
        this.post({ type: 'error', requestId, error: describeError(error, 'add', this.deps.localize) });
      }
    });
  }

  private async bulkApply(requestId: number, scopes: EntityScopeRef[], level: NotificationLevel): Promise<void> {
    const { localize } = this.deps;
    if (this.bulk && !this.bulk.snapshot.done) {
      this.post({ type: 'error', requestId, error: { kind: 'invalidInput', message: localize('A bulk change is already running.') } });
      return;
    }
    const api = this.deps.api();
    if (!api) {
      this.post({ type: 'error', requestId, error: signedOutError(localize) });
      return;
    }
    const controller = new AbortController();
    const bulk = { snapshot: { requestId, level, items: [], done: false } as BulkSnapshot, controller };
    this.bulk = bulk;
    const items = await applyLevelToScopes(api, scopes, level, {
      signal: controller.signal,
      localize,
      onProgress: (item) => {
        bulk.snapshot = { ...bulk.snapshot, items: mergeBulkItem(bulk.snapshot.items, item) };
        this.post({ type: 'bulkProgress', requestId, item });
      },
      onChanged: (scope, previous, setting) =>
        this.announce({ scope, key: scopeKey(scope), previous: this.clean(previous), setting: this.clean(setting), cause: 'bulk' }),
    });
    bulk.snapshot = { ...bulk.snapshot, items, done: true };
    const failed = items.filter((item) => item.status === 'failed').length;
    this.deps.log(`Settings view: applied level ${level} to ${items.length} scopes (${failed} failed).`);
    this.post({ type: 'bulkDone', requestId, items });
  }

  /** Runs a request with an abort signal tied to the panel's life; answers `signedOut` without a client. */
  private async withApi(requestId: number, run: (api: GitLabApi, signal: AbortSignal) => Promise<void>): Promise<void> {
    const api = this.deps.api();
    if (!api) {
      this.post({ type: 'error', requestId, error: signedOutError(this.deps.localize) });
      return;
    }
    const controller = new AbortController();
    this.inflight.add(controller);
    try {
      await run(api, controller.signal);
    } finally {
      this.inflight.delete(controller);
    }
  }

  private async sendInherited(scopes: ScopeRef[]): Promise<void> {
    const inheritance = this.deps.inheritance;
    if (!inheritance || scopes.length === 0) return;
    const entries = (await this.deps.catalog.list({ cachedOnly: true })).entries;
    for (const scope of scopes) {
      const key = scopeKey(scope);
      const path = entries.find((entry) => entry.key === key)?.detail;
      try {
        const inherited = toInherited(await inheritance(scope, path));
        if (inherited) this.post({ type: 'inherited', key, inherited });
      } catch (error) {
        // The form works without the line; the log says why it is missing.
        this.deps.log(`Settings view: could not work out what ${key} inherits: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  private async tryRead(api: GitLabApi, scope: ScopeRef, signal: AbortSignal): Promise<NotificationSetting | undefined> {
    try {
      return this.clean(await api.getNotificationSettings(scope, signal));
    } catch {
      return undefined;
    }
  }

  private clean(setting: NotificationSetting): NotificationSetting {
    const { setting: clean, dropped } = cleanSetting(setting);
    if (dropped.length > 0) this.deps.log(`Settings view: left out unusable parts of a setting from GitLab: ${dropped.join(', ')}.`);
    return clean;
  }

  private announce(change: SettingChange): void {
    try {
      this.deps.onDidChangeSetting?.(change);
    } catch (error) {
      this.deps.log(`Settings view: a listener of setting changes failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private post(message: HostMessage): void {
    if (!this.disposed) this.deps.post(message);
  }
}

function toInherited(result: LevelInForce): InheritedLevel | undefined {
  const link = decidingLink(result);
  // The links above the scope, for the editor's "why" list (the scope's own link is the form's level).
  const chain = result.chain.slice(1).flatMap((above) => (above.kind === 'project' ? [] : [{ kind: above.kind, name: above.name, level: above.level }]));
  if (link.kind === 'global') return { level: result.level, from: 'global', chain };
  if (link.kind === 'group') return { level: result.level, from: 'group', path: link.name, chain };
  return undefined; // the scope's own level: nothing inherited
}
