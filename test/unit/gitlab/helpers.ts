import { Agent } from 'undici';
import { GitLabClient, Transport, type RequestLogEntry, type TransportOptions } from '../../../src/gitlab';

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
