import type { NotificationLevel } from '../../gitlab/types';
import type { Disposable } from '../emitter';
import type { Localize } from '../localize';
import { describeError, errorText, signedOutError } from './errorInfo';
import type { BulkItem, NotificationSettingsService } from './notificationSettingsService';
import type { ScopeCatalog } from './scopeCatalog';
import {
  parsePageMessage, type BulkItemReport, type BulkSnapshot, type ErrorInfo, type HostMessage,
  type PersistedState, type Requests, type SnoozeNote,
} from './shared/protocol';
import type { Snooze } from './snooze';
import { answer, type RequestMessage } from './shared/rpc';
import { scopeKey, type EntityScopeRef, type ScopeRef } from './shared/scopes';

/** What the page shows of snoozes, and ends: the scheduler's, with the end worded as the status bar words it. */
export interface SettingsSnoozes {
  list(): readonly Snooze[];
  /** Ends a snooze now, as "End Snooze" does (a failed restore is kept and tried again, not thrown). */
  end(scope: ScopeRef): Promise<void>;
  onDidChange(listener: () => void): Disposable;
  /** `14:00` today, `Fri 27 Nov 14:00` on another day. */
  formatEnd(until: number): string;
}

export interface SettingsRequestHandlerDeps {
  settings: NotificationSettingsService;
  /** False while signed out: requests are answered with "sign in". */
  signedIn: () => boolean;
  catalog: ScopeCatalog;
  localize: Localize;
  /** Sends to the page; messages to a hidden (discarded) page are simply lost. */
  post: (message: HostMessage) => void;
  /** The instance of the client requests go through now; undefined while signed out. */
  instanceUrl?: () => string | undefined;
  /**
   * The page's "Sign in again": to the instance whose client failed (never simply the settings' instance, which a
   * workspace may name); undefined when no client failed (signed out), where the sign-in flow offers its own.
   */
  signIn?: (instanceUrl: string | undefined) => void;
  log: (line: string) => void;
  /** VS Code's translation bundle (`vscode.l10n.bundle`), handed to the page. */
  l10n?: Record<string, string>;
  /** The snoozes of the instance in use: the page shows the one of its scope, with End Snooze. */
  snoozes?: SettingsSnoozes;
}

type Handlers = { [M in keyof Requests]: (params: Requests[M]['params'], signal: AbortSignal) => Promise<Requests[M]['result']> };

/**
 * The host side of the settings editor, free of `vscode`: validates what the page sends, answers its requests through
 * the settings owner, and passes on every change the owner announces (its own saves included; the page keeps forms
 * with edits as they are, so nothing needs filtering).
 */
export class SettingsRequestHandler {
  private ready = false;
  /** For the `state` that answers the page's next `ready`: the scope to show, the page state kept over a reload. */
  private next: { focusKey?: string; restored?: PersistedState } = {};
  private bulk: { snapshot: BulkSnapshot; controller: AbortController } | undefined;
  /** The last failure that offered "Sign in again", and the instance of the client it came from. */
  private signInFor: { instanceUrl: string | undefined } | undefined;
  /** Aborted on dispose: every request's signal. */
  private readonly lifetime = new AbortController();
  private readonly subscriptions: Disposable[];

  constructor(private readonly deps: SettingsRequestHandlerDeps) {
    this.subscriptions = [
      deps.settings.onDidChange((change) => this.post({ type: 'settingChanged', key: scopeKey(change.scope), setting: change.setting })),
      ...(deps.snoozes ? [deps.snoozes.onDidChange(() => this.post({ type: 'snoozes', snoozes: this.snoozeNotes() }))] : []),
    ];
  }

  /** Entry point for every raw message from the page. */
  async receive(raw: unknown): Promise<void> {
    const parsed = parsePageMessage(raw);
    if (!parsed.ok) return this.deps.log(`Settings view: ignored a malformed message (${parsed.reason}).`);
    const message = parsed.value;
    switch (message.type) {
      case 'ready': return this.onReady();
      case 'refreshScopes': return this.post({ type: 'scopes', scopes: await this.deps.catalog.list({ refresh: true }) });
      case 'cancelBulk': return this.bulk?.controller.abort();
      case 'signIn': return this.deps.signIn?.(this.signInFor ? this.signInFor.instanceUrl : this.deps.instanceUrl?.());
      case 'request': return this.answer(message);
    }
  }

  /** Shows a scope once the page can hear it (now, or in the `state` that answers its next `ready`). */
  async focus(scope: ScopeRef): Promise<void> {
    const key = scope.kind === 'global' ? 'global' : (await this.deps.catalog.ensure(scope)).key;
    if (!this.ready) return void (this.next.focusKey = key);
    this.post({ type: 'scopes', scopes: await this.deps.catalog.list() });
    this.post({ type: 'focusScope', key });
  }

  /** The page state VS Code kept over a window reload (validated by the caller), sent with the next `state`. */
  restore(state: PersistedState): void {
    this.next.restored = state;
  }

  /** The panel was hidden: its document is discarded until it says `ready` again. */
  webviewGone(): void {
    this.ready = false;
  }

  dispose(): void {
    this.lifetime.abort();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.bulk?.controller.abort();
  }

  private readonly handlers: Handlers = {
    load: async ({ scope }, signal) => {
      const path = scope.kind === 'global' ? undefined : await this.pathOf(scope);
      return this.deps.settings.getSetting(scope, signal, { fresh: true, path });
    },
    save: async ({ scope, baseline, update }, signal) => {
      try {
        const { setting, written } = await this.deps.settings.save(scope, update, { expected: baseline, signal });
        return { setting, alreadyApplied: !written };
      } catch (error) {
        const info = this.describe(error, 'save');
        // A 400 can still have applied part of the change (level with a refused e-mail): tell the form what stuck.
        if (info.kind === 'validation') info.server = await this.deps.settings.getSetting(scope, signal, { fresh: true }).catch(() => undefined);
        throw info;
      }
    },
    addScope: async ({ kind, ref }, signal) => this.deps.catalog.entry(await this.deps.catalog.addScope(kind, ref, signal)),
    levelChain: async ({ scope }) => {
      try {
        return (await this.deps.settings.levelInForce(scope, { path: await this.pathOf(scope), assumeGlobal: true, complete: true })).chain.slice(1);
      } catch (error) {
        // The form works without the lines; the log says why they are missing.
        this.deps.log(`Settings view: could not work out what ${scopeKey(scope)} inherits: ${errorText(error)}`);
        throw error;
      }
    },
    bulkApply: ({ scopes, level }) => this.bulkApply(scopes, level),
    endSnooze: async ({ scope }) => {
      const snoozes = this.deps.snoozes;
      const snoozed = () => snoozes?.list().some((snooze) => scopeKey(snooze.scope) === scopeKey(scope)) === true;
      if (!snoozes || !snoozed()) return null; // ended meanwhile (its end came, another window): nothing to do
      await snoozes.end(scope);
      // The scheduler keeps a snooze it could not end (and tries again); the page says so rather than nothing.
      if (snoozed()) {
        throw { kind: 'unexpected', message: this.deps.localize('The snooze could not be ended yet; it is tried again in a minute. The log says why.') } satisfies ErrorInfo;
      }
      return null;
    },
  };

  /** Answers a request with its result, or its error as the page shows it. */
  private answer(request: RequestMessage<Requests>): Promise<void> {
    const context = request.method === 'addScope' ? 'add' : request.method === 'save' || request.method === 'endSnooze' ? 'save' : 'load';
    const handler = this.handlers[request.method] as (params: unknown, signal: AbortSignal) => Promise<unknown>;
    // Taken with the request: the client that fails is the one in use now, whatever is active by the time it fails.
    const instanceUrl = this.deps.instanceUrl?.();
    return answer(request.id, async () => {
      if (!this.deps.signedIn()) throw signedOutError(this.deps.localize);
      return handler(request.params, this.lifetime.signal);
    }, (reply) => this.post(reply), (error) => this.noteSignIn(this.describe(error, context), instanceUrl));
  }

  private async onReady(): Promise<void> {
    this.ready = true;
    const scopes = await this.deps.catalog.list({ cachedOnly: true });
    this.post({ type: 'state', scopes, l10n: this.deps.l10n, ...this.next, bulk: this.bulk?.snapshot, snoozes: this.snoozeNotes() });
    this.next = {};
    if (scopes.groupsLoading) this.post({ type: 'scopes', scopes: await this.deps.catalog.list() });
  }

  private async bulkApply(scopes: EntityScopeRef[], level: NotificationLevel): Promise<null> {
    const { localize } = this.deps;
    if (this.bulk && !this.bulk.snapshot.done) throw { kind: 'invalidInput', message: localize('A bulk change is already running.') } satisfies ErrorInfo;
    const instanceUrl = this.deps.instanceUrl?.();
    const bulk = { snapshot: { level, items: [], done: false } as BulkSnapshot, controller: new AbortController() };
    this.bulk = bulk;
    const send = (items: BulkItemReport[], done: boolean): void => {
      bulk.snapshot = { level, items, done };
      this.post({ type: 'bulk', bulk: bulk.snapshot });
    };
    // A failed item without an error got another level than asked.
    const report = ({ error, ...item }: BulkItem): BulkItemReport => (error !== undefined ? { ...item, error: this.noteSignIn(this.describe(error, 'save'), instanceUrl) }
      : item.status !== 'failed' ? item
        : { ...item, error: { kind: 'badResponse', message: localize('GitLab answered with level {0} instead of {1}.', item.level ?? '?', level) } });
    const reports = new Map<string, BulkItemReport>();
    const items = await this.deps.settings.applyToMany(scopes, { level }, (item) => send([...reports.set(item.key, report(item)).values()], false),
      bulk.controller.signal);
    send(items.map(report), true);
    const failed = items.filter((item) => item.status === 'failed').length;
    this.deps.log(`Settings view: applied level ${level} to ${items.length} scopes (${failed} failed).`);
    return null;
  }

  /** The snoozes as the page shows them. */
  private snoozeNotes(): SnoozeNote[] {
    const snoozes = this.deps.snoozes;
    return snoozes?.list().map((snooze) => ({ scope: snooze.scope, until: snoozes.formatEnd(snooze.until), previousLevel: snooze.previous.level })) ?? [];
  }

  /** A listed scope's full path, as the editor's own list knows it (no request). */
  private async pathOf(scope: ScopeRef): Promise<string | undefined> {
    const key = scopeKey(scope);
    return (await this.deps.catalog.list({ cachedOnly: true })).entries.find((entry) => entry.key === key)?.path;
  }

  /** What the handler threw itself (signed out, a second bulk run) is already an ErrorInfo. */
  private describe(error: unknown, context: 'load' | 'save' | 'add'): ErrorInfo {
    const own = error as ErrorInfo | undefined;
    return !(error instanceof Error) && typeof own?.kind === 'string' ? own : describeError(error, context, this.deps.localize);
  }

  /** Remembers which instance a failure that offers "Sign in again" came from, for the page's button. */
  private noteSignIn(info: ErrorInfo, instanceUrl: string | undefined): ErrorInfo {
    if (info.action === 'signIn') this.signInFor = { instanceUrl };
    return info;
  }

  private post(message: HostMessage): void {
    if (!this.lifetime.signal.aborted) this.deps.post(message);
  }
}
