import type { Page, PageRequest } from './types';

/**
 * GitLab's offset pagination (behaviour note §1.7): follow `X-Next-Page`, or `rel="next"` in `Link`, until it is
 * empty. A short or empty page is not the end: events the caller may not see are dropped after paging (§3.8).
 *
 * GitLab always sends these headers; the interface spec shows none. A server that sends none of them (`unpaged`) is
 * paged by size alone (`GitLabClient`): a full page may have a successor, so it is asked for; a short or empty page
 * ends the listing. A listing that ends on a full page so costs one empty request; none is ever skipped.
 */
export interface PageInfo {
  nextPage?: number;
  perPage?: number;
  total?: number;
  /** The server sent no pagination headers at all (a plain implementation of the interface). */
  unpaged: boolean;
}

type Headers = Record<string, string | string[] | undefined>;

/** GitLab's largest page (`per_page`): a larger one is asked as this. */
export const MAX_PER_PAGE = 100;

/** The most items a page asked for with `perPage` may hold: what was asked, as GitLab clamps it. */
export const pageLimit = (perPage: number | undefined): number => Math.min(perPage ?? MAX_PER_PAGE, MAX_PER_PAGE);

/**
 * One page of a listing from its answer: the next page from the headers, or, without any, from the page's size. A
 * page is cut to the size asked: GitLab never sends more, and a server that does (20,000 to-dos for 20) would
 * otherwise fill a list, and the host drawing it, with whatever it chose.
 */
export function toPage<T>(response: { data: T[]; headers: Headers }, requested: PageRequest): Page<T> {
  const info = readPageInfo(response.headers);
  const page = requested.page ?? 1;
  const limit = pageLimit(requested.perPage);
  const items = response.data.length > limit ? response.data.slice(0, limit) : response.data;
  let nextPage = info.nextPage;
  // A server with no pagination headers at all: a full page may have a successor; an empty one ends it.
  if (info.unpaged && requested.perPage !== undefined && items.length >= limit) nextPage = page + 1;
  return { items, nextPage, page, perPage: info.perPage ?? requested.perPage, total: info.total };
}

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

export function readPageInfo(headers: Headers): PageInfo {
  const nextHeader = header(headers, 'x-next-page');
  const link = header(headers, 'link');
  let nextPage = positiveInt(nextHeader);
  if (nextPage === undefined && nextHeader === undefined && link) nextPage = nextFromLink(link);
  return {
    nextPage,
    perPage: positiveInt(header(headers, 'x-per-page')),
    total: positiveInt(header(headers, 'x-total')) ?? (header(headers, 'x-total')?.trim() === '0' ? 0 : undefined),
    unpaged: nextHeader === undefined && link === undefined && header(headers, 'x-page') === undefined,
  };
}

function nextFromLink(link: string): number | undefined {
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (!match) continue;
    try {
      return positiveInt(new URL(match[1]).searchParams.get('page') ?? undefined);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
