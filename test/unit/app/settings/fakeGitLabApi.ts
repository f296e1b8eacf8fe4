import type { GitLabApi } from '../../../../src/gitlab/api';
import { GitLabError } from '../../../../src/gitlab/errors';
import type {
  Group, NotificationEvents, NotificationSetting, NotificationSettingUpdate, Page, PageRequest, Project, Scope,
} from '../../../../src/gitlab/types';
import { scopeKey } from '../../../../src/app/settings/shared/scopes';

interface Stored {
  level: string;
  events: NotificationEvents;
  notification_email?: string;
}

export type FakeMethod = 'get' | 'put' | 'listGroups' | 'getProject';

/**
 * An in-memory GitLab for the settings logic: partial PUTs, `events` only at level custom (as GitLab answers),
 * a log of calls, and failures injected per scope and method.
 */
export class FakeGitLabApi implements GitLabApi {
  readonly calls: string[] = [];
  readonly updates: Array<{ key: string; update: NotificationSettingUpdate }> = [];
  groups: Group[] = [];
  groupPageSize = 100;
  projects: Project[] = [];
  private readonly store = new Map<string, Stored>();
  private readonly failures = new Map<string, GitLabError | ((attempt: number) => GitLabError | undefined)>();
  private readonly attempts = new Map<string, number>();
  /** Runs before a GET answers, to change the server in between (a concurrent edit). */
  beforeGet?: (key: string) => void;
  /** Resolves requests only when released, to observe in-flight states. */
  gate?: Promise<void>;

  constructor(private readonly eventKeys: readonly string[] = ['new_note', 'new_issue', 'failed_pipeline']) {}

  set(scope: Scope | string, setting: Partial<Stored> & { level: string }): void {
    const key = typeof scope === 'string' ? scope : scopeKey(scope);
    const events: NotificationEvents = {};
    for (const name of this.eventKeys) events[name] = null;
    this.store.set(key, { ...this.stored(key), ...setting, events: { ...events, ...(setting.events ?? {}) } });
  }

  stored(key: string): Stored {
    const existing = this.store.get(key);
    if (existing) return existing;
    const events: NotificationEvents = {};
    for (const name of this.eventKeys) events[name] = null;
    const fresh: Stored = key === 'global'
      ? { level: 'participating', events, notification_email: 'me@example.com' }
      : { level: 'global', events };
    this.store.set(key, fresh);
    return fresh;
  }

  /** `failure` for every call of `method` on the scope, or a function of the attempt number (1-based). */
  fail(method: FakeMethod, key: string, failure: GitLabError | ((attempt: number) => GitLabError | undefined)): void {
    this.failures.set(`${method} ${key}`, failure);
  }

  private async check(method: FakeMethod, key: string, signal?: AbortSignal): Promise<void> {
    this.calls.push(`${method} ${key}`);
    if (this.gate) await this.gate;
    if (signal?.aborted) throw new GitLabError('cancelled', 'The request was cancelled.');
    const id = `${method} ${key}`;
    const attempt = (this.attempts.get(id) ?? 0) + 1;
    this.attempts.set(id, attempt);
    const failure = this.failures.get(id);
    const error = typeof failure === 'function' ? failure(attempt) : failure;
    if (error) throw error;
  }

  private answer(key: string): NotificationSetting {
    const stored = this.stored(key);
    const setting: NotificationSetting = { level: stored.level };
    if (stored.level === 'custom') setting.events = { ...stored.events };
    if (key === 'global') setting.notification_email = stored.notification_email;
    return setting;
  }

  async getCurrentUser(): Promise<never> {
    throw new GitLabError('notFound', 'not in this fake');
  }

  async getNotificationSettings(scope: Scope, signal?: AbortSignal): Promise<NotificationSetting> {
    const key = scopeKey(scope);
    await this.check('get', key, signal);
    this.beforeGet?.(key);
    return this.answer(key);
  }

  async updateNotificationSettings(scope: Scope, update: NotificationSettingUpdate, signal?: AbortSignal): Promise<NotificationSetting> {
    const key = scopeKey(scope);
    await this.check('put', key, signal);
    this.updates.push({ key, update });
    const stored = this.stored(key);
    if (update.level !== undefined) stored.level = update.level;
    if (update.notification_email !== undefined) stored.notification_email = update.notification_email;
    for (const [name, value] of Object.entries(update.events ?? {})) if (Object.prototype.hasOwnProperty.call(stored.events, name)) stored.events[name] = value;
    return this.answer(key);
  }

  async listEvents(): Promise<never> {
    throw new GitLabError('notFound', 'not in this fake');
  }

  async listAllEvents(): Promise<never> {
    throw new GitLabError('notFound', 'not in this fake');
  }

  async getProject(id: string | number, signal?: AbortSignal): Promise<Project> {
    await this.check('getProject', String(id), signal);
    const project = this.projects.find((candidate) => candidate.id === id || candidate.path_with_namespace === id);
    if (!project) throw new GitLabError('notFound', '404 Project Not Found', { status: 404 });
    return project;
  }

  async listMyProjects(): Promise<Page<Project>> {
    return { items: this.projects, page: 1 };
  }

  async listGroups(page: PageRequest, signal?: AbortSignal): Promise<Page<Group>> {
    await this.check('listGroups', String(page.page ?? 1), signal);
    const number = page.page ?? 1;
    const size = Math.min(page.perPage ?? 20, this.groupPageSize);
    const items = this.groups.slice((number - 1) * size, number * size);
    const nextPage = number * size < this.groups.length ? number + 1 : undefined;
    return nextPage === undefined ? { items, page: number } : { items, page: number, nextPage };
  }
}

export function group(id: number, fullPath: string): Group {
  return { id, name: fullPath.split('/').pop() ?? fullPath, full_name: fullPath.replace(/\//g, ' / '), full_path: fullPath, web_url: `https://gitlab.example.com/groups/${fullPath}` };
}

export function project(id: number, path: string): Project {
  return { id, name: path.split('/').pop() ?? path, name_with_namespace: path.replace(/\//g, ' / '), path_with_namespace: path, web_url: `https://gitlab.example.com/${path}` };
}
