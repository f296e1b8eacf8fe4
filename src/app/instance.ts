import { pathStaysUnder, trimInstanceUrl } from '../gitlab/url';

/**
 * An instance's identity, in one place: how its URL is checked, spelled once, compared and shown. Tokens, accounts,
 * clients and list entries are all keyed by `normalizeInstanceUrl`, so a workspace that spells the instance another way
 * (`https://GitLab.com:443/`, a trailing `#`) still names the same one.
 */

/** One spelling per instance: lower case, no trailing slash, default port dropped. Unparsable text is only trimmed. */
export function normalizeInstanceUrl(value: string): string {
  const text = value.trim();
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return trimInstanceUrl(text).toLowerCase();
  }
}

export function sameInstance(a: string, b: string): boolean {
  return normalizeInstanceUrl(a) === normalizeInstanceUrl(b);
}

/** The host (and port) people know an instance by; the text itself when it is not a URL. */
export function instanceHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Whether a value is an http(s) URL that can name an instance (no credentials in it). */
export function isInstanceUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** `value` as a URL when it is an http(s) one; anything else is not a page to open. */
export function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `url` is a page of the instance at `instance`: the same origin, and a path under the instance's path as the
 * server reads it, decoded and resolved (`pathStaysUnder`: `https://host/gitlab/..%2Fother` is not under `/gitlab`).
 */
export function isInstancePage(url: URL, instance: URL): boolean {
  return url.origin === instance.origin && pathStaysUnder(url.pathname, instance.pathname);
}

/** `value` when it is an http(s) page of the instance (`isInstancePage`) without credentials; undefined otherwise. */
export function instancePage(value: unknown, instanceUrl: string): URL | undefined {
  const url = httpUrl(value);
  const instance = httpUrl(instanceUrl);
  if (!url || !instance || url.username || url.password) return undefined;
  return isInstancePage(url, instance) ? url : undefined;
}
