import { coerceInteger, INVALID } from './coerce';
import { toQuery } from './query';

/** Offset pagination as GitLab does it (behaviour note §1.7, §3.8): Kaminari defaults and the header builder. */

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
/** Kaminari's MAX_COUNT_LIMIT. */
export const MAX_COUNT_LIMIT = 10_000;

export interface PageParams {
  /** Effective page, at least 1 (Kaminari treats 0 and negatives as 1). */
  page: number;
  /** Effective page size, the X-Per-Page value: at most 100; a negative request is ignored (20). */
  perPage: number;
  /** `params[:per_page]` as Grape holds it: echoed as is in Link. */
  perPageParam: number;
  offset: number;
}

export function parsePagination(query: Record<string, string>): { page?: PageParams; errors: string[] } {
  const errors: string[] = [];
  const page = coerceInteger(query.page);
  const perPage = coerceInteger(query.per_page);
  if (page === INVALID) errors.push('page is invalid');
  if (perPage === INVALID) errors.push('per_page is invalid');
  else if (perPage === 0) errors.push('per_page has a value not allowed');
  if (errors.length > 0 || page === INVALID || perPage === INVALID) return { errors };
  const perPageParam = perPage ?? DEFAULT_PER_PAGE;
  const effectivePerPage = perPageParam < 0 ? DEFAULT_PER_PAGE : Math.min(perPageParam, MAX_PER_PAGE);
  const effectivePage = Math.max(page ?? 1, 1);
  return {
    page: {
      page: effectivePage, perPage: effectivePerPage, perPageParam, offset: (effectivePage - 1) * effectivePerPage,
    },
    errors,
  };
}

export type Counting =
  /** Counted: `omitTotals` drops X-Total, X-Total-Pages and rel="last" but keeps next/prev from the count. */
  | { kind: 'counted'; total: number; omitTotals?: boolean }
  /** Kaminari `without_count` (relations above 10 000): next page known from one extra row only. */
  | { kind: 'uncounted'; hasNext: boolean; empty: boolean };

export interface LinkSource {
  /** Absolute URL of the request without its query. */
  base: string;
  /** Every request param plus defaults and route params; page and per_page are set per link. */
  params: Record<string, string>;
}

export function paginationHeaders(page: PageParams, counting: Counting, link: LinkSource): Record<string, string> {
  let next: number | null;
  let prev: number | null;
  let totalPages: number | null = null;
  if (counting.kind === 'counted') {
    const pages = Math.ceil(counting.total / page.perPage);
    const outOfRange = page.page > pages;
    next = outOfRange || page.page >= pages ? null : page.page + 1;
    prev = outOfRange || page.page === 1 ? null : page.page - 1;
    if (!counting.omitTotals) totalPages = Math.max(pages, 1);
  } else {
    next = counting.hasNext ? page.page + 1 : null;
    prev = counting.empty || page.page === 1 ? null : page.page - 1;
  }
  const href = (n: number) => `${link.base}?${toQuery({ ...link.params, page: String(n), per_page: String(page.perPageParam) })}`;
  const links: string[] = [];
  if (prev !== null) links.push(`<${href(prev)}>; rel="prev"`);
  if (next !== null) links.push(`<${href(next)}>; rel="next"`);
  links.push(`<${href(1)}>; rel="first"`);
  if (totalPages !== null) links.push(`<${href(totalPages)}>; rel="last"`);

  const headers: Record<string, string> = {
    'X-Per-Page': String(page.perPage),
    'X-Page': String(page.page),
    'X-Next-Page': next === null ? '' : String(next),
    'X-Prev-Page': prev === null ? '' : String(prev),
    Link: links.join(', '),
  };
  if (totalPages !== null && counting.kind === 'counted') {
    headers['X-Total'] = String(counting.total);
    headers['X-Total-Pages'] = String(totalPages);
  }
  return headers;
}

/** Pages an ActiveRecord-like list: counted up to 10 000 rows, `without_count` above (§1.7). */
export function pageOfList<T>(items: readonly T[], page: PageParams): { items: T[]; counting: Counting } {
  const slice = items.slice(page.offset, page.offset + page.perPage);
  if (items.length > MAX_COUNT_LIMIT) {
    return { items: slice, counting: { kind: 'uncounted', hasNext: items.length > page.offset + page.perPage, empty: slice.length === 0 } };
  }
  return { items: slice, counting: { kind: 'counted', total: items.length } };
}
