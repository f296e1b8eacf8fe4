import { readFileSync } from 'node:fs';
import type { Dispatcher } from 'undici';
import { createDispatcher } from '../gitlab';
import type { ExtensionConfig } from './config';
import type { Log } from './log';

/** The connection pool of every account's client, with the user's proxy and CA settings. */
export function networkDispatcher(config: ExtensionConfig, log: Pick<Log, 'error'>): Dispatcher {
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
  return createDispatcher({ proxyUrl: config.proxy, extraCa, rejectUnauthorized: !config.ignoreCertificateErrors });
}
