import type { ScopeRef } from '../../../../src/app/settings/shared/scopes';
import type { GitLabClient } from '../../../../src/gitlab';
import { GitLabDouble, settingKey, type DoubleOptions, type Fault, type StoredSetting } from '../../../double';
import { findGroup, findProject } from '../../../double/world/lookup';
import { makeClient, type TestClient } from '../../gitlab/helpers';

/** A latency that holds answers until `double.releaseHeld()`: the state while requests are under way. */
export const HOLD: Fault = { kind: 'latency', ms: 60_000 };

/** GitLab's answer to a token without the scope a request needs (`api` for changes, `api read_api` for reads). */
export function insufficientScope(scope = 'api'): Fault {
  const body = { error: 'insufficient_scope', error_description: 'The request requires higher privileges than provided by the access token.', scope };
  return { kind: 'status', status: 403, body: JSON.stringify(body) };
}

/** The double of a `describe` block, a new client of it for each test, and the default user's stored settings. */
export interface SettingsDouble {
  readonly double: GitLabDouble;
  readonly client: GitLabClient;
  /** Stores a setting as if changed in GitLab's web UI (`events`: the switches set, the rest never set). */
  set(scope: ScopeRef, level: string, events?: Record<string, boolean | null>): void;
  /** What GitLab has stored, undefined where nothing was ever set. */
  stored(scope: ScopeRef): StoredSetting | undefined;
  /** The stored level, or GitLab's default where nothing was set. */
  levelOf(scope: ScopeRef): string;
  /** The PUTs GitLab received, in order of their answers: the path below /api/v4 and the query. */
  puts(): Array<[string, Record<string, string>]>;
}

/**
 * Starts a GitLab double for the enclosing `describe`. Before each test: no faults, an empty log, no stored
 * settings and the generated groups only; after it, held answers are let go so the client can close.
 */
export function withSettingsDouble(options: DoubleOptions = {}): SettingsDouble {
  let started: GitLabDouble | undefined;
  let client: TestClient | undefined;
  let groups = 0;
  const double = (): GitLabDouble => {
    if (!started) throw new Error('The GitLab double is not started yet.');
    return started;
  };
  before(async () => {
    started = await GitLabDouble.start({ events: 5, ...options });
    groups = started.data.groups.length;
  });
  after(async () => started?.close());
  beforeEach(() => {
    const { data } = double();
    double().clearFaults();
    double().clearLog();
    for (const key of Object.keys(data.settings)) delete data.settings[key];
    data.groups.length = groups;
    client = makeClient(double().url);
  });
  afterEach(async () => {
    started?.clearFaults();
    started?.releaseHeld();
    await client?.close();
  });

  const key = (scope: ScopeRef): string => {
    if (scope.kind === 'global') return settingKey(1, scope);
    const { data } = double();
    const found = scope.kind === 'group' ? findGroup(data, String(scope.id)) : findProject(data, String(scope.id));
    if (!found) throw new Error(`The GitLab double has no ${scope.kind} ${scope.id}.`);
    return settingKey(1, { kind: scope.kind, id: found.id });
  };
  return {
    get double() { return double(); },
    get client() {
      if (!client) throw new Error('The client is made before each test.');
      return client.client;
    },
    set: (scope, level, events = {}) => { double().data.settings[key(scope)] = { level, events: { ...events } }; },
    stored: (scope) => double().data.settings[key(scope)],
    levelOf: (scope) => double().data.settings[key(scope)]?.level ?? (scope.kind === 'global' ? 'participating' : 'global'),
    puts: () => double().requests.filter((r) => r.method === 'PUT').map((r) => [r.path.replace(/^\/api\/v4/, ''), r.query]),
  };
}
