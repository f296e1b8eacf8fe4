import { readFileSync } from 'node:fs';
import type { HttpExchange } from '../gitlab/exchange';
import { createDispatcher } from './dispatcher';
import { UndiciExchange } from './undiciExchange';

export interface NetworkSettings {
  proxy: string;
  caFile: string;
  ignoreCertificateErrors: boolean;
}

/** The exchange of every account's client in the Node host: one connection pool with the user's proxy and CA settings. */
export function networkExchange(config: NetworkSettings, log: { error(message: string, error?: unknown): void }): HttpExchange {
  let extraCa: string | undefined;
  if (config.caFile) {
    // An explicit CA list replaces Node's default store, which includes NODE_EXTRA_CA_CERTS: keep those too.
    const files = [config.caFile, process.env.NODE_EXTRA_CA_CERTS].filter((file): file is string => Boolean(file));
    const pems = files.flatMap((file) => {
      try {
        return [readFileSync(file, 'utf8')];
      } catch (error) {
        log.error(`Could not read the CA file ${file}`, error);
        return [];
      }
    });
    extraCa = pems.length > 0 ? pems.join('\n') : undefined;
  }
  return new UndiciExchange(createDispatcher({ proxyUrl: config.proxy, extraCa, rejectUnauthorized: !config.ignoreCertificateErrors }));
}
