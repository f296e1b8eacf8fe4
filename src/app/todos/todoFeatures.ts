import type { TodoApi } from '../../gitlab/todoApi';
import type { TodoFeatures } from '../../gitlab/todoTypes';
import { Emitter } from '../emitter';

/** What a GitLab that cannot be asked (or not yet answered) is taken to offer: REST alone. */
export const NO_FEATURES: TodoFeatures = {
  graphql: false, snooze: false, listSnoozed: false, restore: false, resolveMany: false, restoreMany: false, snoozeMany: false,
};

/**
 * What each signed-in GitLab offers of the To-Do List, asked once per sign-in: its features beyond REST (snooze, the
 * Snoozed list, restore, the many-mutations), and whether it has a To-Do List at all, which only a list's answer
 * tells. The menus' context keys and the rows' actions follow `onDidChange`.
 */
export class TodoFeatureMap {
  private readonly entries = new Map<string, { promise: Promise<TodoFeatures>; value?: TodoFeatures }>();
  /** Instances that answered they have no To-Do List. */
  private readonly withoutList = new Set<string>();
  private readonly changes = new Emitter<void>();
  readonly onDidChange = this.changes.event;

  constructor(
    private readonly api: (instance: string) => TodoApi | undefined,
    private readonly log: { error(what: string, error: unknown): void },
  ) {}

  /** What `instance`'s GitLab offers beyond REST; none while unknown or when it cannot be asked. */
  of(instance: string): Promise<TodoFeatures> {
    const known = this.entries.get(instance);
    if (known) return known.promise;
    const api = this.api(instance);
    const promise = api ? api.getTodoFeatures().catch((error: unknown) => {
      this.log.error('Reading what the To-Do List of this GitLab offers', error);
      // Tried again at the next sign-in or refresh of the session.
      return NO_FEATURES;
    }) : Promise.resolve(NO_FEATURES);
    const entry: { promise: Promise<TodoFeatures>; value?: TodoFeatures } = { promise };
    this.entries.set(instance, entry);
    void promise.then((value) => {
      entry.value = value;
      this.changes.fire();
    });
    return promise;
  }

  /** What `instance` offers, once its GitLab has said. */
  known(instance: string): TodoFeatures | undefined {
    return this.entries.get(instance)?.value;
  }

  /** Whether any GitLab that has said can snooze (each row's own context says whether its GitLab can). */
  get anyCanSnooze(): boolean {
    return [...this.entries.values()].some((entry) => entry.value?.snooze === true);
  }

  /** What a list's answer says of `instance`: whether it has a To-Do List at all. True when that is news. */
  learnList(instance: string, has: boolean): boolean {
    if (has === !this.withoutList.has(instance)) return false;
    if (has) this.withoutList.delete(instance);
    else this.withoutList.add(instance);
    return true;
  }

  /** Whether every one of `instances` (some) answered it has no To-Do List: then the title bar's actions go. */
  noneHasList(instances: readonly string[]): boolean {
    return instances.length > 0 && instances.every((instance) => this.withoutList.has(instance));
  }

  /** A new sign-in (or sign-out): every GitLab is asked again. */
  clear(): void {
    this.entries.clear();
    this.withoutList.clear();
  }
}
