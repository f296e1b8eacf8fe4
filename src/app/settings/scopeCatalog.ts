import type { GitLabApi } from '../../gitlab/api';
import { GitLabError } from '../../gitlab/errors';
import type { NotificationSettingsService } from './notificationSettingsService';
import { listAll } from './overview';
import { projectInfo } from '../activity/projectInfo';
import type { Group } from '../../gitlab/types';
import type { Localize } from '../localize';
import { describeError } from './errorInfo';
import type { ScopeEntry, ScopeListState } from './shared/protocol';
import { isValidScopeId, sameScopeNamed, scopeId, scopeKey, type EntityKind, type EntityScopeRef } from './shared/scopes';

/** A project the activity tree shows (the host passes these in). Prefer the numeric ID when known. */
export interface ProjectScopeSource {
  id: number | string;
  label?: string;
  /** `path_with_namespace`, when known. */
  path?: string;
}

export interface ScopeCatalogDeps {
  api: () => GitLabApi | undefined;
  /** The owner of notification settings: a group typed in is checked by reading its setting through it. */
  settings: Pick<NotificationSettingsService, 'getSetting'>;
  /** The tree's projects. */
  projects: () => readonly ProjectScopeSource[] | Promise<readonly ProjectScopeSource[]>;
  /** Groups the user added by hand earlier (IDs or full paths). */
  addedGroups: () => readonly string[];
  /** Keeps a group added by hand for next time. */
  rememberGroup?: (ref: string) => Promise<void>;
  /** Keeps a project added by hand (the tree shows it too). */
  rememberProject?: (ref: string) => Promise<void>;
  localize: Localize;
  log?: (line: string) => void;
}

/** At most this many pages of 100 groups are listed; a person does not scroll further than that. */
const MAX_GROUP_PAGES = 10;

/**
 * The scopes the editor lists: Global, the user's groups (where the server offers `GET /groups`), groups added by
 * hand, the tree's projects and projects added here. Member groups are fetched once and kept until `refresh`.
 */
export class ScopeCatalog {
  private memberGroups: Group[] | undefined;
  private groupsOffered = true;
  private groupsError: ScopeListState['groupsError'];
  /** Entries added while the extension runs (by hand, or to focus a scope that was not listed). */
  private readonly extra = new Map<string, ScopeEntry>();

  constructor(private readonly deps: ScopeCatalogDeps) {}

  /** `cachedOnly`: answer at once, without fetching the user's groups (they follow in a later call). */
  async list(options: { refresh?: boolean; cachedOnly?: boolean; signal?: AbortSignal } = {}): Promise<ScopeListState> {
    const fetchGroups = options.refresh || this.memberGroups === undefined;
    if (fetchGroups && !options.cachedOnly) await this.loadGroups(options.signal);
    const entries: ScopeEntry[] = [{ key: 'global', scope: { kind: 'global' }, label: this.deps.localize('Global'), origin: 'global' }];
    const add = (entry: ScopeEntry): void => {
      if (!entries.some((existing) => sameScopeNamed(named(existing), named(entry)))) entries.push(entry);
    };
    for (const group of this.memberGroups ?? []) add(groupEntry(group, 'member'));
    for (const ref of this.deps.addedGroups()) {
      const id = scopeId(ref);
      if (isValidScopeId(id)) add(this.refEntry('group', id, 'added'));
    }
    for (const project of await this.deps.projects()) {
      if (!isValidScopeId(project.id)) continue;
      const scope: EntityScopeRef = { kind: 'project', id: project.id };
      const label = project.label ?? project.path ?? String(project.id);
      add(withDetail({ key: scopeKey(scope), scope, label: clipLabel(label), origin: 'workspace' }, project.path));
    }
    for (const entry of this.extra.values()) add(entry);
    const state: ScopeListState = { entries, groupsOffered: this.groupsOffered };
    if (this.groupsError) state.groupsError = this.groupsError;
    if (fetchGroups && options.cachedOnly) state.groupsLoading = true;
    return state;
  }

  /**
   * Checks a scope typed by the user exists and is visible (a project through `GET /projects/:id`, a group by reading
   * its notification setting, since the interface has no group lookup) and keeps it. Rejects with a GitLabError.
   */
  async add(kind: EntityKind, ref: string | number, signal?: AbortSignal): Promise<ScopeEntry> {
    const api = this.deps.api();
    if (!api) throw new GitLabError('unauthorized', 'Not signed in to GitLab.');
    let entry: ScopeEntry;
    if (kind === 'project') {
      const project = await api.getProject(ref, signal);
      const scope: EntityScopeRef = { kind: 'project', id: project.id };
      const info = projectInfo(project);
      entry = withDetail({ key: scopeKey(scope), scope, label: clipLabel(info?.name ?? project.path_with_namespace), origin: 'added' }, project.path_with_namespace);
      await this.deps.rememberProject?.(project.path_with_namespace);
    } else {
      await this.deps.settings.getSetting({ kind: 'group', id: ref }, signal, { fresh: true });
      entry = this.refEntry('group', ref, 'added');
      await this.deps.rememberGroup?.(String(ref));
    }
    this.extra.set(entry.key, entry);
    return entry;
  }

  /** The entry for a scope, adding a plain one when the list does not have it (opening the editor on any scope). */
  async ensure(scope: EntityScopeRef): Promise<ScopeEntry> {
    const state = await this.list();
    const found = state.entries.find((entry) => sameScopeNamed(named(entry), { scope }));
    if (found) return found;
    const entry = this.refEntry(scope.kind, scope.id, 'added');
    this.extra.set(entry.key, entry);
    return entry;
  }

  private refEntry(kind: EntityKind, id: string | number, origin: ScopeEntry['origin']): ScopeEntry {
    const member = kind === 'group'
      ? this.memberGroups?.find((group) => group.id === id || group.full_path === id || String(group.id) === String(id))
      : undefined;
    if (member) return groupEntry(member, origin);
    const scope: EntityScopeRef = { kind, id };
    const label = typeof id === 'number'
      ? (kind === 'group' ? this.deps.localize('Group {0}', id) : this.deps.localize('Project {0}', id))
      : id;
    return withDetail({ key: scopeKey(scope), scope, label, origin }, typeof id === 'string' ? id : undefined);
  }

  private async loadGroups(signal?: AbortSignal): Promise<void> {
    this.groupsError = undefined;
    const api = this.deps.api();
    if (!api) return; // signed out: nothing cached, so the groups come once there is a token
    const listing = await listAll((page) => api.listGroups(page, signal), MAX_GROUP_PAGES);
    // A server without GET /groups lists only groups added by hand, quietly.
    this.groupsOffered = listing.ok || !listing.notOffered;
    if (!listing.ok && !listing.notOffered) {
      this.groupsError = describeError(listing.error, 'listGroups', this.deps.localize);
      this.deps.log?.(`Listing groups failed: ${this.groupsError.message}`);
    }
    this.memberGroups = listing.ok ? listing.items : [];
  }
}

function groupEntry(group: Group, origin: ScopeEntry['origin']): ScopeEntry {
  const scope: EntityScopeRef = { kind: 'group', id: group.id };
  return withDetail({ key: scopeKey(scope), scope, label: clipLabel(group.full_name ?? group.name), origin }, group.full_path);
}

function withDetail(entry: ScopeEntry, detail: string | undefined): ScopeEntry {
  return detail !== undefined && detail !== entry.label && detail.length <= 512 ? { ...entry, detail } : entry;
}

function clipLabel(label: string): string {
  const text = label.trim() === '' ? '?' : label;
  return text.length > 512 ? `${text.slice(0, 511)}…` : text;
}

/** An entry's scope with its full path (the detail, where known). */
const named = (entry: ScopeEntry) => ({ scope: entry.scope, path: entry.detail });
