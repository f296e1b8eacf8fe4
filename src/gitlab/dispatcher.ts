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
 * One keep-alive connection pool per configuration. Proxy choice and NO_PROXY matching are undici's
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
    connect: tls,
    requestTls: tls,
    proxyTls: tls,
  });
}
