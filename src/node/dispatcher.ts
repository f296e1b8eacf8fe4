import { rootCertificates } from 'node:tls';
import type { Dispatcher } from 'undici';
import { undici } from './undiciModule';

export interface NetworkOptions {
  /** Explicit proxy URL (`gitlabActivity.proxy` or `http.proxy`); empty uses `HTTPS_PROXY`/`HTTP_PROXY`. */
  proxyUrl?: string;
  /** Hosts that bypass the proxy (`NO_PROXY` syntax); empty uses the `NO_PROXY` environment variable. */
  noProxy?: string;
  /** Extra trusted certificate authorities (PEM text), added to Node's own roots rather than replacing them. */
  extraCa?: string;
  /** Accept invalid certificates (test instances only). */
  rejectUnauthorized?: boolean;
  /** Idle keep-alive time of pooled connections. */
  keepAliveMs?: number;
}

/**
 * Connections open at once to one origin (the instance, or the proxy's tunnel to it), as a browser bounds its own:
 * more requests than this wait in the pool's queue instead of each opening a socket. As many as the widest window
 * of pages the benchmark reads with (8), twice the window the extension reads and looks up with (4).
 */
export const MAX_CONNECTIONS_PER_ORIGIN = 8;

/**
 * One keep-alive connection pool per configuration, at most `MAX_CONNECTIONS_PER_ORIGIN` connections per origin. Proxy choice and NO_PROXY matching are undici's
 * (`EnvHttpProxyAgent`); the same TLS options apply to direct connections, to the proxy, and to the tunnelled
 * connection, so a private CA and a proxy work together.
 */
export function createDispatcher(options: NetworkOptions = {}): Dispatcher {
  const tls = {
    ...(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}),
    ...(options.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
  };
  const proxy = options.proxyUrl?.trim() || undefined;
  return new (undici().EnvHttpProxyAgent)({
    ...(proxy ? { httpProxy: proxy, httpsProxy: proxy } : {}),
    ...(options.noProxy?.trim() ? { noProxy: options.noProxy.trim() } : {}),
    keepAliveTimeout: options.keepAliveMs ?? 30_000,
    connections: MAX_CONNECTIONS_PER_ORIGIN,
    connect: tls,
    requestTls: tls,
    proxyTls: tls,
  });
}
