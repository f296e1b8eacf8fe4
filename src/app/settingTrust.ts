import { sameInstance } from './instance';

/**
 * Which setting values may be believed. A repository's own `.vscode/settings.json` is untrusted input: anyone who
 * can push to it writes it. Settings that decide where requests (and so the token) go, or whether TLS is checked, are
 * taken only from the user's own settings; an environment token goes only to the instance named beside it.
 */

/** The shape of `WorkspaceConfiguration.inspect()`, the layers a value can come from. */
export interface InspectedSetting<T> {
  defaultValue?: T;
  /** The user's settings (in a remote window: the user's and the remote machine's). */
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/**
 * The user's value, else the default: a workspace or folder value never counts. Used for the proxy, the CA file,
 * ignoring certificate errors and `http.proxy`, even where the manifest already scopes them to the machine, so a
 * VS Code that does not enforce the scope cannot be steered either.
 */
export function userOrDefault<T>(inspected: InspectedSetting<T> | undefined): T | undefined {
  return inspected?.globalValue !== undefined ? inspected.globalValue : inspected?.defaultValue;
}

/** The fewest seconds between two checks for new activity and to-dos, whatever is set (0 still turns them off). */
export const POLL_FLOOR_SECONDS = 30;
const DEFAULT_POLL_SECONDS = 120;

/**
 * The seconds between checks: the user's value (a workspace's never counts: a cloned repository must not make every
 * window ask GitLab each second), 0 for none, else at least `floor` and at most a day; the default for a wrong type.
 * `floor` is `POLL_FLOOR_SECONDS` except in tests of the real workbench, which name a lower one in the environment.
 */
export function pollIntervalSeconds(inspected: InspectedSetting<unknown> | undefined, floor: number = POLL_FLOOR_SECONDS): number {
  const value = userOrDefault(inspected);
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_POLL_SECONDS;
  const seconds = Math.round(value);
  return seconds <= 0 ? 0 : Math.min(86_400, Math.max(floor, seconds));
}

/** A floor named by the test environment: a whole number of seconds from 1 to `POLL_FLOOR_SECONDS`, else none. */
export function testPollFloor(value: string | undefined): number | undefined {
  const seconds = Number(value);
  return value && Number.isInteger(seconds) && seconds >= 1 && seconds <= POLL_FLOOR_SECONDS ? seconds : undefined;
}

/** Whether the value in effect comes from the workspace's or a folder's settings. */
export function namedByWorkspace(inspected: InspectedSetting<unknown> | undefined): boolean {
  return inspected?.workspaceFolderValue !== undefined || inspected?.workspaceValue !== undefined;
}

export type InstanceSource = 'folder' | 'workspace' | 'user' | 'environment' | 'default';

export interface ResolvedInstance {
  url: string;
  source: InstanceSource;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\/+$/, '') : undefined;
}

/**
 * The instance in use: a workspace may name it (teams commit it), else the user; when neither does, the instance
 * named by the environment beside its token, else the manifest's default.
 */
export function resolveInstance(inspected: InspectedSetting<unknown> | undefined, envInstance: string | undefined): ResolvedInstance {
  const layers: Array<[InstanceSource, unknown]> = [
    ['folder', inspected?.workspaceFolderValue],
    ['workspace', inspected?.workspaceValue],
    ['user', inspected?.globalValue],
    ['environment', envInstance],
    ['default', inspected?.defaultValue],
  ];
  for (const [source, value] of layers) {
    const url = nonEmpty(value);
    if (url) return { url, source };
  }
  return { url: 'https://gitlab.com', source: 'default' };
}

export interface EnvToken {
  token?: string;
  /** The instance the token belongs to (GITLAB_ACTIVITY_INSTANCE_URL). */
  instanceUrl?: string;
}

export type EnvTokenVerdict =
  | { use: true; token: string }
  | { use: false; reason: 'none' | 'unbound' | 'otherInstance' };

/** The environment token, only for the instance named beside it. */
export function envTokenFor(env: EnvToken, instanceUrl: string): EnvTokenVerdict {
  const token = env.token?.trim();
  if (!token) return { use: false, reason: 'none' };
  const bound = nonEmpty(env.instanceUrl);
  if (!bound) return { use: false, reason: 'unbound' };
  return sameInstance(bound, instanceUrl) ? { use: true, token } : { use: false, reason: 'otherInstance' };
}
