import { Agent } from 'undici';
import { GitLabClient, Transport, type RequestLogEntry, type TransportOptions } from '../../../src/gitlab';
import { GitLabDouble, type DoubleOptions } from '../../double';

export const TOKEN = 'glpat-test-token';

export interface TestClient {
  client: GitLabClient;
  transport: Transport;
  log: RequestLogEntry[];
  sleeps: number[];
  close(): Promise<void>;
}

/** A client against `instanceUrl` whose waits are recorded, not slept, so retry tests run fast. */
export function makeClient(instanceUrl: string, overrides: Partial<TransportOptions> = {}): TestClient {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const log: RequestLogEntry[] = [];
  const sleeps: number[] = [];
  const transport = new Transport({
    instanceUrl,
    token: () => TOKEN,
    dispatcher,
    timeoutMs: 5_000,
    log: (entry) => log.push(entry),
    sleep: async (ms) => { sleeps.push(ms); },
    random: () => 0.5,
    ...overrides,
  });
  return { client: new GitLabClient(transport), transport, log, sleeps, close: () => dispatcher.close() };
}

/**
 * For a `describe` block: starts a GitLab double and a client of it before its tests (handed to `use`), and closes
 * both after them.
 */
export function withDoubleAndClient(options: DoubleOptions, use: (double: GitLabDouble, client: TestClient) => void): void {
  let started: { double: GitLabDouble; client: TestClient } | undefined;
  before(async () => {
    const double = await GitLabDouble.start(options);
    started = { double, client: makeClient(double.url) };
    use(started.double, started.client);
  });
  after(async () => {
    await started?.client.close();
    await started?.double.close();
  });
}
