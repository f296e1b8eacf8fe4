import { errorText } from './errorInfo';
import { projectInfo } from '../activity/projectInfo';
import { mapBounded } from '../boundedMap';
import type { GitLabApi } from '../../gitlab/api';
import { GitLabError, isGitLabError } from '../../gitlab/errors';
import type { NotificationSetting, Page, PageRequest } from '../../gitlab/types';
import type { NotificationSettingsService } from './notificationSettingsService';
import type { Localize } from '../localize';
import { sameScopeNamed, scopeKey, type EntityKind, type EntityScopeRef, type ScopeRef } from './shared/scopes';

/** Reads of scopes' settings in flight at once: quick, without tripping GitLab's rate limits (429s are retried). */
export const OVERVIEW_CONCURRENCY = 4;
/** Pages of 100 listed at most per kind; a person does not scroll further than that. */
const MAX_PAGES = 50;

const FRESH = { fresh: true } as const;

/**
 * What the overview needs of the owner of notification settings; resets go through it so every view follows. Reads
 * are `fresh`: the overview keeps its own rows until Refresh, so what it reads must be GitLab's answer now.
 */
export type OverviewSettings = Pick<NotificationSettingsService, 'getSetting' | 'applyToMany' | 'onDidChange'>;

/** A group or project known without listing (the tree's projects, configured groups). */
export interface KnownScope {
  kind: EntityKind;
  id: string | number;
  name?: string;
  path?: string;
}

export interface OverviewRow {
  key: string;
  scope: EntityScopeRef;
  /** Server text (a name), shown as plain text. */
  name: string;
  path?: string;
  origin: 'member' | 'known' | 'added';
  /** The scope's own level once read; an unknown level is kept as it came. */
  level?: string;
  /** Why the read (or the last reset) failed. */
  error?: string;
}

export interface OverviewProgress {
  done: number;
  total: number;
}

export interface OverviewState {
  rows: OverviewRow[];
  globalLevel?: string;
  /** False when the server has no `GET /groups` (the spec-only interface): groups are added by ID or path. */
  groupsListed: boolean;
  projectsListed: boolean;
  /** A listing that failed for another reason, for people. */
  problems: string[];
  /** Every row has been read (or failed); false after a cancelled load, which the next load continues. */
  complete: boolean;
}

export interface ResetResult {
  changed: number;
  failed: number;
  cancelled: number;
}

/** A group or project whose own level is not `global`: an exception to the user's global level. */
export function differsFromGlobal(row: OverviewRow): boolean {
  return row.level !== undefined && row.level !== 'global';
}

/** Name or path contains every word of `query`, ignoring case. */
export function matchesQuery(row: OverviewRow, query: string): boolean {
  const text = `${row.name} ${row.path ?? ''} ${String(row.scope.id)}`.toLowerCase();
  return query.toLowerCase().split(/\s+/).filter((word) => word !== '').every((word) => text.includes(word));
}

/**
 * The rows to show: searched by name, and with `differsOnly` only the exceptions, plus rows whose level could not be
 * read (an unknown level might be one; hiding it would lose it).
 */
export function filterRows(rows: readonly OverviewRow[], options: { differsOnly: boolean; query: string }): OverviewRow[] {
  return rows.filter((row) => matchesQuery(row, options.query)
    && (!options.differsOnly || differsFromGlobal(row) || row.error !== undefined));
}

/**
 * Every group and project the user belongs to with its own notification level: listed with `GET /groups` and
 * `GET /projects?membership=true` (all pages), then each read with at most `OVERVIEW_CONCURRENCY` in flight.
 * What was read is kept until `load({ refresh: true })`; a cancelled load keeps what it read and the next one reads
 * the rest. Changes announced by the settings owner (a reset here, the status bar, the editor) update the rows.
 */
export class OverridesOverview {
  private state: OverviewState | undefined;
  private readonly subscription: { dispose(): void };

  constructor(private readonly deps: {
    api: () => GitLabApi | undefined;
    settings: OverviewSettings;
    known: () => Promise<readonly KnownScope[]> | readonly KnownScope[];
    t: Localize;
    concurrency?: number;
  }) {
    this.subscription = deps.settings.onDidChange((change) => this.follow(change.scope, change.setting));
  }

  /** What is known now (undefined before the first load). */
  get current(): OverviewState | undefined {
    return this.state;
  }

  /** Lists (once, or again with `refresh`) and reads every level not read yet. Rejects with a GitLabError. */
  async load(options: { refresh?: boolean; signal?: AbortSignal; onProgress?: (progress: OverviewProgress) => void } = {}): Promise<OverviewState> {
    const api = this.deps.api();
    if (!api) throw notSignedIn(this.deps.t);
    if (options.refresh || !this.state) {
      const added = this.state?.rows.filter((row) => row.origin === 'added') ?? [];
      this.state = await this.list(api, options.signal);
      for (const row of added) addRow(this.state.rows, { ...row, level: undefined, error: undefined });
    }
    const state = this.state;
    if (state.globalLevel === undefined) state.globalLevel = (await this.deps.settings.getSetting({ kind: 'global' }, options.signal, FRESH)).level;
    const todo = state.rows.filter((row) => row.level === undefined);
    let done = 0;
    options.onProgress?.({ done, total: todo.length });
    await mapBounded(todo, this.deps.concurrency ?? OVERVIEW_CONCURRENCY, async (row) => {
      await this.read(row, options.signal);
      options.onProgress?.({ done: ++done, total: todo.length });
    }, options.signal);
    state.complete = state.rows.every((row) => row.level !== undefined || row.error !== undefined);
    return state;
  }

  /** Adds a group or project by ID or path (a server that cannot list them) and reads its level. */
  async add(kind: EntityKind, id: string | number, signal?: AbortSignal): Promise<OverviewRow> {
    const api = this.deps.api();
    if (!api) throw notSignedIn(this.deps.t);
    const scope: EntityScopeRef = { kind, id };
    const setting = await this.deps.settings.getSetting(scope, signal, FRESH);
    this.state ??= { rows: [], groupsListed: true, projectsListed: true, problems: [], complete: true };
    const row = addRow(this.state.rows, { key: scopeKey(scope), scope, name: String(id), origin: 'added' });
    row.level = setting.level;
    row.error = undefined;
    return row;
  }

  /** Sets each row to Global through the settings owner's bulk change, at most `OVERVIEW_CONCURRENCY` at once. */
  async resetToGlobal(rows: readonly OverviewRow[], options: { signal?: AbortSignal; onProgress?: (progress: OverviewProgress) => void } = {}): Promise<ResetResult> {
    const result: ResetResult = { changed: 0, failed: 0, cancelled: 0 };
    let done = 0;
    options.onProgress?.({ done, total: rows.length });
    const items = await this.deps.settings.applyToMany(rows.map((row) => row.scope), { level: 'global' }, (item) => {
      if (item.status !== 'running') options.onProgress?.({ done: ++done, total: rows.length });
    }, options.signal, this.deps.concurrency ?? OVERVIEW_CONCURRENCY);
    for (const item of items) {
      const row = rows.find((candidate) => candidate.key === item.key);
      if (item.status === 'cancelled' || !row) {
        result.cancelled++;
        continue;
      }
      if (item.level !== undefined) row.level = item.level;
      row.error = item.status === 'failed'
        ? (item.error instanceof Error ? item.error.message : this.deps.t('GitLab answered with level {0}.', item.level ?? '?')) : undefined;
      result[item.status === 'failed' ? 'failed' : 'changed']++;
    }
    return result;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private async read(row: OverviewRow, signal: AbortSignal | undefined): Promise<void> {
    try {
      row.level = (await this.deps.settings.getSetting(row.scope, signal, FRESH)).level;
      row.error = undefined;
    } catch (error) {
      // Cancelled: left unread, so the next load reads it.
      if (isGitLabError(error) && error.kind === 'cancelled') return;
      row.error = errorText(error);
    }
  }

  private async list(api: GitLabApi, signal: AbortSignal | undefined): Promise<OverviewState> {
    const state: OverviewState = { rows: [], groupsListed: true, projectsListed: true, problems: [], complete: false };
    const { t } = this.deps;
    const groups = await listAll((page) => api.listGroups(page, signal));
    if (groups.ok) {
      for (const group of groups.items) {
        addRow(state.rows, { key: scopeKey({ kind: 'group', id: group.id }), scope: { kind: 'group', id: group.id }, name: group.full_name ?? group.name, path: group.full_path, origin: 'member' });
      }
    } else if (groups.notOffered) state.groupsListed = false;
    else state.problems.push(t('Your groups could not be listed: {0}', groups.message));
    const projects = await listAll((page) => api.listMyProjects(page, signal));
    if (projects.ok) {
      for (const project of projects.items) {
        const { name, pathWithNamespace: path } = projectInfo(project) ?? {};
        addRow(state.rows, { key: scopeKey({ kind: 'project', id: project.id }), scope: { kind: 'project', id: project.id }, name: name ?? String(project.id), path, origin: 'member' });
      }
    } else if (projects.notOffered) state.projectsListed = false;
    else state.problems.push(t('Your projects could not be listed: {0}', projects.message));
    for (const known of await this.deps.known()) {
      const scope: EntityScopeRef = { kind: known.kind, id: known.id };
      addRow(state.rows, { key: scopeKey(scope), scope, name: known.name ?? known.path ?? String(known.id), path: known.path, origin: 'known' });
    }
    return state;
  }

  /** A change made anywhere: the row of that scope shows it (the global level too). */
  private follow(scope: ScopeRef, setting: NotificationSetting): void {
    if (!this.state) return;
    if (scope.kind === 'global') {
      this.state.globalLevel = setting.level;
      return;
    }
    const row = this.state.rows.find((candidate) => sameScopeNamed(candidate, { scope }));
    if (row) {
      row.level = setting.level;
      row.error = undefined;
    }
  }
}

type Listing<T> = { ok: true; items: T[] } | { ok: false; notOffered: boolean; message: string; error: unknown };

/** Every page of a listing (up to `maxPages`); a 404 means the server does not offer it (the spec-only interface). */
export async function listAll<T>(fetchPage: (page: PageRequest) => Promise<Page<T>>, maxPages = MAX_PAGES): Promise<Listing<T>> {
  const items: T[] = [];
  try {
    for (let page: number | undefined = 1, count = 0; page !== undefined && count < maxPages; count++) {
      const result = await fetchPage({ page, perPage: 100 });
      items.push(...result.items);
      page = result.nextPage;
    }
    return { ok: true, items };
  } catch (error) {
    if (isGitLabError(error) && error.kind === 'cancelled') throw error;
    const notOffered = isGitLabError(error) && error.kind === 'notFound';
    return { ok: false, notOffered, message: errorText(error), error };
  }
}

/** Adds a row unless the same scope is there already (by key, ID or path); answers the row kept. */
function addRow(rows: OverviewRow[], row: OverviewRow): OverviewRow {
  const existing = rows.find((candidate) => sameScopeNamed(candidate, row));
  if (existing) return existing;
  rows.push(row);
  return row;
}

function notSignedIn(t: Localize): Error {
  return new GitLabError('unauthorized', t('Not signed in to GitLab.'));
}
