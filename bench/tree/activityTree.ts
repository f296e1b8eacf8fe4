import { accountKey } from '../../src/app/accountKey';
import { ActivityService } from '../../src/app/activity/activityService';
import { ActivityFilter } from '../../src/app/activity/filterState';
import type { ActivitySource } from '../../src/app/activity/sources';
import { Emitter } from '../../src/app/emitter';
import { normalizeInstanceUrl } from '../../src/app/instance';
import { ProjectDirectories, type ProjectDirectory } from '../../src/app/projectDirectory';
import type { GitLabApi } from '../../src/gitlab/api';
import { STATE_KEYS } from '../../src/ids';
import { createActivityList, type ActivityList } from '../../src/ui/activity/activityList';

/** The one account of the bench's Activity: its user id is 1. */
const USER_ID = 1;

/** A map as global and workspace state. */
function memoryStore(values: Record<string, unknown> = {}) {
  const map = new Map(Object.entries(values));
  return { get: (key: string) => map.get(key), update: async (key: string, value: unknown) => { map.set(key, value); }, keys: () => [...map.keys()] };
}

export interface BenchActivity {
  service: ActivityService;
  directories: ProjectDirectories;
  /** My Activity of the one instance. */
  mine: ActivitySource;
  /** A fresh Activity tree over the service, as the view makes it (as when the view first opens). */
  tree(): ActivityList;
}

/**
 * The real Activity below and in its view (`ActivityService`, `createActivityList`), the `vscode` module answered by the
 * bench's stub: one instance signed in at `instanceUrl`, read with `api`, its projects named by `directory`. With
 * `seenUpTo`, the events up to that id were seen (the later ones are unread). Load this module after the stub's hook.
 */
export function benchActivity(api: GitLabApi, directory: ProjectDirectory, instanceUrl: string,
  { pageSize, seenUpTo, now }: { pageSize: number; seenUpTo?: number; now?: () => number }): BenchActivity {
  const key = normalizeInstanceUrl(instanceUrl);
  const account = { key, instanceUrl, api, accountKey: accountKey(key, USER_ID), username: 'bench' };
  const mineKey = `${key}|mine`;
  const store = memoryStore(seenUpTo === undefined ? {} : { [STATE_KEYS.seen]: { [account.accountKey]: { [mineKey]: { id: seenUpTo } } } });
  const directories = new ProjectDirectories(() => undefined).adopt(key, directory);
  const service = new ActivityService({
    accounts: () => [account], activeInstanceUrl: () => instanceUrl, settings: () => ({ pageSize, entries: { projects: [], users: [] } }),
    workspaceProjects: async () => [], directories, store, filter: ActivityFilter.EMPTY, log: { error: () => undefined },
  });
  const changes = new Emitter<void>();
  const session = {
    signedIn: true, all: [account], onDidChange: changes.event, onDidLearnUsername: changes.event, reportUnauthorized: () => undefined,
    urlOf: (instance: string) => (instance === key ? instanceUrl : undefined),
  };
  void service.kept.keepOnly([account]);
  return {
    service, directories, mine: service.sources(key).mine,
    tree: () => createActivityList({
      service, directories, session, log: { warn: () => undefined }, state: memoryStore() as never, pushDown: () => undefined, now,
    }),
  };
}
