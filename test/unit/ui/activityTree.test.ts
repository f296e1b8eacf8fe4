import assert from 'node:assert/strict';
import { feedPlan, type FeedPlan } from '../../../src/app/activity/activityTabs';
import { createEventFeeds, eventListPlan, type EventFeeds } from '../../../src/app/activity/eventFeeds';
import { normalizeInstanceUrl } from '../../../src/app/instance';
import { ProjectDirectories } from '../../../src/app/projectDirectory';
import { myActivity, projectSources, type ActivitySource } from '../../../src/app/activity/sources';
import { NO_FILTER, validateFilter, type GitLabApi, type GitLabEvent } from '../../../src/gitlab';
import { COMMANDS } from '../../../src/ids';
import type { ActivityListView } from '../../../src/ui/activity/activityList';
import type { ActivityNode } from '../../../src/ui/activity/nodes';
import { activityTree, type TreeInstance, type TreeSetup } from './activityTreeSetup';
import { GitLabDouble } from '../../double';
import { makeClient, type TestClient } from '../gitlab/helpers';
import { MarkdownString, TreeItemCollapsibleState, type TreeItem } from './fakeVscode';
import { eventThingKey } from '../../../src/app/subscriptions/thing';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const PAGE_SIZE = 5;

/** A row as the workbench shows it: what a person reads and what a click runs. */
interface Row {
  depth: number;
  node: ActivityNode;
  label: string;
  description?: string;
  icon?: string;
  tooltip?: string;
  command?: string;
  commandTitle?: string;
  args?: unknown[];
  contextValue?: string;
  expanded: boolean;
  accessibility?: string;
  unread: boolean;
}

interface Setup extends TreeSetup {
  feeds: EventFeeds;
  /** Waits for the project lookups under way. */
  lookups(): Promise<void>;
  /** A filter change as the view makes it: the lists keep their rows until the new plan's first pages replace them. */
  switchPlan(plan: FeedPlan): void;
}

interface Options {
  instances?: TreeInstance[];
  api?: (instance: string) => GitLabApi | undefined;
  plan?: FeedPlan;
  maxRequests?: number;
  filtered?: boolean;
  projects?: (instance: string) => ActivitySource[];
  unread?: (event: GitLabEvent) => boolean;
}

/**
 * The real Activity tree under the unit tests' `vscode` stand-in, its lists read over HTTP from the GitLab double,
 * rendered as the workbench renders it: the children of every row whose item says Expanded.
 */
describe('activity tree rows', () => {
  let double: GitLabDouble;
  let t: TestClient;
  const open: Setup[] = [];

  before(async () => {
    double = await GitLabDouble.start({ events: 200, now: () => NOW });
    t = makeClient(double.url);
  });
  afterEach(() => {
    double.clearFaults();
    for (const setup of open.splice(0)) setup.dispose();
  });
  after(async () => {
    await t.close();
    await double.close();
  });

  function setup(options: Options = {}): Setup {
    const instances = options.instances ?? [{ key: '', url: double.url }];
    const api = options.api ?? (() => t.client);
    const listPlan = (plan: FeedPlan) => eventListPlan(plan, {
      pageSize: PAGE_SIZE, api: (source) => api(source.instance), maxRequests: options.maxRequests, filtered: options.filtered,
    });
    const feeds = createEventFeeds(listPlan(options.plan ?? { request: NO_FILTER }));
    const directories = new ProjectDirectories(api);
    const tree = activityTree({ instances, feeds, directories, projects: options.projects, unread: options.unread, now: () => NOW.getTime() });
    const made: Setup = {
      ...tree, feeds,
      lookups: async () => { await Promise.all(instances.map((instance) => directories.for(instance.key).resolve([]))); },
      switchPlan(next) {
        feeds.reset({ keepShown: true, plan: listPlan(next) });
      },
    };
    open.push(made);
    return made;
  }

  function render(tree: ActivityListView, parent?: ActivityNode, depth = 0, rows: Row[] = []): Row[] {
    for (const node of tree.getChildren(parent)) {
      const item = tree.getTreeItem(node) as unknown as TreeItem;
      const icon = item.iconPath as { id: string; color?: { id: string } } | undefined;
      const expanded = item.collapsibleState === TreeItemCollapsibleState.Expanded;
      rows.push({
        depth, node, label: item.label,
        description: typeof item.description === 'string' ? item.description : undefined,
        icon: icon ? (icon.color ? `${icon.id}/${icon.color.id}` : icon.id) : undefined,
        tooltip: typeof item.tooltip === 'string' ? item.tooltip : undefined,
        command: item.command?.command, commandTitle: item.command?.title, args: item.command?.arguments,
        contextValue: item.contextValue, expanded, accessibility: item.accessibilityInformation?.label,
        unread: item.resourceUri !== undefined,
      });
      if (expanded) render(tree, node, depth + 1, rows);
    }
    return rows;
  }

  /** The rows once every load and project lookup the rendering started has finished (rendered again until still). */
  async function settled(s: Setup): Promise<Row[]> {
    let last = '';
    for (let round = 0; round < 50; round++) {
      const rows = render(s.list);
      const text = JSON.stringify(rows.map(({ node: _node, ...row }) => row));
      await s.feeds.whenIdle();
      await s.lookups();
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (text === last) return rows;
      last = text;
    }
    throw new Error('the tree did not settle');
  }

  const labels = (rows: Row[]): string[] => rows.map((row) => `${'  '.repeat(row.depth)}${row.label}`);
  const under = (rows: Row[], label: string): Row[] => {
    const start = rows.findIndex((row) => row.label === label);
    assert.ok(start >= 0, `no row ${label}`);
    const end = rows.findIndex((row, i) => i > start && row.depth <= rows[start].depth);
    return rows.slice(start + 1, end < 0 ? undefined : end);
  };
  const events = (rows: Row[]): Row[] => rows.filter((row) => row.node.type === 'event');
  const tail = (rows: Row[]): Row[] => rows.filter((row) => row.depth === 1 && row.node.type !== 'day');

  it('shows Loading… first, then the first page by day with "Load more…", and appends the next page', async () => {
    const s = setup();
    const first = render(s.list);
    assert.deepEqual(labels(first), ['My Activity', '  Loading…', 'Projects', 'Users', 'Your projects', 'Starred projects', 'People you follow']);
    assert.equal(first[1].icon, 'loading~spin');
    assert.equal(first[1].description, undefined);
    const rows = await settled(s);
    const mine = under(rows, 'My Activity');
    assert.equal(events(mine).length, PAGE_SIZE);
    assert.ok(mine.filter((row) => row.node.type === 'day').every((row) => /^\d+ events?$/.test(row.description ?? '')));
    assert.deepEqual(tail(mine).map((row) => [row.label, row.icon, row.command, row.commandTitle, row.args, row.contextValue]),
      [['Load more…', 'ellipsis', COMMANDS.loadMore, 'Load More', [myActivity('').key], 'loadMore']]);
    assert.equal(tail(mine)[0].description, undefined);
    await s.feeds.loadMore(myActivity(''));
    assert.equal(events(under(await settled(s), 'My Activity')).length, 2 * PAGE_SIZE);
  });

  it('names the roots and offers Add Project… and Add User… while none are followed', async () => {
    const rows = await settled(setup());
    assert.deepEqual(rows.filter((row) => row.depth === 0).map((row) => [row.label, row.icon, row.contextValue, row.expanded]), [
      ['My Activity', 'account', 'mineRoot', true], ['Projects', 'repo', 'projectsRoot', false], ['Users', 'organization', 'usersRoot', false],
      // The dashboard feeds read nothing until opened.
      ['Your projects', 'project', 'yourProjectsRoot', false], ['Starred projects', 'star-empty', 'starredRoot', false],
      ['People you follow', 'person-follow', 'followedRoot', false],
    ]);
    const s = setup();
    s.open({ type: 'root', root: 'projects', instance: '' });
    s.open({ type: 'root', root: 'users', instance: '' });
    const hints = (await settled(s)).filter((row) => row.node.type === 'hint');
    assert.deepEqual(hints.map((row) => [row.label, row.icon, row.command, row.args]), [
      ['Add Project…', 'add', COMMANDS.addProject, ['']], ['Add User…', 'add', COMMANDS.addUser, ['']],
    ]);
  });

  it('names projects from GitLab, with their path and where they came from', async () => {
    const s = setup({ projects: (instance) => projectSources(['acme/website'], ['2'], instance) });
    s.open({ type: 'root', root: 'projects', instance: '' });
    const sources = (await settled(s)).filter((row) => row.node.type === 'source');
    assert.deepEqual(sources.map((row) => [row.label, row.description, row.icon, row.tooltip, row.contextValue, row.expanded]), [
      [double.data.projects[0].nameWithNamespace, 'acme/website', 'repo', 'Project acme/website', 'project linkable removableProject', false],
      [double.data.projects[1].nameWithNamespace, 'acme/platform/billing · from git remote', 'repo', 'Project 2', 'project linkable', false],
    ]);
  });

  it('shows event rows as sentences with their page as the click, unread ones marked for screen readers', async () => {
    const s = setup({ unread: (event) => event.id! % 2 === 0 });
    const rows = events(under(await settled(s), 'My Activity'));
    for (const row of rows) {
      const event = (row.node as ActivityNode & { type: 'event' }).event;
      // `thing` where it names an issue, merge request or epic (Why Am I Notified About This?, Unsubscribe).
      assert.equal(row.contextValue, eventThingKey(event) ? 'event linkable thing' : 'event linkable');
      assert.equal(row.command, COMMANDS.openInBrowser);
      assert.equal(row.commandTitle, 'Open in Browser');
      assert.deepEqual(row.args, [row.node]);
      assert.equal(row.unread, event.id! % 2 === 0);
      assert.match(row.accessibility ?? '', row.unread ? /^Unread: .*Alex/ : /^(?!Unread).*Alex/);
      assert.doesNotMatch(row.label, /^Alex/, 'My Activity leaves out the actor');
      assert.ok(row.description && row.icon);
    }
    const item = s.list.resolveTreeItem(s.list.getTreeItem(rows[0].node), rows[0].node) as unknown as TreeItem;
    const tooltip = item.tooltip as MarkdownString;
    assert.ok(tooltip instanceof MarkdownString);
    assert.equal(tooltip.isTrusted, false);
    assert.equal(tooltip.supportHtml, false);
    assert.ok(tooltip.value.length > 0);
  });

  it('under a tab that keeps none of the pages read: stops at the bound with a Continue row that goes on from there', async () => {
    const s = setup({ plan: { request: NO_FILTER, keep: () => false }, maxRequests: 3 });
    const mine = under(await settled(s), 'My Activity');
    assert.deepEqual(mine.map((row) => [row.label, row.description, row.icon, row.tooltip, row.command, row.commandTitle, row.args]), [
      ['Continue', '3 pages read, 0 matching so far', 'debug-continue',
        'Few events of this tab on the pages read so far: read up to 10 more pages', COMMANDS.loadMore, 'Continue', [myActivity('').key]],
    ]);
    await s.feeds.loadMore(myActivity(''));
    assert.equal(under(await settled(s), 'My Activity')[0].description, '3 pages read, 0 matching so far', 'the next click reads its own bound');
    assert.equal(s.feeds.get(myActivity('').key).nextPage, 7, 'from where the last one stopped');
  });

  it('says how far a load reading several pages got, in its Loading… row', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const gated = {
      listEvents: async (...args: Parameters<GitLabApi['listEvents']>) => {
        if ((args[2].page ?? 1) >= 3) await gate;
        return t.client.listEvents(...args);
      },
    } as GitLabApi;
    const s = setup({ api: () => gated, plan: { request: NO_FILTER, keep: () => false } });
    render(s.list);
    const state = s.feeds.get(myActivity('').key);
    while ((state.progress?.requests ?? 0) < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const mine = under(render(s.list), 'My Activity');
    assert.deepEqual(mine.map((row) => [row.label, row.description, row.icon]), [['Loading…', '1 pages read, 0 matching', 'loading~spin']]);
    release();
    await s.feeds.whenIdle();
  });

  it('shows a failed page as an error row with Retry (or Sign In Again) and Show Log', async () => {
    double.inject({ fault: { kind: 'status', status: 500, body: '{"message":"500 Internal Server Error"}' }, method: 'GET', path: '/events', times: 1 });
    const s = setup();
    const mine = under(await settled(s), 'My Activity');
    // The fix first, GitLab's words after it.
    assert.deepEqual(mine.map((row) => [row.label, row.description === s.feeds.errorOf(myActivity('').key)?.message, row.icon, row.command, row.args]), [
      ['Retry', true, 'error/errorForeground', COMMANDS.refresh, [myActivity('').key]],
      ['Show Log', false, 'output', COMMANDS.showLog, undefined],
    ]);
    assert.equal(mine[0].tooltip, mine[0].description);
    assert.equal(mine[0].contextValue, 'error retryable');

    // Sign In Again names the instance of the list whose token was refused, by the URL it was signed in with.
    double.inject({ fault: { kind: 'status', status: 401, body: '{"message":"401 Unauthorized"}' }, method: 'GET', path: '/events', times: 1 });
    const signedOut = setup({ instances: [{ key: normalizeInstanceUrl(double.url), url: double.url }] });
    const row = under(await settled(signedOut), 'My Activity')[0];
    assert.deepEqual([row.label, row.command, row.commandTitle, row.args], ['Sign In Again', COMMANDS.signIn, 'Sign In Again', [double.url]]);
  });

  it('says when a list is empty, and offers Clear Filters when a filter emptied it', async () => {
    const plan: FeedPlan = { request: validateFilter({ after: '2099-01-01' }) };
    const filtered = under(await settled(setup({ plan, filtered: true })), 'My Activity');
    assert.deepEqual(filtered.map((row) => [row.label, row.description, row.icon, row.command, row.contextValue]),
      [['Clear Filters', 'No events match the filter', 'clear-all', COMMANDS.clearFilters, 'empty']]);
    const plain = under(await settled(setup({ plan })), 'My Activity');
    assert.deepEqual(plain.map((row) => [row.label, row.description, row.command]), [['No events', undefined, undefined]]);
  });

  it('keeps the rows shown across a filter change, without a tail row, until the new first page replaces them', async () => {
    const s = setup();
    const before = events(under(await settled(s), 'My Activity')).map((row) => row.label);
    s.switchPlan(feedPlan('merge', NO_FILTER));
    const during = under(render(s.list), 'My Activity');
    assert.deepEqual(events(during).map((row) => row.label), before, 'the old rows stay while the new page loads');
    assert.deepEqual(tail(during), [], 'no Loading… or Load more… under old rows');
    const after = under(await settled(s), 'My Activity');
    assert.ok(events(after).length > 0);
    // My Activity's rows lead with the target; the icon says "accepted".
    for (const row of events(after)) assert.match(row.label, /^!\d+/);
  });

  it('reads the days in the list\'s direction: oldest first under sort asc, and the old rows\' own while a filter change loads', async () => {
    const dayKeys = (rows: Row[]): string[] => under(rows, 'My Activity').filter((row) => row.node.type === 'day')
      .map((row) => (row.node as ActivityNode & { type: 'day' }).key);
    const s = setup({ plan: { request: validateFilter({ sort: 'asc' }) } });
    await settled(s);
    for (let page = 0; page < 6; page++) await s.feeds.loadMore(myActivity(''));
    const oldestFirst = dayKeys(await settled(s));
    assert.ok(oldestFirst.length > 2, `only ${oldestFirst.length} days`);
    assert.deepEqual(oldestFirst, [...oldestFirst].sort(), 'oldest day first');
    s.switchPlan({ request: NO_FILTER });
    assert.deepEqual(dayKeys(render(s.list)), oldestFirst, 'the old rows keep their direction while the new page loads');
    const newestFirst = dayKeys(await settled(s));
    assert.ok(newestFirst.length > 1, `only ${newestFirst.length} days`);
    assert.deepEqual(newestFirst, [...newestFirst].sort().reverse(), 'newest day first, GitLab\'s default');
  });

  it('gives each signed-in instance a root with its host and user when several are signed in', async () => {
    const instances = [{ key: 'https://gitlab.one.example', url: 'https://gitlab.one.example', user: 'alex' }, { key: 'https://two.example', url: 'https://two.example' }];
    const s = setup({ instances });
    const rows = await settled(s);
    assert.deepEqual(rows.filter((row) => row.depth === 0).map((row) => [row.label, row.description, row.tooltip, row.icon, row.contextValue]), [
      ['gitlab.one.example', 'alex', 'https://gitlab.one.example, signed in as alex', 'server', 'instanceRoot'],
      ['two.example', undefined, 'https://two.example', 'server', 'instanceRoot'],
    ]);
    assert.deepEqual(labels(rows.filter((row) => row.depth === 1)), [1, 2].flatMap(() => ['  My Activity', '  Projects', '  Users', '  Your projects', '  Starred projects', '  People you follow']));
    assert.equal(events(rows).length, 2 * PAGE_SIZE);
  });
});
