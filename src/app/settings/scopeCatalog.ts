import type { GitLabApi } from '../../gitlab/api';
import type { ActiveAccount } from '../activeAccount';
import { GitLabError, isGitLabError } from '../../gitlab/errors';
import { ByteBudget } from '../../gitlab/byteBudget';
import { readPages } from '../../gitlab/pageReader';
import type { Group, Page, Project } from '../../gitlab/types';
import { projectInfo } from '../activity/projectInfo';
import type { Localize } from '../localize';
import { AmbiguousScope, describeError, errorText } from './errorInfo';
import type { NotificationSettingsService } from './notificationSettingsService';
import type { ScopeEntry, ScopeListState } from './shared/protocol';
import { isValidScopeId, sameScopeNamed, scopeId, scopeKey, type EntityKind, type EntityScopeRef, type ScopeRef } from './shared/scopes';

/** A scope found by `addScope`, and how to keep it. */
interface Found {
  known: KnownScope;
  remember: () => Promise<void>;
}

/** A project the activity tree shows (the host passes these in). */
export interface ProjectScopeSource {
  id: number | string;
  label?: string;
  /** `path_with_namespace`, when known. */
  path?: string;
}

export interface ScopeCatalogDeps {
  /** Whose groups and projects: the active account (its client while signed in). */
  account: Pick<ActiveAccount, 'api'>;
  /** The owner of notification settings: a group typed in is checked by reading its setting through it. */
  settings: Pick<NotificationSettingsService, 'getSetting'>;
  /** The tree's projects. */
  projects: () => readonly ProjectScopeSource[] | Promise<readonly ProjectScopeSource[]>;
  /**
   * Looks up the tree's projects that `projects` does not name yet (the tree names them once it shows them), so every
   * list names them as GitLab does. Not called for `cachedOnly`.
   */
  nameProjects?: (ids: ReadonlyArray<number | string>) => Promise<void>;
  /** The configured groups (IDs or full paths), added by hand earlier. */
  addedGroups: () => readonly string[];
  /** Keeps a group added by hand for next time. */
  rememberGroup?: (ref: string) => Promise<void>;
  /** Keeps a project added by hand (the tree shows it too). */
  rememberProject?: (ref: string) => Promise<void>;
  localize: Localize;
  log?: (line: string) => void;
  /** Bytes one listing (all its pages) may take (default `MAX_LISTING_BYTES`). */
  maxListingBytes?: number;
}

/** A group or project the person has: GitLab's name for it where known, its full path where known. */
export interface KnownScope {
  scope: EntityScopeRef;
  name?: string;
  path?: string;
  /** member: listed by GitLab; workspace: the tree's; added: configured or added by hand. */
  origin: Exclude<ScopeEntry['origin'], 'global'>;
}

/** A listing read: `notOffered` where the server has none (a 404: the spec-only interface), `error` where it failed. */
export interface Listing {
  scopes: KnownScope[];
  notOffered?: true;
  error?: unknown;
}

export interface KnownScopes {
  scopes: KnownScope[];
  /** The listings asked for and read (none while signed out). */
  listed: Partial<Record<EntityKind, Listing>>;
  /** With `cachedOnly`: a listing asked for is not read yet. */
  loading?: true;
}

/** Pages of 100 listed at most per kind; a person does not scroll further than that. */
const MAX_PAGES = 50;
/** Pages of a listing in flight at once after the first (as many as the overview's reads of levels). */
const LISTING_WINDOW = 4;
/**
 * Bytes one listing may take in all its pages. 50 pages of 100 groups or projects come to a few MB; without this a
 * server could send 50 answers just under the transport's limit of one answer (20 MB each). A listing past it fails
 * with a `badResponse` error (its `limitBytes` set) rather than giving a part: its users (the editor's list, the
 * overview, the pickers) present the listing as all of the person's groups or projects, and a part would be taken
 * for the whole. The failure is shown where the listing would be, and scopes added by hand stay.
 */
export const MAX_LISTING_BYTES = 16 * 1024 * 1024;

/**
 * The one list of the groups and projects a person has, for the settings editor, the overrides overview and the
 * quick picks: member groups and, where asked for, member projects (each listing read once and kept until a
 * refresh), the configured groups, the tree's projects and those added here, each once (by ID or full path).
 */
export class ScopeCatalog {
  private readonly listings = new Map<EntityKind, Listing>();
  private generation = 0;
  /** Added while the extension runs (by hand, or to open a scope that was not listed). */
  private readonly added = new Map<string, KnownScope>();

  constructor(private readonly deps: ScopeCatalogDeps) {}

  get signedIn(): boolean {
    return this.deps.account.api !== undefined;
  }

  /** Forgets the listings (another account or instance): the next call that wants them reads them again. */
  forget(): void {
    this.listings.clear();
    this.generation++;
  }

  /** `members`: the listings to include; `cachedOnly` answers at once with those read before. */
  async scopes(options: { members?: readonly EntityKind[]; refresh?: boolean; cachedOnly?: boolean; signal?: AbortSignal } = {}): Promise<KnownScopes> {
    const result: KnownScopes = { scopes: [], listed: {} };
    const api = this.deps.account.api;
    for (const kind of options.members ?? []) {
      if (options.refresh) this.listings.delete(kind);
      let listing = this.listings.get(kind);
      if (!listing && api) { // signed out: the listing comes once there is a client
        if (options.cachedOnly) result.loading = true;
        else {
          const generation = this.generation;
          listing = await this.read(kind, api, options.signal);
          // Kept unless forgotten meanwhile: a listing of the account signed out of is not the next one's.
          if (generation === this.generation) this.listings.set(kind, listing);
        }
      }
      if (listing) result.listed[kind] = listing;
    }
    const add = (known: KnownScope): void => {
      if (!result.scopes.some((other) => sameScopeNamed(other, known))) result.scopes.push(known);
    };
    result.listed.group?.scopes.forEach(add);
    for (const ref of this.deps.addedGroups()) {
      const id = scopeId(ref);
      if (isValidScopeId(id)) add(named('group', id, 'added'));
    }
    result.listed.project?.scopes.forEach(add);
    let projects = await this.deps.projects();
    const unnamed = projects.filter((project) => project.label === undefined).map((project) => project.id);
    if (unnamed.length > 0 && api && !options.cachedOnly && this.deps.nameProjects) {
      await this.deps.nameProjects(unnamed);
      projects = await this.deps.projects();
    }
    for (const project of projects) {
      const id = typeof project.id === 'string' ? scopeId(project.id) : project.id;
      if (isValidScopeId(id)) add({ ...named('project', id, 'workspace'), name: project.label, ...(project.path ? { path: project.path } : {}) });
    }
    this.added.forEach(add);
    return result;
  }

  /**
   * The one list of scopes, named one way, for the settings editor, snooze, export, the import and "Why am I
   * notified?": Global, then the user's groups, the configured ones, the tree's projects and added ones.
   */
  async list(options: { refresh?: boolean; cachedOnly?: boolean; signal?: AbortSignal } = {}): Promise<ScopeListState> {
    const known = await this.scopes({ ...options, members: ['group'] });
    const { localize } = this.deps;
    const global: ScopeEntry = {
      key: 'global', scope: { kind: 'global' }, label: localize('Global'), detail: localize('Your default for every group and project'), origin: 'global',
    };
    // A server without GET /groups lists only groups added by hand, quietly.
    const groups = known.listed.group;
    const state: ScopeListState = { entries: [global, ...known.scopes.map((scope) => this.entry(scope))], groupsOffered: !groups?.notOffered };
    if (groups?.error !== undefined) state.groupsError = describeError(groups.error, 'listGroups', this.deps.localize);
    if (known.loading) state.groupsLoading = true;
    return state;
  }

  /**
   * Checks a scope typed by the user exists and is visible (a project through `GET /projects/:id`, a group by reading
   * its notification setting, since the interface has no group lookup) and keeps it. `either`: the person did not say
   * which (`findEither`). Rejects with a GitLabError, or `AmbiguousScope`.
   */
  async addScope(kind: EntityKind | 'either', ref: string | number, signal?: AbortSignal): Promise<KnownScope> {
    if (!this.deps.account.api) throw new GitLabError('unauthorized', 'Not signed in to GitLab.');
    const found = kind === 'either' ? await this.findEither(ref, signal) : await this.find(kind, ref, signal);
    await found.remember();
    this.added.set(scopeKey(found.known.scope), found.known);
    return found.known;
  }

  /**
   * A scope of either kind: a full path with a "/" names a project more often than a subgroup, so a project is looked
   * for first; a name alone can only be a top-level group's (a project's path always has its namespace). A numeric ID
   * may be both a group's and a project's: both are looked up, and when both exist the person chooses.
   */
  private async findEither(ref: string | number, signal?: AbortSignal): Promise<Found> {
    const notFound = (error: unknown): boolean => isGitLabError(error) && error.kind === 'notFound';
    if (typeof ref === 'number') {
      const [group, project] = await Promise.allSettled([this.find('group', ref, signal), this.find('project', ref, signal)]);
      if (group.status === 'fulfilled' && project.status === 'fulfilled') throw new AmbiguousScope(ref, this.deps.localize);
      if (group.status === 'fulfilled') return group.value;
      if (project.status === 'fulfilled') return project.value;
      // The more telling failure: anything but "not found" (a refused token, a network failure) is what to fix.
      throw notFound(group.reason) ? project.reason : group.reason;
    }
    const [first, second]: EntityKind[] = ref.includes('/') ? ['project', 'group'] : ['group', 'project'];
    try {
      return await this.find(first, ref, signal);
    } catch (error) {
      if (!notFound(error)) throw error;
      return this.find(second, ref, signal);
    }
  }

  /** Looks a scope of a known kind up; remembering it (in the settings) waits until it is the one added. */
  private async find(kind: EntityKind, ref: string | number, signal?: AbortSignal): Promise<Found> {
    const api = this.deps.account.api;
    if (!api) throw new GitLabError('unauthorized', 'Not signed in to GitLab.');
    if (kind === 'project') {
      const project = await api.getProject(ref, signal);
      return { known: projectScope(project, 'added'), remember: async () => this.deps.rememberProject?.(project.path_with_namespace) };
    }
    await this.deps.settings.getSetting({ kind: 'group', id: ref }, signal, { fresh: true });
    // A group the user is a member of keeps its name.
    const member = this.listings.get('group')?.scopes.find((listed) => sameScopeNamed(listed, named('group', ref, 'added')));
    return { known: { ...(member ?? named('group', ref, 'added')), origin: 'added' }, remember: async () => this.deps.rememberGroup?.(String(ref)) };
  }

  /**
   * The list's entries for the quick picks, with `also` (the workspace's project) first among the projects when the list
   * lacks it.
   */
  async entries(also?: { scope: EntityScopeRef; path?: string }): Promise<ScopeEntry[]> {
    const { entries } = await this.list();
    if (!also || findEntry(entries, also.scope, also.path)) return entries;
    const at = entries.findIndex((entry) => entry.scope.kind === 'project');
    const extra = this.entry({ ...named(also.scope.kind, also.scope.id, 'workspace'), ...(also.path !== undefined ? { path: also.path } : {}) });
    return at < 0 ? [...entries, extra] : [...entries.slice(0, at), extra, ...entries.slice(at)];
  }

  /** A scope named as the list names it (by ID or full path); one it does not list, by its path or ID. Adds nothing. */
  async named(scope: ScopeRef, path?: string): Promise<ScopeEntry> {
    const { entries } = await this.list();
    const found = findEntry(entries, scope, path);
    if (found) return found;
    return scope.kind === 'global' ? entries[0] : this.entry({ ...named(scope.kind, scope.id, 'added'), ...(path !== undefined ? { path } : {}) });
  }

  /** The entry for a scope, adding a plain one when the list does not have it (opening the editor on any scope). */
  async ensure(scope: EntityScopeRef): Promise<ScopeEntry> {
    let known = (await this.scopes({ members: ['group'] })).scopes.find((listed) => sameScopeNamed(listed, { scope }));
    if (!known) {
      known = named(scope.kind, scope.id, 'added');
      this.added.set(scopeKey(scope), known);
    }
    return this.entry(known);
  }

  /** A scope as the editor lists it. */
  entry({ scope, name, path, origin }: KnownScope): ScopeEntry {
    const { localize } = this.deps;
    const fallback = typeof scope.id === 'string' ? scope.id
      : scope.kind === 'group' ? localize('Group {0}', String(scope.id)) : localize('Project {0}', String(scope.id));
    const text = name ?? path ?? fallback;
    const label = text.trim() === '' ? '?' : text.length > 512 ? `${text.slice(0, 511)}…` : text;
    const entry: ScopeEntry = { key: scopeKey(scope), scope, label, origin, ...(path !== undefined ? { path } : {}) };
    return path !== undefined && path !== label && path.length <= 512 ? { ...entry, detail: path } : entry;
  }

  /** Every page of the user's groups or projects; a 404 means the server does not list them. */
  private async read(kind: EntityKind, api: GitLabApi, signal?: AbortSignal): Promise<Listing> {
    const budget = new ByteBudget(this.deps.maxListingBytes ?? MAX_LISTING_BYTES);
    try {
      return {
        scopes: kind === 'group'
          ? (await readAll((page, s) => api.listGroups({ page, perPage: 100, budget }, s), api, signal)).map(groupScope)
          : (await readAll((page, s) => api.listMyProjects({ page, perPage: 100, budget }, s), api, signal)).map((project) => projectScope(project)),
      };
    } catch (error) {
      if (isGitLabError(error) && error.kind === 'cancelled') throw error;
      if (isGitLabError(error) && error.kind === 'notFound') return { scopes: [], notOffered: true };
      this.deps.log?.(`Listing ${kind}s failed: ${errorText(error)}`);
      return { scopes: [], error };
    }
  }
}

/** The entry of `scope` among `entries`, the scope named by ID or full path (`path`, where the caller knows it). */
export function findEntry(entries: readonly ScopeEntry[], scope: ScopeRef, path?: string): ScopeEntry | undefined {
  const asked = { scope, path: path ?? (scope.kind !== 'global' && typeof scope.id === 'string' ? scope.id : undefined) };
  return entries.find((entry) => sameScopeNamed(entry, asked));
}

/** A scope in sentences ("Notifications for {0} are muted…"): "global settings", else the name the list shows. */
export function sentenceName(entry: Pick<ScopeEntry, 'scope' | 'label'>, localize: Localize): string {
  return entry.scope.kind === 'global' ? localize('global settings') : entry.label;
}

/** The first page alone (most people have one), then the rest with a window of pages in flight. */
async function readAll<T>(fetch: (page: number, signal?: AbortSignal) => Promise<Page<T>>, api: GitLabApi, signal?: AbortSignal): Promise<T[]> {
  const first = await fetch(1, signal);
  const rest = first.nextPage === undefined ? [] : await readPages(fetch, {
    window: LISTING_WINDOW, firstPage: first.nextPage, maxPages: MAX_PAGES - 1, signal, onRateLimited: api.onRateLimited?.bind(api),
  });
  return [first, ...rest].flatMap((page) => page.items);
}

const named = (kind: EntityKind, id: string | number, origin: KnownScope['origin']): KnownScope =>
  (typeof id === 'string' ? { scope: { kind, id }, path: id, origin } : { scope: { kind, id }, origin });

const groupScope = (group: Group): KnownScope =>
  ({ scope: { kind: 'group', id: group.id }, name: group.full_name ?? group.name, path: group.full_path, origin: 'member' });

const projectScope = (project: Project, origin: KnownScope['origin'] = 'member'): KnownScope => ({
  scope: { kind: 'project', id: project.id }, name: projectInfo(project)?.name ?? project.path_with_namespace, path: project.path_with_namespace, origin,
});
