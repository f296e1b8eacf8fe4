import assert from 'node:assert/strict';
import { Agent } from 'undici';
import {
  FetchExchange, GitLabClient, GitLabError, readPages, Transport, type EventSource, type GitLabApi, type GitLabErrorKind, type GitLabEvent, type HttpExchange,
  type RequestLogEntry, type TransportOptions, type ValidEventFilter,
} from '../../../src/gitlab';
import { UndiciExchange } from '../../../src/node/undiciExchange';
import { GitLabDouble, type DoubleOptions } from '../../double';

export const TOKEN = 'glpat-test-token';

export interface TestClient {
  client: GitLabClient;
  transport: Transport;
  log: RequestLogEntry[];
  sleeps: number[];
  close(): Promise<void>;
}

/**
 * The two ways requests leave the extension: undici in the Node host, `fetch` in a browser's worker (here Node's own
 * `fetch`). Suites of the transport's behaviour (retries, paging, bounds, masking, errors) run over both.
 */
export const EXCHANGES = ['undici', 'fetch'] as const;
export type ExchangeKind = (typeof EXCHANGES)[number];

function newExchange(kind: ExchangeKind): HttpExchange {
  return kind === 'fetch' ? new FetchExchange() : new UndiciExchange(new Agent({ keepAliveTimeout: 10_000 }));
}

/** A client against `instanceUrl` whose waits are recorded, not slept, so retry tests run fast. */
export function makeClient(instanceUrl: string, overrides: Partial<TransportOptions> = {}, kind: ExchangeKind = 'undici'): TestClient {
  const exchange = newExchange(kind);
  const log: RequestLogEntry[] = [];
  const sleeps: number[] = [];
  const transport = new Transport({
    instanceUrl,
    token: () => TOKEN,
    exchange,
    timeoutMs: 5_000,
    log: (entry) => log.push(entry),
    sleep: async (ms) => { sleeps.push(ms); },
    random: () => 0.5,
    ...overrides,
  });
  return { client: new GitLabClient(transport), transport, log, sleeps, close: () => exchange.close() };
}

/**
 * For a `describe` block: starts a GitLab double and a client of it before its tests (handed to `use`), and closes
 * both after them.
 */
export function withDoubleAndClient(options: DoubleOptions, use: (double: GitLabDouble, client: TestClient) => void, kind: ExchangeKind = 'undici'): void {
  let started: { double: GitLabDouble; client: TestClient } | undefined;
  before(async () => {
    const double = await GitLabDouble.start(options);
    started = { double, client: makeClient(double.url, {}, kind) };
    use(started.double, started.client);
  });
  after(async () => {
    await started?.client.close();
    await started?.double.close();
  });
}

/** The `GitLabError` of `kind` that `promise` fails with; never one that carries the token. */
export async function rejectsWith(promise: Promise<unknown>, kind: GitLabErrorKind): Promise<GitLabError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GitLabError, `expected a GitLabError, got ${String(error)}`);
    assert.equal(error.kind, kind, `${error.kind}: ${error.message}`);
    assert.ok(!JSON.stringify({ ...error, message: error.message }).includes(TOKEN), 'the token must not appear in errors');
    return error;
  }
  assert.fail(`expected a ${kind} error`);
}

/** Every event of a listing, read as the extension reads many pages (`readPages`), here one page at a time, in order. */
export async function readAllEvents(api: GitLabApi, source: EventSource, filter: ValidEventFilter, perPage = 100): Promise<GitLabEvent[]> {
  const pages = await readPages((page, signal) => api.listEvents(source, filter, { page, perPage }, signal), { window: 1 });
  return pages.flatMap((page) => page.items);
}
