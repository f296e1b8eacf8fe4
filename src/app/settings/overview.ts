import { errorText } from './errorInfo';
import { levelLabel } from './shared/labels';
import { mapBounded } from '../boundedMap';
import { GitLabError, isGitLabError } from '../../gitlab/errors';
import type { NotificationSetting } from '../../gitlab/types';
import type { NotificationSettingsService } from './notificationSettingsService';
import type { Localize } from '../localize';
import type { KnownScope, ScopeCatalog } from './scopeCatalog';
import { sameScopeNamed, scopeKey, type EntityKind, type ScopeRef } from './shared/scopes';
import type { SubscriptionCounts } from '../../gitlab/subscriptionTypes';
import { countShort } from '../subscriptions/countWording';
import { readOverviewCounts, type OverviewCountSource, type OverviewSubscriptions } from './overviewCounts';

/** Reads of scopes' settings in flight at once: quick, without tripping GitLab's rate limits (429s are retried). */
export const OVERVIEW_CONCURRENCY = 4;

const FRESH = { fresh: true } as const;

/**
 * What the overview needs of the owner of notification settings; resets go through it so every view follows. Reads
 * are `fresh`: the overview keeps its own rows until Refresh, so what it reads must be GitLab's answer now.
 */
export type OverviewSettings = Pick<NotificationSettingsService, 'getSetting' | 'applyToMany' | 'onDidChange'>;

/** A listed group or project (its name is server text, shown as plain text) with its own level once read. */
export interface OverviewRow extends Omit<KnownScope, 'origin'> {
  key: string;
  name: string;
  /** An unknown level is kept as it came. */
  level?: string;
  /** Why the read (or the last reset) failed. */
  error?: string;
  /** Its explicit subscriptions (they e-mail whatever the level), once counted. */
  subscriptions?: SubscriptionCounts;
}

export type OverviewProgress = { done: number; total: number };

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
  /** The global counts of explicit subscriptions, or why this GitLab cannot count them; absent before counting. */
  subscriptions?: OverviewSubscriptions;
}

export type ResetResult = Record<'changed' | 'failed' | 'cancelled', number>;

/**
 * A group or project with a level of its own (not `global`), an unknown one included: an override. Its level may equal
 * the global one and still be one: it no longer follows global, so resetting it to Global changes what happens when
 * the global level changes.
 */
export function hasOwnLevel(row: OverviewRow): boolean {
  return row.level !== undefined && row.level !== 'global';
}

/**
 * A row's level as the overview says it: "Watch · differs from global (Participate)" for a level of its own that
 * differs, "Watch · set on this group (same as global)" for one equal to the global level (never "differs"), and the
 * plain level at Global.
 */
export function rowDescription(row: OverviewRow, globalLevel: string | undefined, t: Localize): string {
  if (row.error !== undefined) return t('could not read: {0}', row.error);
  if (row.level === undefined) return t('reading…');
  const counted = row.subscriptions && countShort(row.subscriptions, t);
  const level = levelDescription(row, row.level, globalLevel, t);
  return counted ? `${level} · ${counted}` : level;
}

function levelDescription(row: OverviewRow, own: string, globalLevel: string | undefined, t: Localize): string {
  const level = levelLabel(own, t);
  if (!hasOwnLevel(row)) return level;
  const group = row.scope.kind === 'group';
  if (globalLevel === undefined) return group ? t('{0} · set on this group', level) : t('{0} · set on this project', level);
  if (own !== globalLevel) return t('{0} · differs from global ({1})', level, levelLabel(globalLevel, t));
  return group ? t('{0} · set on this group (same as global)', level) : t('{0} · set on this project (same as global)', level);
}

/**
 * The rows to show: those whose name, path or ID contains every word of `query` (ignoring case), and with `ownOnly`
 * only the overrides (a level of their own, see `hasOwnLevel`), plus rows whose level could not be read (an unknown
 * level might be one; hiding it would lose it).
 */
export function filterRows(rows: readonly OverviewRow[], options: { ownOnly: boolean; query: string }): OverviewRow[] {
  const words = options.query.toLowerCase().split(/\s+/).filter((word) => word !== '');
  return rows.filter((row) => (!options.ownOnly || hasOwnLevel(row) || row.error !== undefined)
    && words.every((word) => `${row.name} ${row.path ?? ''} ${String(row.scope.id)}`.toLowerCase().includes(word)));
}

/**
 * Every group and project the user belongs to with its own notification level: the catalog's list with the user's
 * groups and projects (`GET /groups`, `GET /projects?membership=true`), each read with at most
 * `OVERVIEW_CONCURRENCY` in flight. What was read is kept until `load({ refresh: true })`; a cancelled load keeps
 * what it read and the next one reads the rest. Changes announced by the settings owner (a reset here, the status
 * bar, the editor) update the rows.
 */
export class OverridesOverview {
  private state: OverviewState | undefined;
  private readonly subscription: { dispose(): void };

  constructor(private readonly deps: {
    catalog: ScopeCatalog; settings: OverviewSettings; t: Localize; concurrency?: number;
    /** The account's counts of explicit subscriptions, shown beside the levels where GitLab can count them. */
    counts?: OverviewCountSource;
  }) {
    const changed = deps.settings.onDidChange((change) => this.follow(change.scope, change.setting));
    // A subscription changed: the counts are read again at the next load (the levels stay).
    const counted = deps.counts?.onDidChange(() => this.forgetCounts());
    this.subscription = { dispose: () => { changed.dispose(); counted?.dispose(); } };
  }

  /** What is known now (undefined before the first load). */
  get current(): OverviewState | undefined {
    return this.state;
  }

  /** Lists (once, or again with `refresh`) and reads every level not read yet. Rejects with a GitLabError. */
  async load(options: { refresh?: boolean; signal?: AbortSignal; onProgress?: (progress: OverviewProgress) => void } = {}): Promise<OverviewState> {
    const { catalog, settings, t } = this.deps;
    if (!catalog.signedIn) throw new GitLabError('unauthorized', t('Not signed in to GitLab.'));
    if (options.refresh || !this.state) {
      const known = await catalog.scopes({ members: ['group', 'project'], refresh: options.refresh, signal: options.signal });
      const { group, project } = known.listed;
      const problems = [
        ...(group?.error !== undefined ? [t('Your groups could not be listed: {0}', errorText(group.error))] : []),
        ...(project?.error !== undefined ? [t('Your projects could not be listed: {0}', errorText(project.error))] : []),
      ];
      this.state = { rows: known.scopes.map(toRow), groupsListed: !group?.notOffered, projectsListed: !project?.notOffered, problems, complete: false };
    }
    const state = this.state;
    if (state.globalLevel === undefined) state.globalLevel = (await settings.getSetting({ kind: 'global' }, options.signal, FRESH)).level;
    const todo = state.rows.filter((candidate) => candidate.level === undefined);
    let done = 0;
    options.onProgress?.({ done, total: todo.length });
    await mapBounded(todo, this.deps.concurrency ?? OVERVIEW_CONCURRENCY, async (unread) => {
      await this.read(unread, options.signal);
      options.onProgress?.({ done: ++done, total: todo.length });
    }, options.signal);
    if (this.deps.counts && !options.signal?.aborted) {
      // Only the overrides are counted: a count per listed group and project cost hundreds of requests per opening.
      state.subscriptions = await readOverviewCounts(state.rows.filter(hasOwnLevel), this.deps.counts, t,
        { concurrency: this.deps.concurrency ?? OVERVIEW_CONCURRENCY, signal: options.signal });
    }
    state.complete = state.rows.every((candidate) => candidate.level !== undefined || candidate.error !== undefined)
      && (!this.deps.counts || (state.subscriptions !== undefined && !options.signal?.aborted));
    return state;
  }

  /** Adds a group or project by ID or path (a server that cannot list them) through the catalog, and reads its level. */
  async add(kind: EntityKind, id: string | number, signal?: AbortSignal): Promise<OverviewRow> {
    const known = await this.deps.catalog.addScope(kind, id, signal);
    // The catalog checks a group by reading its setting afresh: that read is in the owner's cache now.
    const { level } = await this.deps.settings.getSetting(known.scope, signal, kind === 'group' ? {} : FRESH);
    this.state ??= { rows: [], groupsListed: true, projectsListed: true, problems: [], complete: true };
    const added = toRow(known);
    const kept = this.state.rows.find((candidate) => sameScopeNamed(candidate, added));
    if (!kept) this.state.rows.push(added);
    return Object.assign(kept ?? added, { level, error: undefined });
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
      const failed = item.status === 'failed';
      result[failed ? 'failed' : 'changed']++;
      row.level = item.level ?? row.level;
      row.error = !failed ? undefined
        : item.error instanceof Error ? item.error.message : this.deps.t('GitLab answered with level {0}.', item.level ?? '?');
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

  private forgetCounts(): void {
    if (!this.state) return;
    for (const row of this.state.rows) row.subscriptions = undefined;
    this.state.subscriptions = undefined;
    this.state.complete = false;
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

const toRow = ({ scope, name, path }: KnownScope): OverviewRow =>
  ({ key: scopeKey(scope), scope, name: name ?? path ?? String(scope.id), ...(path !== undefined ? { path } : {}) });
