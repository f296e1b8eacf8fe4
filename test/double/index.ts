import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ControlSurface } from './control';
import { FaultStore } from './faults/store';
import { Pipeline } from './pipeline';
import { listingThresholds, RateLimiter } from './rate-limits';
import { RequestLog } from './request-log';
import { ALL_ROUTES } from './routes/all-routes';
import type { DoubleContext, ResolvedOptions } from './routes/route';
import { Router } from './routes/router';
import type { DoubleOptions, DoubleToken, FaultRule, LoggedRequest } from './types';
import { createWorld } from './world/create-world';
import { completeEvent } from './world/new-event';
import { completeTodo } from './world/new-todo';
import type { DoubleData, DoubleEvent, DoubleTodo } from './world/types';

export type * from './types';
export type * from './world/types';
export { settingKey } from './world/types';
export { actionName } from './present/event';
export { CE_KEYS, SPEC_KEYS, eventKeys, columnDefault } from './notification/editions';

export const DEFAULT_TOKEN = 'glpat-test-token';

/** `GET /version` of each era of `scope=all` (feeds note §1.4; where one era ends is not established: these are examples). */
const DEFAULT_VERSIONS = { window: '18.2.1', complete: '14.10.5', perProject: '13.12.15' } as const;

/**
 * A GitLab REST v4 server on loopback, faithful to the behaviour note: notification settings, the three event
 * listings, the To-Do List (REST and GraphQL, the to-dos note), token checks, pagination headers, error bodies, and
 * injectable faults. See test/double/README.md.
 */
export class GitLabDouble {
  readonly url: string;
  readonly apiUrl: string;
  readonly requests: LoggedRequest[];
  /** CORS preflights answered (a browser's `OPTIONS` before a request from another origin), apart from `requests`. */
  readonly preflights: LoggedRequest[];
  readonly data: DoubleData;

  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private closed = false;
  private openSockets = 0;
  private socketPeak = 0;

  private constructor(
    private readonly server: Server,
    private readonly context: DoubleContext,
    private readonly faults: FaultStore,
    private readonly log: RequestLog,
  ) {
    this.url = context.baseUrl;
    this.apiUrl = `${this.url}/api/v4`;
    this.requests = log.entries;
    this.preflights = log.preflights;
    this.data = context.data;
  }

  static async start(options: DoubleOptions = {}): Promise<GitLabDouble> {
    const clock = options.now ?? (() => new Date());
    const tokens: DoubleToken[] = options.tokens ?? [{ token: DEFAULT_TOKEN, scopes: ['api'], userId: 1 }];
    const specOnly = options.specOnly ?? false;
    const edition = options.edition ?? (specOnly ? 'spec' : 'ee');
    const { data, factory } = createWorld({
      seed: options.seed ?? 1, events: options.events ?? 200, todos: options.todos ?? 0, subscriptions: options.subscriptions, edition,
      hostileNames: options.hostileNames ?? false, feeds: options.feeds, tokens, now: clock(),
    });
    const scopeAll = options.scopeAll ?? 'window';
    const resolved: ResolvedOptions = {
      edition,
      strictAction: options.strictAction ?? false,
      fineGrainedEnforced: options.fineGrainedEnforced ?? false,
      withoutUserEndpoint: options.withoutUserEndpoint ?? specOnly,
      withoutDiscovery: options.withoutDiscovery ?? specOnly,
      eventTotals: options.eventTotals ?? 'capped',
      dottedUsernamesFail: options.dottedUsernamesFail ?? false,
      withoutPagingHeaders: options.withoutPagingHeaders ?? specOnly,
      specEvents: options.specEvents ?? specOnly,
      withoutTodos: options.withoutTodos ?? specOnly,
      graphql: options.graphql ?? (specOnly ? 'none' : 'current'),
      scopeAll,
      ignoresScope: options.ignoresScope ?? specOnly,
      // GitLab 19.3 is of the window's era: its schema and its `GET /version` say the same version.
      gitlabVersion: options.gitlabVersion ?? (options.graphql === '19.3' && scopeAll === 'window' ? '19.3.0' : DEFAULT_VERSIONS[scopeAll]),
      listingRateLimits: listingThresholds(options.listingRateLimits),
      defaultUserId: tokens[0]?.userId ?? 1,
    };
    const rateLimiter = new RateLimiter(resolved.listingRateLimits, () => clock().getTime());
    const context: DoubleContext = { data, factory, options: resolved, baseUrl: '', now: clock, rateLimiter };
    const faults = new FaultStore();
    const log = new RequestLog();

    const server = createServer();
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    context.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const double = new GitLabDouble(server, context, faults, log);
    server.on('connection', (socket) => double.countSocket(socket));
    const control = new ControlSurface({
      double: context, faults, log, addEvent: (p) => double.addEvent(p), addTodo: (p) => double.addTodo(p),
    });
    const pipeline = new Pipeline({
      double: context, router: new Router(ALL_ROUTES), faults, log, control, sleep: (ms) => double.sleep(ms),
    });
    server.on('request', (req, res) => {
      pipeline.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end();
      });
    });
    return double;
  }

  inject(rule: FaultRule): void {
    this.faults.add(rule);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /**
   * Answers now every request a latency fault is holding (faults still set apply to later requests): a test holds
   * answers with a long latency, checks what the client shows meanwhile, then lets them go without waiting it out.
   */
  releaseHeld(): void {
    for (const pending of this.timers) {
      clearTimeout(pending.timer);
      pending.resolve();
    }
    this.timers.clear();
  }

  clearLog(): void {
    this.log.clear();
    this.socketPeak = this.openSockets;
  }

  /** Resolves with the first logged request that matches, now or later. */
  waitForRequest(predicate: (r: LoggedRequest) => boolean, timeoutMs = 5000): Promise<LoggedRequest> {
    return this.log.waitFor(predicate, timeoutMs);
  }

  /** Resolves with the first CORS preflight (see `preflights`) that matches, now or later. */
  waitForPreflight(predicate: (r: LoggedRequest) => boolean = () => true, timeoutMs = 5000): Promise<LoggedRequest> {
    return this.log.waitFor(predicate, timeoutMs, 'preflight');
  }

  /**
   * Resolves as soon as a matching request has arrived, before it is answered (its status is 0 until then): for
   * acting while a request is held by a latency fault.
   */
  waitForArrival(predicate: (r: LoggedRequest) => boolean, timeoutMs = 5000): Promise<LoggedRequest> {
    return this.log.waitFor(predicate, timeoutMs, 'arrival');
  }

  /** Requests received and not yet answered. */
  get inFlight(): number {
    return this.log.inFlightCount;
  }

  /** The most requests in flight at once since the log was last cleared (`clearLog`). */
  get peakInFlight(): number {
    return this.log.peakInFlight;
  }

  /** TCP connections open now (keep-alive ones included). */
  get connections(): number {
    return this.openSockets;
  }

  /** The most TCP connections open at once since the log was last cleared (`clearLog`). */
  get peakConnections(): number {
    return this.socketPeak;
  }

  private countSocket(socket: Socket): void {
    this.openSockets += 1;
    this.socketPeak = Math.max(this.socketPeak, this.openSockets);
    socket.once('close', () => { this.openSockets -= 1; });
  }

  /**
   * Appends a newest event (id after the current newest, created now), for "new activity" tests. Unset fields follow
   * the kind matching `action`/`targetType` (an issue opened by the first token's user, by default).
   */
  addEvent(partial: Partial<DoubleEvent> = {}): DoubleEvent {
    return completeEvent(this.data, this.context.factory, partial, this.context.now(), this.context.options.defaultUserId);
  }

  /**
   * Appends a newest to-do (the next id, created now unless given): a pending `mentioned` to-do on a new issue of
   * project 1 by user 2, for the first token's user, unless the partial says otherwise.
   */
  addTodo(partial: Partial<DoubleTodo> = {}): DoubleTodo {
    return completeTodo(this.data, partial, this.context.now(), this.context.options.defaultUserId);
  }

  /**
   * A person opens an issue's or merge request's page in the browser at `at` (now unless given): GitLab logs the view
   * (`log_issue_show`, `log_merge_request_show`) in a set of the last 100 per user and type, which
   * `currentUser.recentlyViewedItems` reads.
   */
  viewInBrowser(userId: number, item: { model: 'Issue' | 'MergeRequest'; id: number }, at: Date = this.context.now()): void {
    const views = (this.data.recentViews ??= []);
    const rest = views.filter((view) => !(view.userId === userId && view.model === item.model && view.id === item.id));
    rest.push({ userId, model: item.model, id: item.id, viewedAt: at.toISOString().replace(/\.\d{3}Z$/, 'Z') });
    const mine = rest.filter((view) => view.userId === userId && view.model === item.model).sort((a, b) => b.viewedAt.localeCompare(a.viewedAt));
    const dropped = new Set(mine.slice(100));
    views.splice(0, views.length, ...rest.filter((view) => !dropped.has(view)));
  }

  /**
   * Deletes a project as GitLab does: the project, its events and its stars go (`/projects/:id/events` answers 404 from
   * then on, and it leaves every starred list). For a feed's source that vanishes while it is read.
   */
  removeProject(id: number): void {
    const { data } = this;
    const at = data.projects.findIndex((project) => project.id === id);
    if (at < 0) throw new Error(`There is no project ${id}.`);
    data.projects.splice(at, 1);
    for (let n = data.events.length - 1; n >= 0; n--) if (data.events[n].projectId === id) data.events.splice(n, 1);
    for (let n = data.stars.length - 1; n >= 0; n--) if (data.stars[n].projectId === id) data.stars.splice(n, 1);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.releaseHeld();
    this.log.dispose();
    const closing = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closing;
  }

  private sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const pending = {
        resolve,
        timer: setTimeout(() => {
          this.timers.delete(pending);
          resolve();
        }, ms),
      };
      this.timers.add(pending);
    });
  }
}
