import { GitLabError } from '../../gitlab/errors';
import type { ParticipatedThing, ParticipationApi, ViewedThing } from '../../gitlab/participation';

/**
 * What the person takes part in by role (author, assignee, reviewer), per instance, kept from one participation read
 * to the next: each read asks only for what was updated since the last one began (less a minute: GraphQL times are
 * whole seconds, and `updatedAfter` is inclusive, note §3.2), the first for the first look's window. One request at a
 * time per instance, and only when asked (`read`): the poll cycle asks once a cycle.
 */

/** Things kept per instance, the most recently updated; the view shows at most `MAX_CATCH_UP_THINGS` anyway. */
export const MAX_PARTICIPATED_THINGS = 500;
/** Asked again from a minute before the last read began. */
export const PARTICIPATION_OVERLAP_MS = 60_000;

interface InstanceState {
  things: Map<string, ParticipatedThing>;
  /** When the last read that succeeded began (ms): the next asks from a minute before it. */
  readFrom?: number;
  running?: Promise<boolean>;
  /** Why this instance cannot tell (no GraphQL): the view says it in one line. */
  unavailable?: string;
  /** The pages opened in the browser, as the last read answered them. */
  viewed: ViewedThing[];
}

export interface ParticipationOptions {
  now?: () => number;
}

const keyOf = (thing: ParticipatedThing): string => `${thing.kind}:${thing.projectId}:${thing.iid}`;

export class Participation {
  private readonly states = new Map<string, InstanceState>();
  private readonly now: () => number;

  constructor(options: ParticipationOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  private state(instance: string): InstanceState {
    let state = this.states.get(instance);
    if (!state) this.states.set(instance, (state = { things: new Map(), viewed: [] }));
    return state;
  }

  /** The things known of an instance (those read so far). */
  things(instance: string): readonly ParticipatedThing[] {
    return [...(this.states.get(instance)?.things.values() ?? [])];
  }

  /** The pages the person opened in the browser, as the last read answered (GitLab's `recentlyViewedItems`). */
  viewed(instance: string): readonly ViewedThing[] {
    return this.states.get(instance)?.viewed ?? [];
  }

  /** Whether a read has answered (or been refused for good) for the instance. */
  known(instance: string): boolean {
    const state = this.states.get(instance);
    return state?.readFrom !== undefined || state?.unavailable !== undefined;
  }

  /** Why the instance cannot tell participation, if it cannot. */
  unavailable(instance: string): string | undefined {
    return this.states.get(instance)?.unavailable;
  }

  /**
   * One read of what changed since the last (one request), or the running one; resolves whether anything new came.
   * `windowStart`: the first look's window (ms). A server without GraphQL is not asked again; other failures reject.
   */
  read(instance: string, api: ParticipationApi, username: string, windowStart: number): Promise<boolean> {
    const state = this.state(instance);
    if (state.unavailable !== undefined) return Promise.resolve(false);
    state.running ??= this.readOnce(state, api, username, windowStart).finally(() => { state.running = undefined; });
    return state.running;
  }

  private async readOnce(state: InstanceState, api: ParticipationApi, username: string, windowStart: number): Promise<boolean> {
    const began = this.now();
    const from = state.readFrom === undefined ? windowStart : Math.max(windowStart, state.readFrom - PARTICIPATION_OVERLAP_MS);
    let found: ParticipatedThing[];
    try {
      const answer = await api.participation(username, new Date(from).toISOString());
      found = answer.things;
      state.viewed = answer.viewed ?? [];
    } catch (error) {
      if (error instanceof GitLabError && error.kind === 'unsupported') {
        state.unavailable = error.message;
        return true;
      }
      throw error;
    }
    let changed = false;
    for (const thing of found) {
      const key = keyOf(thing);
      const known = state.things.get(key);
      if (known && known.updatedAt === thing.updatedAt && known.roles.length === thing.roles.length) continue;
      // A role seen once stays: a read lists a thing under the roles it has now, and a reassignment away is news too.
      const roles = [...new Set([...(known?.roles ?? []), ...thing.roles])];
      state.things.delete(key);
      state.things.set(key, { ...thing, roles });
      changed = true;
    }
    if (state.things.size > MAX_PARTICIPATED_THINGS) {
      const newestFirst = [...state.things.entries()].sort(([, a], [, b]) => b.updatedAt.localeCompare(a.updatedAt));
      state.things = new Map(newestFirst.slice(0, MAX_PARTICIPATED_THINGS));
    }
    const first = state.readFrom === undefined;
    state.readFrom = began;
    return changed || first;
  }

  /** Signed out: what was read for instances no longer signed in goes. */
  keepOnly(instances: ReadonlySet<string>): void {
    for (const instance of [...this.states.keys()]) if (!instances.has(instance)) this.states.delete(instance);
  }
}
