import type { AuthRequirement } from '../auth';
import type { ApiRequest } from '../http/request';
import type { ApiResponse } from '../http/response';
import type { Edition, GraphqlSchemaVersion, ListingRateLimit } from '../types';
import type { EventFactory } from '../world/event-kinds';
import type { RateLimiter } from '../rate-limits';
import type { DoubleData, DoubleUser } from '../world/types';

/** Options after defaults, as the routes read them. */
export interface ResolvedOptions {
  edition: Edition;
  strictAction: boolean;
  fineGrainedEnforced: boolean;
  withoutUserEndpoint: boolean;
  withoutDiscovery: boolean;
  eventTotals: 'capped' | 'omitted';
  dottedUsernamesFail: boolean;
  withoutPagingHeaders: boolean;
  specEvents: boolean;
  /** `/todos` is an unknown route (a server of the interface spec). */
  withoutTodos: boolean;
  /** The GraphQL schema `/api/graphql` serves, or none (404). */
  graphql: GraphqlSchemaVersion;
  scopeAll: 'window' | 'perProject' | 'complete';
  ignoresScope: boolean;
  gitlabVersion: string;
  /** Limit per window of each listing that has one, when GitLab's flags are on. */
  listingRateLimits: Partial<Record<ListingRateLimit, number>>;
  /** User of the first token: the default author of added events and target of control-surface settings. */
  defaultUserId: number;
}

/** What every route can reach: the world, the options, the server's own URL and its clock. */
export interface DoubleContext {
  data: DoubleData;
  factory: EventFactory;
  options: ResolvedOptions;
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  now(): Date;
  /** Counts requests against the listings' rate limits (see `rate-limits.ts`). */
  rateLimiter: RateLimiter;
}

export interface RouteContext {
  request: ApiRequest;
  /** Path params, decoded. */
  params: Record<string, string>;
  user: DoubleUser | null;
  double: DoubleContext;
}

export interface Route extends AuthRequirement {
  method: 'GET' | 'PUT' | 'POST';
  /** Path below /api/v4 with `:name` segments, for example `/projects/:id/events`. */
  pattern: string;
  /** Off for some server flavours (a spec-only server has no /user, for example). */
  enabled?: (options: ResolvedOptions) => boolean;
  /** Extra condition on the raw path params (a route that does not match falls through to the catch-all 404). */
  accepts?: (rawParams: Record<string, string>, options: ResolvedOptions) => boolean;
  handle(context: RouteContext): ApiResponse;
}

/** Scopes by endpoint (§1.4): every GET takes `api` and `read_api`; writes take `api` only. */
export const READ_SCOPES = ['api', 'read_api'] as const;
export const READ_USER_SCOPES = ['api', 'read_api', 'read_user'] as const;
export const WRITE_SCOPES = ['api'] as const;
