import { Agent, request } from 'undici';
import { OverridesOverview } from '../../src/app/settings/overview';
import { NotificationSettingsService } from '../../src/app/settings/notificationSettingsService';
import { ScopeCatalog } from '../../src/app/settings/scopeCatalog';
import { GitLabClient, Transport } from '../../src/gitlab';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { createDispatcher } from '../../src/node/dispatcher';
import { GitLabDouble } from '../../test/double';
import type { DoubleGroup, DoubleProject } from '../../test/double/world/types';
import { TOKEN } from '../fetch/listers';
import { LATENCY_MS } from './pagesBench';
import { ms, raceWindows, type RaceResult } from './windowRace';
import { fixedAccount } from '../../src/app/activeAccount';

/** Groups and projects the user belongs to, added to the double's world: a person in a mid-sized organisation. */
const GROUPS = 20;
const PROJECTS = 60;

export interface OverviewResult extends RaceResult {
  /** Requests one overview makes: the listings' pages, the global level and one read per group and project. */
  requests: number;
  rows: number;
}

/** Member groups (user 1 a developer in each) with their projects; levels varied so rows differ. */
function populate(double: GitLabDouble): void {
  const anchor = new Date().toISOString();
  for (let g = 0; g < GROUPS; g++) {
    const id = 500 + g;
    const group: DoubleGroup = {
      id, name: `Team ${g}`, path: `team-${g}`, fullPath: `team-${g}`, fullName: `Team ${g}`, parentId: null,
      visibility: 'private', description: '', createdAt: anchor, members: { 1: 30 },
    };
    double.data.groups.push(group);
  }
  for (let p = 0; p < PROJECTS; p++) {
    const group = double.data.groups[double.data.groups.length - GROUPS + (p % GROUPS)];
    const project: DoubleProject = {
      id: 5_000 + p, name: `Service ${p}`, path: `service-${p}`, pathWithNamespace: `${group.fullPath}/service-${p}`,
      nameWithNamespace: `${group.fullName} / Service ${p}`, description: '', visibility: 'private',
      namespace: { kind: 'group', id: group.id, name: group.name, path: group.path, fullPath: group.fullPath, parentId: null, groupId: group.id },
      members: {}, createdAt: anchor, lastActivityAt: anchor, defaultBranch: 'main', topics: [], starCount: 0, forksCount: 0,
      archived: false, importedFrom: null,
    };
    double.data.projects.push(project);
  }
}

/**
 * The overrides overview (`OverridesOverview.load`, over the settings owner and the real client) against a double
 * answering every request 50 ms late, at read windows of 1, 2, 4 and 8; next to the floor: the same requests, in the
 * order the overview first made them, one after another with raw undici. Rows and levels are compared with a read at
 * window 1.
 */
export async function overviewBench(runs: number, progress: (line: string) => void): Promise<OverviewResult> {
  const double = await GitLabDouble.start({ events: 50, seed: 5 });
  populate(double);
  const dispatcher = createDispatcher();
  const floorAgent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    const client = new GitLabClient(new Transport({ instanceUrl: double.url, token: () => TOKEN, exchange: new UndiciExchange(dispatcher) }));
    const memory = new Map<string, unknown>();
    const load = async (window: number) => {
      const settings = new NotificationSettingsService(fixedAccount(double.url, client), { get: (k) => memory.get(k), update: async (k, v) => void memory.set(k, v) });
      const catalog = new ScopeCatalog({ account: { get api() { return client; } }, settings, projects: () => [], addedGroups: () => [], localize: (message) => message });
      const overview = new OverridesOverview({ catalog, settings, t: (message) => message, concurrency: window });
      try {
        const state = await overview.load({ refresh: true });
        return state.rows.map((row) => `${row.key}=${row.level ?? row.error}`).join(',');
      } finally {
        overview.dispose();
      }
    };
    // Some exceptions to the global level, as a person has.
    for (let p = 0; p < PROJECTS; p += 7) await client.updateNotificationSettings({ kind: 'project', id: 5_000 + p }, { level: 'watch' });
    double.clearLog();
    const reference = await load(1);
    const replay = double.requests.map((r) => r.rawPath + (Object.keys(r.query).length ? `?${new URLSearchParams(r.query)}` : ''));
    const rows = reference.split(',').length;

    double.inject({ fault: { kind: 'latency', ms: LATENCY_MS }, times: Infinity });
    const race = await raceWindows('overview', runs, {
      floor: async () => {
        const started = performance.now();
        for (const path of replay) {
          const response = await request(`${double.url}${path}`, { dispatcher: floorAgent, headers: { 'private-token': TOKEN } });
          JSON.parse(await response.body.text());
        }
        return ms(started);
      },
      read: async (window) => {
        const started = performance.now();
        const rowsRead = await load(window);
        return { ms: ms(started), same: rowsRead === reference };
      },
      clearLog: () => double.clearLog(),
      peakInFlight: () => double.peakInFlight,
    }, progress);
    return {
      latencyMs: LATENCY_MS, requests: replay.length, rows, runs, floor: race.floor, windows: race.windows,
    };
  } finally {
    await dispatcher.close();
    await floorAgent.close();
    await double.close();
  }
}
