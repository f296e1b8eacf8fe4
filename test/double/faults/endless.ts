import type { ApiRequest } from '../http/request';
import type { ApiResponse } from '../http/response';
import { toQuery } from '../http/query';

/** Ids of page n are those of page 1 moved by (n - 1) times this: every page's items are new to the client. */
export const ENDLESS_ID_STRIDE = 10_000_000;

/**
 * A listing that never ends, as a broken or hostile server may answer: page n holds the items of page 1 again (so
 * the listing's own filter holds for them), each id moved past every earlier page's, and every page names page n + 1
 * as the next (`X-Next-Page`, `rel="next"`), with no totals to say where it ends. Other answers pass unchanged.
 */
export function endlessPage(request: ApiRequest, baseUrl: string, answer: (request: ApiRequest) => ApiResponse): ApiResponse {
  const asked = Number.parseInt(request.query.page ?? '1', 10);
  const page = Number.isSafeInteger(asked) && asked > 1 ? asked : 1;
  const first = answer({ ...request, query: { ...request.query, page: '1' } });
  if (first.status !== 200) return first;
  let items: unknown;
  try {
    items = JSON.parse(first.body.toString());
  } catch {
    return first;
  }
  if (!Array.isArray(items)) return first;
  const shift = (page - 1) * ENDLESS_ID_STRIDE;
  const moved = items.map((item: unknown) => {
    const record = item as Record<string, unknown> | null;
    return record && typeof record === 'object' && typeof record.id === 'number' ? { ...record, id: record.id + shift } : item;
  });
  const headers: Record<string, string> = {};
  const paging = new Set(['x-page', 'x-next-page', 'x-prev-page', 'x-total', 'x-total-pages', 'link']);
  for (const [name, value] of Object.entries(first.headers)) if (!paging.has(name.toLowerCase())) headers[name] = value;
  const href = (n: number) => `<${baseUrl}${request.rawPath}?${toQuery({ ...request.query, page: String(n) })}>`;
  headers['X-Page'] = String(page);
  headers['X-Next-Page'] = String(page + 1);
  headers['X-Prev-Page'] = page > 1 ? String(page - 1) : '';
  headers.Link = [...(page > 1 ? [`${href(page - 1)}; rel="prev"`] : []), `${href(page + 1)}; rel="next"`, `${href(1)}; rel="first"`].join(', ');
  return { status: 200, headers, body: JSON.stringify(moved) };
}
