import type { GitLabApi } from '../gitlab/api';
import type { Project } from '../gitlab/types';

/**
 * Project names and web URLs by ID or path, fetched once and cached, so event rows can name their project and link
 * to it. Lookups are synchronous (from the cache); `resolve` fills the cache and tells listeners.
 */
export class ProjectDirectory {
  private readonly byId = new Map<number, Project>();
  private readonly byPath = new Map<string, Project>();
  private readonly pending = new Map<string, Promise<Project | undefined>>();
  private readonly failed = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly api: () => GitLabApi | undefined) {}

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(idOrPath: number | string): Project | undefined {
    if (typeof idOrPath === 'number' || /^\d+$/.test(idOrPath)) return this.byId.get(Number(idOrPath));
    return this.byPath.get(idOrPath.toLowerCase());
  }

  remember(project: Project): void {
    this.byId.set(project.id, project);
    this.byPath.set(project.path_with_namespace.toLowerCase(), project);
  }

  /** Fetches the projects not yet known (each at most once, failures included), then notifies once. */
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
        pending = api.getProject(id).then(
          (project) => { this.remember(project); return project; },
          () => { this.failed.add(key); return undefined; },
        ).finally(() => this.pending.delete(key));
        this.pending.set(key, pending);
      }
      waits.push(pending);
    }
    if (waits.length === 0) return;
    await Promise.all(waits);
    for (const listener of this.listeners) listener();
  }

  clear(): void {
    this.byId.clear();
    this.byPath.clear();
    this.failed.clear();
  }
}
