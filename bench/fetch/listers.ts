import { Gitlab } from '@gitbeaker/rest';
import { Agent, request, type Dispatcher } from 'undici';
import { GitLabClient, NO_FILTER, Transport, readPages } from '../../src/gitlab';
import type { HttpExchange } from '../../src/gitlab/exchange';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { createDispatcher } from '../../src/node/dispatcher';

export const TOKEN = 'glpat-test-token';
export const PER_PAGE = 100;

/** Lists every event of the signed-in user, all pages; `run` returns how many events it got. */
export interface Lister {
  run(): Promise<number>;
  close(): Promise<void>;
}

/**
 * (A) The extension's client over an exchange: by default undici on the dispatcher the extension builds (the Node
 * extension host); another dispatcher for a variant, or the `fetch` exchange of the browser build. It reads every page
 * as the extension does where it reads many (the Markdown range: `readPages` over `listEvents`), one page at a time
 * here so that it compares with the sequential floor request for request. Closing it closes the exchange (its pool).
 */
export function clientLister(url: string, exchange: HttpExchange = new UndiciExchange(createDispatcher())): Lister {
  const client = new GitLabClient(new Transport({ instanceUrl: url, token: () => TOKEN, exchange }));
  return {
    run: async () => {
      const pages = await readPages((page, signal) => client.listEvents({ kind: 'mine' }, NO_FILTER, { page, perPage: PER_PAGE }, signal), { window: 1 });
      return pages.reduce((sum, page) => sum + page.items.length, 0);
    },
    close: () => exchange.close(),
  };
}

/**
 * (B) The floor: undici's `request` on a keep-alive Agent, following X-Next-Page, `JSON.parse` of each body and
 * nothing else (no URL building beyond a template string, no checks, no retries, no shape validation). It keeps the
 * events, as every lister must: dropping them would let the collector free each page young and flatter the floor.
 */
export function floorLister(url: string, dispatcher: Dispatcher = new Agent({ keepAliveTimeout: 30_000 })): Lister {
  return {
    run: async () => {
      const all: unknown[] = [];
      let page = '1';
      while (page) {
        const response = await request(`${url}/api/v4/events?page=${page}&per_page=${PER_PAGE}`, {
          dispatcher, headers: { 'private-token': TOKEN },
        });
        const items = JSON.parse(await response.body.text()) as unknown[];
        for (const item of items) all.push(item);
        const next = response.headers['x-next-page'];
        page = typeof next === 'string' ? next : '';
      }
      return all.length;
    },
    close: () => dispatcher.close(),
  };
}

/**
 * (B-fetch) The floor of the `fetch` exchange: the platform's `fetch` (in Node, Node's own, over its process-wide
 * pool), following X-Next-Page, `JSON.parse` of each body's text and nothing else: `floorLister` with `fetch` in place
 * of undici's `request`, keeping the events likewise.
 */
export function fetchFloorLister(url: string): Lister {
  return {
    run: async () => {
      const all: unknown[] = [];
      let page = '1';
      while (page) {
        const response = await fetch(`${url}/api/v4/events?page=${page}&per_page=${PER_PAGE}`, {
          headers: { 'private-token': TOKEN },
        });
        const items = JSON.parse(await response.text()) as unknown[];
        for (const item of items) all.push(item);
        const next = response.headers.get('x-next-page');
        page = typeof next === 'string' ? next : '';
      }
      return all.length;
    },
    // The process-wide pool of `fetch` cannot be closed by a caller.
    close: async () => undefined,
  };
}

/**
 * The peer's own client-side rate limiter allows 3,000 requests a minute by default; the interleaved rounds send
 * about that many, so it could make the peer wait. It is set out of reach: the comparison is of clients, not limits.
 */
export const PEER_RATE_LIMIT_PER_MINUTE = 1e9;

/** (C) The peer: @gitbeaker/rest listing all of the user's events (it follows `Link: rel="next"`, over `fetch`). */
export function peerLister(url: string): Lister {
  const api = new Gitlab({ host: url, token: TOKEN, rateLimits: { '**': PEER_RATE_LIMIT_PER_MINUTE } });
  return {
    run: async () => (await api.Events.all({ perPage: PER_PAGE })).length,
    // It uses the process-wide fetch dispatcher, which it does not let a caller close.
    close: async () => undefined,
  };
}
