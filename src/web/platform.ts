import { FetchExchange } from '../gitlab';
import type { Platform } from '../ui/platform';

/**
 * A browser's web worker (VS Code for the Web, GitLab's Web IDE, a browser workbench): the browser's `fetch`, which
 * takes no proxy or CA from the settings; no environment, no local disk (folders are read through the workbench).
 */
export function webPlatform(): Platform {
  let said = false;
  return {
    host: 'web',
    env: () => undefined,
    exchange: (config, log) => {
      if (!said && (config.proxy || config.caFile || config.ignoreCertificateErrors)) {
        said = true;
        log.info('In the browser the proxy, CA file and certificate settings do not apply: the browser decides them.');
      }
      return new FetchExchange();
    },
  };
}
