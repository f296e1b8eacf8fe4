import { Agent } from 'undici';
import { accountKey } from '../../../../src/app/accountKey';
import { CatchUpService, catchUpSource, type CatchUpAccount } from '../../../../src/app/catchUp/catchUpService';
import { Participation } from '../../../../src/app/catchUp/participation';
import { SeenThings } from '../../../../src/app/catchUp/seenThings';
import { resolveLevelInForce, type LevelInForce } from '../../../../src/app/settings/shared/levelChain';
import {
  GitLabClient, NO_FILTER, SubscriptionClient, TodoClient, Transport, type GitLabEvent, type SubscribedThing, type Todo,
} from '../../../../src/gitlab';
import { ParticipationClient } from '../../../../src/gitlab/participation';
import { UndiciExchange } from '../../../../src/node/undiciExchange';

/**
 * The Catch Up service as the extension composes it, over the real clients on real undici against a server: the
 * lists it is built from (each project's events and the person's own, the pending to-dos, the subscribed issues and
 * merge requests, the levels in force) read as the other views read them, and held; the participation read its own.
 * For tests and the bench: `readLists` reads them once (as the other views' first pages), `rows` computes the rows.
 */

const TOKEN = 'glpat-test-token';

export interface CatchUpOverHttp {
  service: CatchUpService;
  account: CatchUpAccount;
  /** Reads what the other lists would hold (their requests, counted at the server like any other). */
  readLists(): Promise<void>;
  /** The rows now (computed from what is held, nothing read). */
  rows(): Promise<ReturnType<CatchUpService['shown']>>;
  close(): Promise<void>;
}

function memory() {
  const values = new Map<string, unknown>();
  return {
    get: (key: string) => values.get(key),
    keys: () => [...values.keys()],
    async update(key: string, value: unknown) {
      if (value === undefined) values.delete(key);
      else values.set(key, JSON.parse(JSON.stringify(value)));
    },
  };
}

export function catchUpOverHttp(url: string, options: { now: () => number; userId: number; username: string; token?: string }): CatchUpOverHttp {
  const exchange = new UndiciExchange(new Agent({ keepAliveTimeout: 10_000 }));
  const transport = new Transport({ instanceUrl: url, token: () => options.token ?? TOKEN, exchange, timeoutMs: 10_000 });
  const api = new GitLabClient(transport);
  const todoClient = new TodoClient(transport);
  const subscriptionClient = new SubscriptionClient(transport);
  const held = {
    events: [] as GitLabEvent[], todos: [] as Todo[], subscriptions: [] as SubscribedThing[],
    paths: new Map<number, string>(), levels: new Map<number, LevelInForce>(),
  };
  const account: CatchUpAccount = {
    key: url, instanceUrl: url, accountKey: accountKey(url, options.userId), userId: options.userId, username: options.username,
    participation: new ParticipationClient(transport),
  };
  const service = new CatchUpService({
    accounts: () => [account], pageSize: () => 20, seen: new SeenThings(memory(), options.now), windowDays: () => 7,
    now: options.now, participation: new Participation({ now: options.now }),
    reading: {
      events: () => held.events,
      todos: () => held.todos,
      subscriptions: () => held.subscriptions,
      projectPath: (_instance, id) => held.paths.get(id),
      projectId: (_instance, path) => [...held.paths].find(([, p]) => p === path)?.[0],
      level: (_instance, id) => held.levels.get(id),
    },
  });

  async function readLists(): Promise<void> {
    const projects = [];
    for (let page: number | undefined = 1; page !== undefined;) {
      const read = await api.listMyProjects({ page, perPage: 100 });
      projects.push(...read.items);
      page = read.nextPage;
    }
    const global = (await api.getNotificationSettings({ kind: 'global' })).level;
    held.events = [];
    for (const project of projects) {
      held.paths.set(project.id, project.path_with_namespace);
      for (let page: number | undefined = 1; page !== undefined;) {
        const read = await api.listEvents({ kind: 'project', id: project.id }, NO_FILTER, { page, perPage: 100 });
        held.events.push(...read.items);
        page = read.nextPage;
      }
      const own = (await api.getNotificationSettings({ kind: 'project', id: project.id })).level;
      held.levels.set(project.id, resolveLevelInForce({ kind: 'project', name: project.path_with_namespace, level: own }, [], { kind: 'global', name: '', level: global }));
    }
    held.todos = (await todoClient.listTodos({}, { page: 1, perPage: 100 })).items;
    held.subscriptions = (await subscriptionClient.listSubscribedIssues({ first: 100 })).items;
    for (const project of projects) {
      held.subscriptions.push(...(await subscriptionClient.listSubscribedMergeRequests({ project: project.path_with_namespace }, { first: 100 })).items);
    }
  }

  return {
    service, account, readLists,
    async rows() {
      service.inputsChanged();
      await service.lists.load(catchUpSource(url));
      return service.shown(url);
    },
    close: () => exchange.close(),
  };
}
