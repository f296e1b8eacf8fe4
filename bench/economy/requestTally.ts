/** A request as the server logged it, reduced to what identifies it. */
export interface TalliedRequest {
  method: string;
  path: string;
  /** The path as sent (still percent-encoded), when the log has it. */
  rawPath?: string;
  query: Record<string, string>;
  status: number;
  /** The body, when the log has it: what tells one GraphQL request from another. */
  body?: string;
}

export interface RequestCount {
  request: string;
  count: number;
}

export interface Tally {
  total: number;
  distinct: number;
  /** Requests made more than once in the phase: each is a wasted round trip unless the data changed in between. */
  duplicated: RequestCount[];
  requests: RequestCount[];
}

/** `GET /api/v4/events?page=1&per_page=20`, query keys sorted so equal requests read the same. */
export function requestKey(r: TalliedRequest): string {
  const query = Object.entries(r.query).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join('&');
  return `${r.method} ${r.rawPath ?? r.path}${query ? `?${query}` : ''}${graphqlOperation(r)}${r.status === 200 ? '' : ` → ${r.status}`}`;
}

/**
 * ` subscribedIssues {"first":100}`: every GraphQL request is `POST /api/graphql`, so its operation and variables tell
 * one from another (two different queries are no duplicate; the same query with the same variables is).
 */
function graphqlOperation(r: TalliedRequest): string {
  if (!r.path.endsWith('/api/graphql') || !r.body) return '';
  try {
    const { query, variables, operationName } = JSON.parse(r.body) as { query?: unknown; variables?: unknown; operationName?: unknown };
    const name = typeof operationName === 'string' ? operationName : /^\s*(?:query|mutation)\s+(\w+)/.exec(String(query ?? ''))?.[1];
    const values = variables && typeof variables === 'object' && Object.keys(variables).length > 0 ? ` ${JSON.stringify(variables)}` : '';
    return ` ${name ?? '(anonymous)'}${values}`;
  } catch {
    return ' (not JSON)';
  }
}

/** Requests per cycle over several cycles (each expected to be the same), duplicates counted within a cycle. */
export function tallyPerCycle(cycles: ReadonlyArray<readonly TalliedRequest[]>): Tally {
  const all = tally(cycles.flat());
  const duplicated = cycles.flatMap((cycle) => tally(cycle).duplicated);
  return {
    total: all.total / cycles.length, distinct: all.distinct, duplicated,
    requests: all.requests.map((r) => ({ request: r.request, count: r.count / cycles.length })),
  };
}

export function tally(requests: readonly TalliedRequest[]): Tally {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(requestKey(r), (counts.get(requestKey(r)) ?? 0) + 1);
  const list = [...counts.entries()].map(([request, count]) => ({ request, count }));
  return { total: requests.length, distinct: list.length, duplicated: list.filter((r) => r.count > 1), requests: list };
}
