import { feedPlan } from '../../src/app/activity/activityTabs';
import { createEventFeeds, eventListPlan } from '../../src/app/activity/eventFeeds';
import { ProjectDirectory } from '../../src/app/projectDirectory';
import { MY_ACTIVITY, projectSources, userSources, type ActivitySource } from '../../src/app/activity/sources';
import { GitLabClient, NO_FILTER, Transport, validateFilter, type GitLabApi } from '../../src/gitlab';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { createDispatcher } from '../../src/node/dispatcher';
import { GitLabDouble } from '../../test/double';
import { TOKEN } from '../fetch/listers';
import { tally, tallyPerCycle, type Tally, type TalliedRequest } from './requestTally';

export const ECONOMY_SOURCES = { projects: ['acme/website', 'community/handbook'], users: ['sam.taylor'] };
export const ECONOMY_DOUBLE = { events: 2_000, seed: 1 };

export interface PureEconomyResult {
  sources: string[];
  /** From nothing to every feed's first page, the project names and the global level. */
  start: Tally;
  /**
   * The same, with GitLab answering the lookup of a configured project (by path) 150 ms late: My Activity's events
   * name that project by id before the answer is in.
   */
  startWithSlowProjectLookup: Tally & {
    /** Projects fetched more than once under different addresses (by path and by id). */
    sameProjectTwice: string[];
  };
  /** Three poll cycles with nothing new, each followed by a re-render of the whole tree. */
  pollCycles: number;
  perPollCycle: Tally;
  /** The same identical GET issued twice at once (status bar and settings editor reading the global level). */
  concurrentIdenticalGets: { issued: number; sent: number };
}

interface View {
  render(): void;
  idle(): Promise<void>;
}

/** What ActivityTreeProvider.getChildren does for each expanded node (see src/ui/activity/activityTreeProvider.ts). */
function activityView(api: GitLabApi): View {
  const feeds = createEventFeeds(eventListPlan(feedPlan('all', NO_FILTER), { pageSize: 20, api: () => api }));
  const directory = new ProjectDirectory(() => api);
  const projects = projectSources(ECONOMY_SOURCES.projects, []);
  const sources: ActivitySource[] = [MY_ACTIVITY, ...projects, ...userSources(ECONOMY_SOURCES.users)];
  const pending = new Set<Promise<unknown>>();
  const track = (promise: Promise<unknown>) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };
  const render = () => {
    track(directory.resolve(projects.map((s) => s.ref)));
    for (const source of sources) {
      const state = feeds.get(source.key);
      if (!state.started && !state.loading && !state.hasError) track(feeds.load(source));
      const ids = new Set(state.items.map((e) => e.project_id).filter((id): id is number => typeof id === 'number'));
      if (ids.size > 0) track(directory.resolve(ids));
    }
  };
  feeds.onDidChange(() => render());
  directory.onDidChange(() => render());
  return {
    render,
    idle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** Single-project lookups of the last phase grouped by the project they name, where one was fetched twice. */
function sameProjectTwice(double: GitLabDouble): string[] {
  const byProject = new Map<number, string[]>();
  for (const r of double.requests) {
    const match = /^\/api\/v4\/projects\/([^/]+)$/.exec(r.rawPath);
    if (!match) continue;
    const ref = decodeURIComponent(match[1]);
    const project = double.data.projects.find((p) => String(p.id) === ref || p.pathWithNamespace.toLowerCase() === ref.toLowerCase());
    if (project) byProject.set(project.id, [...(byProject.get(project.id) ?? []), r.rawPath.replace(/^\/api\/v4/, '')]);
  }
  return [...byProject.values()].filter((paths) => paths.length > 1).map((paths) => paths.join(' and '));
}

/**
 * The request economy of the pure pieces the Activity view and status bar are made of, against the double:
 * The event feeds load My Activity, two projects and one user; ProjectDirectory resolves the configured projects and the
 * projects the events name; the tree is "rendered" (every source expanded) twice at once and again after each feed
 * change, as VS Code asks whenever the provider fires a change; the status bar reads the global level.
 */
export async function pureEconomy(): Promise<PureEconomyResult> {
  const double = await GitLabDouble.start(ECONOMY_DOUBLE);
  const dispatcher = createDispatcher();
  try {
    const api: GitLabApi = new GitLabClient(new Transport({ instanceUrl: double.url, token: () => TOKEN, exchange: new UndiciExchange(dispatcher) }));
    const toFilledTree = async () => {
      double.clearLog();
      const view = activityView(api);
      view.render();
      view.render();
      await Promise.all([api.getNotificationSettings({ kind: 'global' }), view.idle()]);
      return tally(double.requests);
    };
    const start = await toFilledTree();
    double.inject({ fault: { kind: 'latency', ms: 150 }, method: 'GET', path: `/projects/${ECONOMY_SOURCES.projects[0]}` });
    const slow = await toFilledTree();
    const startWithSlowProjectLookup = { ...slow, sameProjectTwice: sameProjectTwice(double) };
    double.clearFaults();

    const view = activityView(api);
    view.render();
    await view.idle();
    const cycles: TalliedRequest[][] = [];
    for (let i = 0; i < 3; i++) {
      double.clearLog();
      // NewActivityPoller's request, then a tree refresh with nothing new.
      await api.listEvents(MY_ACTIVITY.source, validateFilter({ sort: 'desc' }), { page: 1, perPage: 20 });
      view.render();
      await view.idle();
      cycles.push([...double.requests]);
    }

    double.clearLog();
    await Promise.all([api.getNotificationSettings({ kind: 'global' }), api.getNotificationSettings({ kind: 'global' })]);
    const sent = double.requests.length;

    return {
      sources: [MY_ACTIVITY.key, ...projectSources(ECONOMY_SOURCES.projects, []).map((s) => s.key), ...userSources(ECONOMY_SOURCES.users).map((s) => s.key)],
      start, startWithSlowProjectLookup, pollCycles: cycles.length,
      perPollCycle: tallyPerCycle(cycles), concurrentIdenticalGets: { issued: 2, sent },
    };
  } finally {
    await dispatcher.close();
    await double.close();
  }
}
