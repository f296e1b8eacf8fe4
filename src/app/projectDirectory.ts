import { ConcurrencyLimit } from './concurrencyLimit';
import { Emitter } from './emitter';
import type { GitLabApi } from '../gitlab/api';
import { GitLabError } from '../gitlab/errors';
import type { Project } from '../gitlab/types';

/**
 * Lookups of one instance's directory in flight at once, as the page reader's window: a list of a thousand projects
 * (a workspace's settings may hold one) must not become a thousand requests and connections at once.
 */
export const LOOKUP_WINDOW = 4;

/**
 * Project names and web URLs by ID or path, fetched once and cached, so event rows can name their project and link
 * to it. Lookups are synchronous (from the cache); `resolve` fills the cache and tells listeners. At most
 * `LOOKUP_WINDOW` lookups are asked for at once; the others wait their turn.
 */
export class ProjectDirectory {
  private readonly byId = new Map<number, Project>();
  private readonly byPath = new Map<string, Project>();
  private readonly pending = new Map<string, Promise<Project | undefined>>();
  private readonly failed = new Set<string>();
  private readonly changes = new Emitter<void>();
  private readonly window = new ConcurrencyLimit(LOOKUP_WINDOW);
  readonly onDidChange = this.changes.event;

  /** `warn` receives one line per failed lookup (the error's kind and message; errors never carry the token). */
  constructor(private readonly api: () => GitLabApi | undefined, private readonly warn: (message: string) => void = () => undefined) {}

  get(idOrPath: number | string): Project | undefined {
    if (typeof idOrPath === 'number' || /^\d+$/.test(idOrPath)) return this.byId.get(Number(idOrPath));
    return this.byPath.get(idOrPath.toLowerCase());
  }

  remember(project: Project): void {
    this.byId.set(project.id, project);
    this.byPath.set(project.path_with_namespace.toLowerCase(), project);
  }

  /**
   * Fetches the projects not yet known, then notifies once. A failed lookup is logged and not tried again until
   * `forgetFailures` (a Refresh), so a project that cannot be read is not asked for on every redraw.
   */
  async resolve(ids: Iterable<number | string>): Promise<void> {
    const api = this.api();
    if (!api) return;
    // A lookup by path still running may be the project an event names by id: wait for it before asking again.
    if (this.pending.size > 0) await Promise.all(this.pending.values());
    const waits: Array<Promise<Project | undefined>> = [];
    for (const id of ids) {
      const key = String(id).toLowerCase();
      if (this.get(id) || this.failed.has(key)) continue;
      let pending = this.pending.get(key);
      if (!pending) {
        pending = this.window.run(() => api.getProject(id)).then(
          (project) => { this.remember(project); return project; },
          (error: unknown) => {
            this.failed.add(key);
            const kind = error instanceof GitLabError ? error.kind : 'error';
            this.warn(`Looking up project ${String(id)} failed (${kind}): ${error instanceof Error ? error.message : String(error)}`);
            return undefined;
          },
        ).finally(() => this.pending.delete(key));
        this.pending.set(key, pending);
      }
      waits.push(pending);
    }
    if (waits.length === 0) return;
    // Listeners draw again every list that names projects: a lookup that failed changed nothing they show, and a
    // redraw for nothing takes the focus back into a tree the person had just left for the palette.
    const found = await Promise.all(waits);
    if (found.some((project) => project !== undefined)) this.changes.fire();
  }

  /** Failed lookups are tried again on the next `resolve` (Refresh: the network, a rate limit or the token may have recovered). */
  forgetFailures(): void {
    this.failed.clear();
  }

  clear(): void {
    this.byId.clear();
    this.byPath.clear();
    this.failed.clear();
  }
}

/**
 * One directory per instance: project IDs are numbered per instance, so a name looked up on one is never shown for
 * another's event. Instances are named by their URL as `normalizeInstanceUrl` writes it.
 */
export class ProjectDirectories {
  private readonly directories = new Map<string, ProjectDirectory>();
  private readonly changes = new Emitter<void>();
  /** A project became known in any instance's directory. */
  readonly onDidChange = this.changes.event;

  constructor(private readonly api: (instance: string) => GitLabApi | undefined, private readonly warn: (message: string) => void = () => undefined) {}

  for(instance: string): ProjectDirectory {
    let directory = this.directories.get(instance);
    if (!directory) {
      directory = new ProjectDirectory(() => this.api(instance), (line) => this.warn(`${instance}: ${line}`));
      directory.onDidChange(() => this.changes.fire());
      this.directories.set(instance, directory);
    }
    return directory;
  }

  /** Uses a directory filled elsewhere for `instance` (a corpus of projects, in benchmarks). */
  adopt(instance: string, directory: ProjectDirectory): this {
    directory.onDidChange(() => this.changes.fire());
    this.directories.set(instance, directory);
    return this;
  }

  forgetFailures(): void {
    for (const directory of this.directories.values()) directory.forgetFailures();
  }

  clear(): void {
    for (const directory of this.directories.values()) directory.clear();
  }
}
