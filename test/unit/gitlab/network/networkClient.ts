import { GitLabClient, Transport } from '../../../../src/gitlab';
import { UndiciExchange } from '../../../../src/node/undiciExchange';
import { createDispatcher, type NetworkOptions } from '../../../../src/node/dispatcher';
import { TOKEN } from '../helpers';

export interface NetworkClient {
  client: GitLabClient;
  close(): Promise<void>;
}

/**
 * A client over the production dispatcher built from `options`. Retries stay on (network errors are retried) but
 * their waits are skipped so a failing handshake reports quickly.
 */
export function networkClient(instanceUrl: string, options: NetworkOptions): NetworkClient {
  const dispatcher = createDispatcher({ keepAliveMs: 5_000, ...options });
  const transport = new Transport({
    instanceUrl, token: () => TOKEN, exchange: new UndiciExchange(dispatcher), timeoutMs: 5_000, sleep: async () => undefined, random: () => 0.5,
  });
  return { client: new GitLabClient(transport), close: () => dispatcher.close() };
}
