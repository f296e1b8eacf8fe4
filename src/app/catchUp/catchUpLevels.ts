import { resolveLevelInForce, type LevelInForce } from '../settings/shared/levelChain';

/** Projects whose level in force is read per account: the rest count at GitLab's default (Participate). */
export const MAX_LEVEL_PROJECTS = 50;

export interface CatchUpLevelsDeps {
  /**
   * The level in force of a project for the account signed in to `instance` (`NotificationSettingsService.levelInForce`,
   * through its cache); undefined when that instance's levels cannot be read (no account there now).
   */
  levelInForce(instance: string, projectId: number, path: string): Promise<LevelInForce> | undefined;
  /** New levels are known (or held, or let go): the rows are computed again. */
  changed(): void;
  warn?(line: string): void;
}

/**
 * The levels in force the Catch Up rules read ("Watching acme/web"), kept synchronously for the row computation: each
 * project the lists name is read once through the level owner's cache (a bound of projects per instance), and a
 * level being written (Mute E-mail for This Project) is held until GitLab answers, so the rows follow it at once and
 * come back if it is refused.
 */
export class CatchUpLevels {
  private readonly known = new Map<string, Map<number, LevelInForce>>();
  private readonly asked = new Map<string, Set<number>>();
  /** The paths the projects were read under (by `heldKey`), to tell which a change of one project's level concerns. */
  private readonly paths = new Map<string, string>();
  private readonly held = new Map<string, LevelInForce>();
  /** Per instance, the reads under way (`settled` waits for them). */
  private readonly reading = new Map<string, Set<Promise<unknown>>>();
  /** Per instance, which forgetting reads belong to: a read answering after its instance was forgotten is not kept. */
  private readonly generations = new Map<string, number>();

  constructor(private readonly deps: CatchUpLevelsDeps) {}

  /** The level in force the rules read for a project: one held for a write first, then one read. */
  level(instance: string, projectId: number): LevelInForce | undefined {
    return this.held.get(heldKey(instance, projectId)) ?? this.known.get(instance)?.get(projectId);
  }

  /**
   * Reads the levels of these projects not read yet, at most `MAX_LEVEL_PROJECTS` per instance, without waiting: the
   * rows are drawn from what is known, and again once new levels come.
   */
  want(instance: string, projects: Iterable<{ id: number; path: string }>): void {
    let asked = this.asked.get(instance);
    if (!asked) this.asked.set(instance, (asked = new Set()));
    const generation = this.generations.get(instance) ?? 0;
    const current = () => (this.generations.get(instance) ?? 0) === generation;
    const reads: Array<Promise<boolean>> = [];
    for (const { id, path } of projects) {
      if (asked.has(id) || asked.size >= MAX_LEVEL_PROJECTS) continue;
      const read = this.deps.levelInForce(instance, id, path);
      if (!read) break;
      asked.add(id);
      this.paths.set(heldKey(instance, id), path);
      reads.push(read.then((level) => {
        if (!current()) return false;
        let known = this.known.get(instance);
        if (!known) this.known.set(instance, (known = new Map()));
        known.set(id, level);
        // Participate is what the rows were computed with (GitLab's default): only another level changes them.
        return level.level !== 'participating';
      }, (error: unknown) => {
        // Not known: the project counts at GitLab's default, and is asked again after the next change.
        if (current()) asked!.delete(id);
        this.deps.warn?.(`Catch Up: the level in force of project ${id} was not read: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }));
    }
    if (reads.length === 0) return;
    const all = Promise.all(reads).then((results) => { if (results.some(Boolean)) this.deps.changed(); });
    let under = this.reading.get(instance);
    if (!under) this.reading.set(instance, (under = new Set()));
    under.add(all);
    void all.finally(() => under!.delete(all));
  }

  /** Resolves once no read of the instance's levels is under way (a Refresh draws its rows with them). */
  async settled(instance: string): Promise<void> {
    for (let under = this.reading.get(instance); under && under.size > 0;) await Promise.allSettled([...under]);
  }

  /**
   * Levels changed (a write, a read that found a change, another account): every level of `instance` (of every
   * instance, without one) is read again when wanted. `quietly`: the rows are computed again anyway (a refresh), so
   * that is not asked for twice.
   */
  forget({ instance, quietly = false }: { instance?: string; quietly?: boolean } = {}): void {
    for (const key of instance === undefined ? new Set([...this.asked.keys(), ...this.generations.keys()]) : [instance]) {
      this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
      this.known.delete(key);
      this.asked.delete(key);
    }
    if (!quietly) this.deps.changed();
  }

  /**
   * One scope's level changed for the account of `instance`: a project's is read again alone; a group's or the global
   * one decides for many, so all of that instance's are. `id`: the scope's ID or full path, as the change names it.
   */
  scopeChanged(instance: string, kind: 'global' | 'group' | 'project', id?: number | string): void {
    if (kind !== 'project' || id === undefined) return this.forget({ instance });
    const asked = this.asked.get(instance);
    const named = (projectId: number) => projectId === id || this.paths.get(heldKey(instance, projectId))?.toLowerCase() === String(id).toLowerCase();
    const found = [...asked ?? []].filter(named);
    for (const projectId of found) {
      asked!.delete(projectId);
      this.known.get(instance)?.delete(projectId);
    }
    if (found.length > 0) this.deps.changed();
  }

  /** A level being written: the rules read it until `release`. */
  hold(instance: string, projectId: number, level: LevelInForce): void {
    this.held.set(heldKey(instance, projectId), level);
    this.deps.changed();
  }

  /** The write ended: `written`, GitLab has the held level now (kept as read); else the level read before is back. */
  release(instance: string, projectId: number, written = false): void {
    const key = heldKey(instance, projectId);
    const level = this.held.get(key);
    if (!level) return;
    this.held.delete(key);
    if (written) {
      let known = this.known.get(instance);
      if (!known) this.known.set(instance, (known = new Map()));
      known.set(projectId, level);
      let asked = this.asked.get(instance);
      if (!asked) this.asked.set(instance, (asked = new Set()));
      asked.add(projectId);
    }
    this.deps.changed();
  }
}

const heldKey = (instance: string, projectId: number): string => `${instance}\n${projectId}`;

/**
 * What Mute E-mail for This Project offers, quietest last, in GitLab's own levels: Participate (mail only about what
 * the person takes part in) where the level in force is louder (Watch, Custom, one it does not know), and Disabled
 * unless it is so already.
 */
export function quieterLevels(inForce: LevelInForce): Array<'participating' | 'disabled'> {
  const offered: Array<'participating' | 'disabled'> = [];
  if (!['participating', 'mention', 'disabled'].includes(inForce.level)) offered.push('participating');
  if (inForce.level !== 'disabled') offered.push('disabled');
  return offered;
}

/** The level in force once the project's own level is `level` (its groups and global as they were read). */
export function withOwnLevel(inForce: LevelInForce, level: string): LevelInForce {
  const [own, ...rest] = inForce.chain;
  if (!own || own.kind !== 'project') return inForce;
  return resolveLevelInForce({ ...own, level }, rest.slice(0, -1), rest[rest.length - 1] ?? { kind: 'global', name: '', level: 'participating' });
}
