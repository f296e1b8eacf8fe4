import assert from 'node:assert/strict';
import { ProjectDirectories } from '../../../src/app/projectDirectory';
import { normalizeInstanceUrl } from '../../../src/app/instance';
import { COMMANDS, STATE_KEYS, VIEWS } from '../../../src/ids';
import { registerActivityCommands } from '../../../src/ui/activity/activityCommands';
import { ActivityView } from '../../../src/ui/activity/activityView';
import type { ActivityNode } from '../../../src/ui/activity/nodes';
import type { ExtensionConfig } from '../../../src/ui/config';
import type { Log } from '../../../src/ui/log';
import type { Session } from '../../../src/ui/session';
import { GitLabDouble } from '../../double';
import { makeClient, type TestClient } from '../gitlab/helpers';
import { EventEmitter, fake, TreeItemCollapsibleState, type FakeTreeView, type TreeItem } from './fakeVscode';

/** A workspace without git repositories, and lists no test edits. */
const noRepositories = { projectPaths: async () => [] };
const noLists = { add: async () => undefined, remove: async () => undefined };

const NOW = new Date('2024-06-15T12:00:00.000Z');
const PAGE_SIZE = 5;
/** How long the stand-in workbench takes to redraw after a change event (VS Code batches refreshes). */
const DRAW_DELAY_MS = 15;

function memento(values: Record<string, unknown> = {}) {
  const store = new Map(Object.entries(values));
  return { get: (key: string) => store.get(key), update: async (key: string, value: unknown) => { store.set(key, value); }, keys: () => [...store.keys()] };
}

/**
 * The workbench's side of a tree view: on each change event it asks for the rows again, a little later, and draws
 * them; `reveal` resolves once the redraws asked for before it are drawn. Records what was on screen whenever the
 * view's message changed.
 */
class Workbench {
  /** The event rows under My Activity, and the rows after them (Loading…, Load more…), as last drawn. */
  drawn: string[] = [];
  tail: string[] = [];
  draws = 0;
  readonly messages: Array<{ message: string | undefined; rows: string[] }> = [];
  private pending?: Promise<void>;

  constructor(private readonly view: FakeTreeView) {
    // A view out of sight is not drawn; it is drawn once it comes into sight.
    view.treeDataProvider.onDidChangeTreeData?.(() => {
      if (view.visible) this.scheduleDraw();
    });
    (view as unknown as { onDidChangeVisibility(listener: (e: { visible: boolean }) => void): void }).onDidChangeVisibility((e) => {
      if (e.visible) this.scheduleDraw();
    });
    let message: string | undefined;
    Object.defineProperty(view, 'message', {
      get: () => message,
      set: (value: string | undefined) => { message = value; this.messages.push({ message: value, rows: this.drawn }); },
    });
    view.answerReveal = async () => {
      while (this.pending) await this.pending;
    };
  }

  private scheduleDraw(): void {
    this.pending ??= new Promise<void>((resolve) => setTimeout(() => {
      this.pending = undefined;
      this.draw();
      resolve();
    }, DRAW_DELAY_MS));
  }

  /** My Activity as drawn: the children of every row whose item says Expanded. */
  draw(): void {
    const rows: string[] = [];
    const tail: string[] = [];
    const visit = (parent: unknown, depth: number) => {
      for (const node of this.view.treeDataProvider.getChildren(parent) as ActivityNode[]) {
        const item = this.view.treeDataProvider.getTreeItem(node) as TreeItem;
        if (node.type === 'event') rows.push(item.label);
        else if (depth === 1 && node.type !== 'day') tail.push(item.label);
        if (item.collapsibleState === TreeItemCollapsibleState.Expanded && (depth > 0 || item.label === 'My Activity')) visit(node, depth + 1);
      }
    };
    visit(undefined, 0);
    this.drawn = rows;
    this.tail = tail;
    this.draws += 1;
  }
}

describe('activity view: a filter change travels one way', () => {
  let double: GitLabDouble;
  let t: TestClient;
  let activity: ActivityView | undefined;

  before(async () => {
    double = await GitLabDouble.start({ events: 200, now: () => NOW });
    t = makeClient(double.url);
  });
  afterEach(() => {
    activity?.dispose();
    activity = undefined;
    double.clearFaults();
    fake.reset();
  });
  after(async () => {
    await t.close();
    await double.close();
  });

  function open(stored?: unknown, { visible = true }: { visible?: boolean } = {}): { workbench: Workbench; view: FakeTreeView } {
    fake.reset();
    const key = normalizeInstanceUrl(double.url);
    const account = { key, instanceUrl: double.url, api: t.client, username: 'alex', userId: 1, accountKey: `${key}#1` };
    const changes = new EventEmitter<void>();
    const session = {
      signedIn: true, instanceUrl: double.url, api: t.client, all: [account], onDidChange: changes.event, onDidLearnUsername: new EventEmitter<void>().event,
      apiFor: () => t.client, accountFor: () => account, urlOf: () => double.url, reportUnauthorized: () => undefined,
    } as unknown as Session;
    const config = () => ({ pageSize: PAGE_SIZE, pollIntervalSeconds: 0, entries: { projects: [], users: [], groups: [] } }) as unknown as ExtensionConfig;
    const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Log;
    activity = new ActivityView(session, config, new ProjectDirectories(() => t.client), memento({ [STATE_KEYS.filter]: stored }) as never,
      memento() as never, log, noRepositories, noLists);
    registerActivityCommands(activity.commands);
    const view = fake.treeViews.find((candidate) => candidate.id === VIEWS.activity)!;
    const workbench = new Workbench(view);
    view.visible = visible;
    changes.fire();
    return { workbench, view };
  }

  async function settle(workbench: Workbench): Promise<void> {
    let last = '';
    for (let round = 0; round < 100; round++) {
      await new Promise((resolve) => setTimeout(resolve, 3 * DRAW_DELAY_MS));
      workbench.draw();
      const now = JSON.stringify(workbench.drawn);
      if (now === last && double.inFlight === 0 && fake.progress.every((entry) => !entry.running)) return;
      last = now;
    }
    throw new Error('the view did not settle');
  }

  it('keeps the old rows under the old label while the new page loads, asks GitLab with the new filter, then draws once and labels', async () => {
    const { workbench, view } = open();
    await settle(workbench);
    const oldRows = workbench.drawn;
    assert.ok(oldRows.length >= PAGE_SIZE && oldRows.some((label) => !/^!\d+/.test(label)), oldRows.join('\n'));
    assert.equal(view.message, undefined);

    double.inject({ fault: { kind: 'latency', ms: 300 }, method: 'GET', path: '/events', times: 1 });
    double.clearLog();
    const revealsBefore = view.reveals.length;
    fake.answers.quickPick = (items) => items.find((item) => (item as { value?: unknown }).value === 'merge_request');
    await fake.registered.get(COMMANDS.filterTargetType)!();
    await double.waitForArrival((r) => r.path === '/api/v4/events', 2_000);

    // The filtered page is on its way: the progress bar shows, the old rows stay, the old label too.
    await new Promise((resolve) => setTimeout(resolve, 4 * DRAW_DELAY_MS));
    assert.ok(fake.progress.some((entry) => entry.running && (entry.options as { location?: { viewId?: string } }).location?.viewId === VIEWS.activity));
    assert.deepEqual(workbench.drawn, oldRows, 'the old rows stay while the new page loads');
    assert.deepEqual(workbench.tail, [], 'without Load more… under them');
    assert.equal(view.message, undefined, 'the new label waits for its rows');

    await settle(workbench);
    assert.equal(view.message, 'Filtered: Merge request');
    assert.equal(view.description, 'Merge request');
    assert.ok(workbench.drawn.length > 0);
    for (const label of workbench.drawn) assert.match(label, /^!\d+/);
    for (const { message, rows } of workbench.messages) {
      if (message === 'Filtered: Merge request') assert.deepEqual(rows.filter((label) => !/^!\d+/.test(label)), [], 'old rows under the new label');
    }
    assert.equal(view.reveals.length - revealsBefore, 1, 'one redraw waited for');
    const asked = double.requests.filter((r) => r.path === '/api/v4/events');
    assert.ok(asked.length > 0 && asked.every((r) => r.query.target_type === 'merge_request'), 'every page asked for after the change has the new filter');
  });

  it('starts from the filter kept in the workspace, its invalid parts dropped before anything is asked', async () => {
    const { workbench, view } = open({ version: 1, target_type: 'merge_request', action: 'bogus', after: '2024-02-30' });
    await settle(workbench);
    assert.equal(view.message, 'Filtered: Merge request');
    const asked = double.requests.filter((r) => r.path === '/api/v4/events');
    assert.ok(asked.length > 0);
    for (const request of asked) {
      assert.equal(request.query.target_type, 'merge_request');
      assert.equal(request.query.action, undefined);
      assert.equal(request.query.after, undefined);
    }
  });

  it('starts loading My Activity as the view comes into sight, before the workbench asks for its rows', async () => {
    // Signed in while another container is shown: nothing is asked for yet. The workbench may have asked for the
    // view's rows before the sign-in, and a refresh sent before the view existed is dropped by the workbench.
    const { workbench, view } = open(undefined, { visible: false });
    double.clearLog();
    await new Promise((resolve) => setTimeout(resolve, 4 * DRAW_DELAY_MS));
    assert.deepEqual(double.requests.filter((r) => r.path === '/api/v4/events'), [], 'a hidden view asked for events');

    const drawsBefore = workbench.draws;
    const changes: unknown[] = [];
    view.treeDataProvider.onDidChangeTreeData?.((rows) => changes.push(rows));
    view.setVisible(true);
    const asked = await double.waitForArrival((r) => r.path === '/api/v4/events', 2_000);
    assert.equal(asked.query.page, '1');
    assert.equal(workbench.draws, drawsBefore, 'the page was asked for before the workbench drew the view');
    await settle(workbench);
    assert.ok(workbench.drawn.length >= PAGE_SIZE, workbench.drawn.join('\n'));
    // The page refreshes My Activity's row, and the project names looked up then the days naming them, not the
    // whole tree (whose refresh would close rows being opened).
    assert.ok(changes.length > 0, 'the loaded page refreshed nothing');
    for (const rows of changes) {
      assert.ok(Array.isArray(rows), 'a page load refreshed the whole tree');
      const named = (rows as ActivityNode[]).map((row) => row.type === 'root' ? row.root : row.type);
      assert.ok(named.every((row) => row === 'day') || JSON.stringify(named) === '["mine"]', JSON.stringify(named));
    }
  });
});
