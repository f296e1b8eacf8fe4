import { GitLabClient, Transport, createDispatcher, type NetworkOptions } from '../../../../src/gitlab';
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
    instanceUrl, token: () => TOKEN, dispatcher, timeoutMs: 5_000, sleep: async () => undefined, random: () => 0.5,
  });
  return { client: new GitLabClient(transport), close: () => dispatcher.close() };
}
