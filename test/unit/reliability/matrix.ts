import { ENDPOINTS, type EndpointCase } from './endpoints';
import { FAULTS, type FaultCase } from './faultCases';

export type FaultMode = 'lasting' | 'once';

/**
 * One endpoint per transport path meets every fault, lasting and once: a resource read (a GET that identical
 * concurrent callers share), an update (a PUT: retried as idempotent, never shared) and a listing (a GET whose paging
 * headers are read). The retry, backoff, timeout, size, redirect and content checks are the transport's, the same
 * for every endpoint on a path.
 */
export const TRANSPORT_PATHS: readonly string[] = ['GET /notification_settings', 'PUT /notification_settings', 'GET /events'];

/**
 * The endpoints whose answer another parse step reads (a user, a project, projects, groups) meet the faults of a
 * 200 answer whose body is read as JSON, then recover with their own body parsed. Bodies of every shape against
 * every endpoint's parse step are the response-parsing property's (properties.test.ts).
 */
export const PARSE_STEP_ENDPOINTS: readonly string[] = ['GET /user', 'GET /projects/:id', 'GET /projects?membership=true', 'GET /groups'];
export const PARSE_STEP_FAULTS: readonly string[] = ['truncated JSON', 'HTML with 200', 'wrong content type'];

export interface MatrixCase {
  endpoint: EndpointCase;
  fault: FaultCase;
  mode: FaultMode;
}

function endpoint(name: string): EndpointCase {
  const found = ENDPOINTS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No endpoint ${name}`);
  return found;
}

export const MATRIX: readonly MatrixCase[] = [
  ...TRANSPORT_PATHS.flatMap((name) => FAULTS.flatMap((fault) => (['lasting', 'once'] as const).map((mode) => ({ endpoint: endpoint(name), fault, mode })))),
  ...PARSE_STEP_ENDPOINTS.flatMap((name) => FAULTS.filter((fault) => PARSE_STEP_FAULTS.includes(fault.name))
    .map((fault) => ({ endpoint: endpoint(name), fault, mode: 'lasting' as const }))),
];
