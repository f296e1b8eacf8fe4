/** Public option, log and fault types of the GitLab test double. */

export type TokenScope = 'api' | 'read_api' | 'read_user';

export interface DoubleToken {
  token: string;
  scopes: TokenScope[];
  /** The user the token belongs to (default 1). */
  userId?: number;
  state?: 'active' | 'expired' | 'revoked';
  /**
   * A fine-grained personal access token (GitLab 18.10+, behaviour note §3B) with these permissions (`read_event`,
   * `read_notification_setting`…): its `scopes` are not consulted on routes that name a permission.
   */
  permissions?: string[];
}

export type Edition = 'spec' | 'ce' | 'ee';

/**
 * Which GitLab's GraphQL schema `/api/graphql` serves (to-dos note §4, §6), and so which GitLab is played: `19.3`
 * (as `current`, and `currentUser.workItems` answers epics across groups; `GET /user/preferences` carries the working
 * hours of phone notifications), `current` (18.x), `17.5` (to-dos as 17.4;
 * the `subscribed` filter accepted but ignored, as with the flag `filter_subscriptions` off: subscriptions note §2.1),
 * `17.4` (snooze one to-do, no `isSnoozed`, no many-mutations but `todoRestoreMany` of up to 50; no `subscribed`
 * filter), `16.11` (no snooze at all), or `none` (404).
 */
export type GraphqlSchemaVersion = '19.3' | 'current' | '17.5' | '17.4' | '16.11' | 'none';

export interface DoubleOptions {
  /** 0 = a free port (default). */
  port?: number;
  /** Which custom-level event keys the server knows (behaviour note §2.3). Default 'ee'. */
  edition?: Edition;
  /** Default: one `api` token, 'glpat-test-token', for user 1. */
  tokens?: DoubleToken[];
  /** Number of generated events (default 200), spread over the generated projects and users. */
  events?: number;
  /** Random pending to-dos of user 1 added, older, before the fixed cast of to-dos (default 0). */
  todos?: number;
  /**
   * Extra explicit subscriptions of user 1, per kind, beside the fixed cast (default none): issues over projects 1–6,
   * merge requests over the projects of user 1's groups (1, 2), epics in those groups (`ee` only), labels at user 1's
   * projects and group 2, with a share closed or merged (see test/double/README.md, Subscriptions).
   */
  subscriptions?: { issues?: number; mergeRequests?: number; epics?: number; labels?: number };
  /** Seed of the deterministic generator (default 1). */
  seed?: number;
  /**
   * The instance or group requires fine-grained tokens (§3B): a legacy token is refused on every route that names a
   * permission, with GitLab's sentence naming the permissions. Default false.
   */
  fineGrainedEnforced?: boolean;
  /** Unknown `action` → 400 (default false: ignored, as real GitLab, §3.3). */
  strictAction?: boolean;
  /** GET /user answers 404 (a server offering only the spec's interface). */
  withoutUserEndpoint?: boolean;
  /**
   * GET /projects and GET /groups answer 404 (a server offering only the spec's interface). The other lookups beyond
   * the spec (GET /projects/:id, GET /users, GET /users/:id) go too.
   */
  withoutDiscovery?: boolean;
  /** Clock for generated data and new events (default: real time). Generated events fall within the last ~60 days. */
  now?: () => Date;
  /** Add a project, a user and titles whose names carry HTML and other hostile text (opt-in). */
  hostileNames?: boolean;
  /**
   * How event listings report counts at or above 10 000 (§3.8): 'capped' sends X-Total 10001 (default);
   * 'omitted' drops X-Total, X-Total-Pages and rel="last", as the newest GitLab code does for paginated arrays.
   */
  eventTotals?: 'capped' | 'omitted';
  /** `/users/<name.with.dot>/events` hits the catch-all 404 (an unconfirmed routing quirk, §1.2). Default false. */
  dottedUsernamesFail?: boolean;
  /**
   * Listings send no pagination headers at all (no X-Page, X-Per-Page, X-Next-Page, X-Prev-Page, X-Total,
   * X-Total-Pages, Link): the interface spec shows none, so a plain server of it may send none. Default false.
   */
  withoutPagingHeaders?: boolean;
  /**
   * Events carry the fields of the interface spec only: no `id`, `imported` or `wiki_page`; `title: null`;
   * `target_iid` and `note.noteable_iid` in project listings only; `data: null` on project listings' note events; the
   * spec's user summary, note and push data fields. `created_at` is "present on most items": every 10th event by id
   * has none. Default false.
   */
  specEvents?: boolean;
  /** `/todos` and its actions are unknown routes (404), as on a server of the interface spec. Default false. */
  withoutTodos?: boolean;
  /** The GraphQL schema served at `/api/graphql` (default `current`; `none` answers 404). */
  graphql?: GraphqlSchemaVersion;
  /**
   * What `GET /events?scope=all` answers (notes/gitlab-feeds.md §1.4): `window` (GitLab 15.0 and later, the default) the
   * 20 newest events over the caller's authorized projects and nothing else, filters, order, pages and visibility
   * applied within them; `perProject` (the JOIN LATERAL era) the newest 20 of each project, merged; `complete` (the
   * era between) every event of those projects.
   */
  scopeAll?: 'window' | 'perProject' | 'complete';
  /**
   * A server that knows no `scope` (a plain server of the interface spec, a GitLab older than the parameter): `GET
   * /events?scope=all` lists the caller's own events, and `scope` changes nothing anywhere. Default: `specOnly`.
   */
  ignoresScope?: boolean;
  /** What `GET /version` says (default: 18.2.1, 19.3.0 with `graphql: '19.3'`; 14.10.5 with `scopeAll: 'complete'`, 13.12.15 with `perProject`). */
  gitlabVersion?: string;
  /**
   * The listings' own rate limits (GitLab's flags `rate_limit_groups_and_projects_api` and
   * `rate_limiting_user_endpoints` on; feeds note §2.1, §2.2, §3.1): `true` for GitLab's defaults (`/projects` 2000 per
   * 10 minutes, `/users/:id/starred_projects`, `/following` and `/followers` 100 a minute, per user), or other numbers
   * per window. Over the limit: 429 with the application limiter's body and `Retry-After`. Default: none.
   */
  listingRateLimits?: boolean | Partial<Record<ListingRateLimit, number>>;
  /**
   * The dashboard feeds' larger world (see README, Dashboard feeds): `projects` extra projects (odd ones in a group
   * alex belongs to, even ones outside it, many starred), `followees` extra users alex follows, `events` extra events
   * among them (default 20 a project). Default: none (the fixed cast's stars and follows only).
   */
  feeds?: { projects?: number; followees?: number; events?: number };
  /**
   * A server offering only the interface spec: `edition: 'spec'` (unless given), `withoutUserEndpoint`,
   * `withoutDiscovery`, `withoutPagingHeaders`, `specEvents`, `withoutTodos`, `ignoresScope` and `graphql: 'none'`.
   * Default false.
   */
  specOnly?: boolean;
}

/** The listings with a rate limit of their own (`Gitlab::ApplicationRateLimiter` keys). */
export type ListingRateLimit = 'projects_api' | 'user_starred_projects_api' | 'user_following' | 'user_followers';

export type AuthKind = 'private-token' | 'bearer' | 'none';

export interface LoggedRequest {
  method: string;
  /** Decoded pathname, including /api/v4. */
  path: string;
  /** Pathname as received, still encoded. */
  rawPath: string;
  query: Record<string, string>;
  /** Status sent; 0 while in flight (see waitForArrival) or when the client left before an answer. */
  status: number;
  auth: AuthKind;
  /**
   * The user whose token the request carried, when the token is one the double knows (GitLab's request log records the
   * `user_id` too): who a request acted as, where several people's tokens reach one instance.
   */
  userId?: number;
  /** Arrival time (ms since epoch). Entries are appended when the response has been sent. */
  at: number;
  /** Request body text, when there was one. */
  body?: string;
  /** The request's `Origin` (or `X-Origin`, as rack-cors reads it): a browser's request from a page or worker. */
  origin?: string;
  /**
   * Set on CORS preflights only (`OPTIONS` with an origin and `Access-Control-Request-Method`): the method and headers
   * the browser asked to use. Preflights are kept apart from the requests (`GitLabDouble.preflights`), so counts of
   * requests are the same whether a client runs in Node or in a browser.
   */
  preflight?: { method: string; headers?: string };
}

export type Fault =
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
  | { kind: 'rateLimit'; style: 'rackAttack' | 'app' | 'bare'; retryAfterSeconds?: number; resetEpochSeconds?: number }
  /** Destroy the socket after sending headers and part of the body. */
  | { kind: 'reset' }
  /** Valid headers, JSON body cut in the middle (Content-Length matches the cut body). */
  | { kind: 'truncated' }
  /** 200 with a non-JSON or wrong-shape body. */
  | { kind: 'malformed'; body?: string; contentType?: string }
  /** 200 text/html proxy or login page. */
  | { kind: 'html200' }
  /** 200 application/json, streamed (chunked) body of that size: a valid JSON array of filler. */
  | { kind: 'huge'; bytes: number }
  | { kind: 'redirect'; location: string; status?: 301 | 302 | 307 | 308 }
  /** A listing that never ends: every page is page 1 again with new ids, and names the page after it as the next. */
  | { kind: 'endlessPages' }
  /** A GraphQL cursor listing that never ends: empty pages (`none`) or page 1's nodes again with new ids, each naming a new next cursor. */
  | { kind: 'endlessCursor'; items: 'none' | 'again' }
  /** A listing page of `items` entries whatever was asked (REST arrays, GraphQL connections' nodes), ids moved. */
  | { kind: 'oversizedPage'; items: number }
  /** A GraphQL request answered as if its variables were also these: a server that ignores a filter (`{ state: null }`). */
  | { kind: 'graphqlVariables'; variables: Record<string, unknown> };

export interface FaultRule {
  fault: Fault;
  method?: string;
  /** Matched against the decoded path without /api/v4; a string must match exactly. */
  path?: string | RegExp;
  /** Default 1; Infinity allowed. */
  times?: number;
}
