import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { canReadIssuable, hasExplicitRow } from '../double/subscriptions/store';
import type { DoubleIssuable } from '../double/world/types';
import {
  extensionRequests, mutationsOf, readFromDouble, useSignedInSession, waitFor, type RunningDouble, type SentMutation,
} from './harness';
import { pickContextMenuItem } from './harness/context-menu';
import { hoverFor } from './harness/hover';
import type { TreeItemView, ViewTree } from './harness/view-tree';
import { ACTIVITY_VIEW, SUBSCRIPTIONS_VIEW, VIEW_CONTAINER, type Workbench } from './harness/workbench';

const SECTIONS = ['Issues', 'Merge requests', 'Epics', 'Labels'];
/** Small pages: every section has "Load more…", and Unsubscribe from All Closed reaches things no page loaded. */
const PAGE_SIZE = 5;
const USER = 1;
const ZERO_WIDTH = /\u200b/g;

/** Shows the Subscriptions view with the side bar's height (Activity collapsed: the view starts as a collapsed section under it). */
async function openSubscriptions(workbench: Workbench): Promise<ViewTree> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.waitForView(SUBSCRIPTIONS_VIEW);
  await workbench.setViewExpanded(SUBSCRIPTIONS_VIEW, true);
  await workbench.setViewExpanded(ACTIVITY_VIEW, false);
  return workbench.tree(SUBSCRIPTIONS_VIEW);
}

/** Puts the container back as a workbench starts (the next suite on it finds the Activity view open). */
async function closeSubscriptions(workbench: Workbench): Promise<void> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.setViewExpanded(ACTIVITY_VIEW, true);
  await workbench.setViewExpanded(SUBSCRIPTIONS_VIEW, false);
}

/** The rows under each section (level 1 with a single account), by the section's label, as shown. */
function bySection(items: TreeItemView[]): Map<string, TreeItemView[]> {
  const sections = new Map<string, TreeItemView[]>();
  let current: TreeItemView[] | undefined;
  for (const item of items) {
    if (item.level === 1) sections.set(item.label, (current = []));
    else current?.push(item);
  }
  return sections;
}

/**
 * Each section read: no Loading… left in any, and each shows what its page brought (things, the empty row, a failure
 * or a calm line), not "Load more…" alone. The extension hands a section's page to VS Code in one refresh, yet the
 * page once showed three sections with their "Load more…" row only, their things drawn a moment later (the extension
 * host's log had all six rows of each in that refresh): such a tree is still being drawn.
 */
const settled = (sections: Map<string, TreeItemView[]>): boolean =>
  [...sections.values()].every((rows) => rows.some((row) => row.label !== 'Load more…') && !rows.some((row) => row.label === 'Loading…'));

/** A row's label as read, without the zero-width spaces that keep server text inert. */
const shown = (text: string): string => text.replace(ZERO_WIDTH, '');

const STATE_WORDS: Record<string, string> = { opened: 'open', closed: 'closed', merged: 'merged', locked: 'locked' };
const isClosed = (item: DoubleIssuable): boolean => item.state === 'closed' || item.state === 'merged';

function projectPath(double: RunningDouble, id: number | null): string {
  return double.data.projects.find((project) => project.id === id)!.pathWithNamespace;
}

function groupPath(double: RunningDouble, id: number | null): string {
  return double.data.groups.find((group) => group.id === id)!.fullPath;
}

/** How GitLab references a thing in full: `acme/website#12`, `acme/website!3`, `acme&2`. */
function referenceOf(double: RunningDouble, item: DoubleIssuable): string {
  if (item.model === 'MergeRequest') return `${projectPath(double, item.projectId)}!${item.iid}`;
  if (item.projectId === null) return `${groupPath(double, item.groupId)}&${item.iid}`;
  return `${projectPath(double, item.projectId)}#${item.iid}`;
}

/** The thing a row names by its reference (its label's first word). */
function thingOfRow(double: RunningDouble, label: string): DoubleIssuable {
  const reference = shown(label).split(' ')[0];
  const item = double.data.issuables.find((candidate) => referenceOf(double, candidate) === reference);
  assert.ok(item, `no thing of the double is ${reference}`);
  return item;
}

/** User 1 explicitly subscribed to `item` (a row of theirs says so, whatever its project), as GitLab's filter reads it. */
const subscribed = (double: RunningDouble, item: DoubleIssuable): boolean =>
  hasExplicitRow(double.data, item.model, item.id, USER, 'EXPLICITLY_SUBSCRIBED');

/** The places the list looks in, asked of GitLab as the extension asks: the user's groups and member projects. */
async function placesOf(double: RunningDouble): Promise<{ groups: string[]; projects: string[] }> {
  const groups = await readFromDouble<Array<{ full_path: string }>>(double, '/groups', { min_access_level: 10, per_page: 100 });
  const projects = await readFromDouble<Array<{ path_with_namespace: string }>>(double, '/projects', { membership: 'true', simple: 'true', per_page: 100 });
  assert.equal(groups.nextPage, null);
  assert.equal(projects.nextPage, null);
  return { groups: groups.body.map((group) => group.full_path), projects: projects.body.map((project) => project.path_with_namespace) };
}

const within = (path: string, place: string): boolean => path === place || path.startsWith(`${place}/`);

/**
 * The closed or merged things user 1 is explicitly subscribed to where the list looks: issues anywhere they can read,
 * merge requests in their groups and member projects, epics in their groups.
 */
function closedSubscribed(double: RunningDouble, places: { groups: string[]; projects: string[] }): DoubleIssuable[] {
  return double.data.issuables.filter((item) => {
    if (!isClosed(item) || !subscribed(double, item) || !canReadIssuable(double.data, item, USER)) return false;
    if (item.model === 'MergeRequest') {
      const path = projectPath(double, item.projectId);
      return places.groups.some((group) => within(path, group)) || places.projects.includes(path);
    }
    if (item.projectId === null) return places.groups.some((group) => within(groupPath(double, item.groupId), group));
    return true;
  });
}

/** The subscription mutations (`issueSetSubscription`, …) the extension sent from `since` (ms) on. */
const subscriptionMutations = (double: RunningDouble, since: number): SentMutation[] =>
  extensionRequests(double, (r) => r.at >= since).flatMap(mutationsOf).filter((mutation) => /SetSubscription$|Subscribe$/.test(mutation.name));

/** Elements a payload could have made, links to commands or scripts, and icons drawn from `$(…)`, inside `root`. */
async function dangerousElements(root: Locator): Promise<{ images: number; scripts: number; badLinks: string[]; bugIcons: number }> {
  return root.evaluate((element) => ({
    images: element.querySelectorAll('img').length,
    scripts: element.querySelectorAll('script').length,
    badLinks: Array.from(element.querySelectorAll('a[href], [data-href]'))
      .map((a) => a.getAttribute('href') ?? a.getAttribute('data-href') ?? '')
      .filter((href) => /^\s*(command|javascript):/i.test(href)),
    bugIcons: element.querySelectorAll('.codicon-bug').length,
  }));
}

/**
 * Chooses `label` from the "…" (More Actions) menu of the Subscriptions view's title bar, by keyboard once the menu is
 * open (as `pickContextMenuItem` does: a click on an item right after the menu opened may be taken for the opening
 * click's end and ignored).
 */
async function pickViewMenuItem(page: Page, workbench: Workbench, label: string): Promise<void> {
  const more = workbench.tree(SUBSCRIPTIONS_VIEW).pane.locator('.pane-header .actions-container a.action-label[aria-label^="More Actions"]');
  await more.waitFor({ state: 'visible', timeout: 20_000 });
  const items = page.locator('.monaco-menu .action-item .action-label');
  const focused = page.locator('.monaco-menu .action-item.focused .action-label');
  await waitFor(`"${label}" in the view's "…" menu`, async () => {
    if (!(await items.filter({ hasText: label }).first().isVisible())) await more.click();
    return items.filter({ hasText: label }).first().isVisible();
  });
  try {
    await waitFor(`"${label}" to be focused`, async () => {
      if ((await focused.count()) > 0 && ((await focused.first().textContent()) ?? '').trim() === label) return true;
      await page.keyboard.press('ArrowDown');
      return false;
    });
    await page.keyboard.press('Enter');
    await items.first().waitFor({ state: 'hidden', timeout: 15_000 });
  } catch (error) {
    await page.keyboard.press('Escape');
    throw error;
  }
}

describe('Subscriptions view', function () {
  this.timeout(180_000);
  // Before the session's own `after` hands the workbench on (hooks run in the order they are declared).
  after(async function () {
    this.timeout(60_000);
    await closeSubscriptions(session().workbench);
  });
  // Shares the workbench of the Activity suites: it changes only subscriptions of the double, which they never read,
  // and puts each back (Undo).
  const session = useSignedInSession({
    name: 'subscriptions',
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE },
  });

  it('shows a section per kind, each thing by its reference and title, its kind and state in words; "Load more…" reads the next page', async function () {
    const { workbench, double } = session();
    const tree = await openSubscriptions(workbench);
    const sections = await tree.waitForTree('the four sections, each read', (items) => {
      const found = bySection(items);
      return JSON.stringify([...found.keys()]) === JSON.stringify(SECTIONS) && settled(found) && found;
    }, 60_000);

    // Every thing row names a thing user 1 is explicitly subscribed to, as GitLab references it, then its title.
    for (const section of ['Issues', 'Merge requests', 'Epics']) {
      const rows = sections.get(section)!.filter((row) => row.label !== 'Load more…');
      assert.ok(rows.length >= PAGE_SIZE, `${section}: a page of rows; the tree showed ${JSON.stringify([...sections].map(([name, rowsOf]) => [name, rowsOf.map((row) => shown(row.label))]))}`);
      for (const row of rows) {
        const thing = thingOfRow(double!, row.label);
        assert.ok(subscribed(double!, thing), `${row.label}: not subscribed in GitLab`);
        assert.equal(shown(row.label), `${referenceOf(double!, thing)} ${thing.title}`);
        const kind = thing.model === 'MergeRequest' ? 'Merge request' : thing.projectId === null ? 'Epic'
          : thing.issueType === 'ISSUE' ? 'Issue' : thing.issueType.charAt(0) + thing.issueType.slice(1).toLowerCase();
        assert.ok(row.description.startsWith(`${kind} · ${STATE_WORDS[thing.state]} · `), `${row.label}: ${row.description}`);
      }
      assert.equal(sections.get(section)!.at(-1)!.label, 'Load more…', `${section} ends with "Load more…"`);
    }
    const issues = sections.get('Issues')!;
    assert.ok(issues.some((row) => /^acme\/website#\d+ /.test(row.label)), 'an issue of acme/website');
    // An issue of another type is named by its type.
    assert.ok(issues.some((row) => /^(Task|Incident) · /.test(row.description)), 'an issue of another type by its name');
    assert.ok(sections.get('Merge requests')!.some((row) => /^\S+!\d+ /.test(row.label)));
    assert.ok(sections.get('Epics')!.some((row) => /^\S+&\d+ /.test(row.label)));
    // Labels by name, where they apply.
    const labels = sections.get('Labels')!;
    assert.ok(labels.some((row) => row.label === 'bug' && row.description === 'Label · acme/website'), 'the label "bug" of acme/website');
    assert.ok(!labels.some((row) => row.label === 'invoices'), 'a label explicitly unsubscribed is not listed');

    // "Load more…" under Issues reads the next page after the first. Clicked once the section is drawn as it stays:
    // its first page draws the section again for its count ("5+"), and VS Code draws that count last, after it has
    // asked for the section's rows again and drawn them. A click on the rows drawn before it runs a command the
    // extension host has dropped with them ("Actual command not found, wanted to execute …loadMore /12"), and is lost.
    const countDrawn = `${PAGE_SIZE}+`;
    const drawn = await tree.waitForTree(`the Issues section counting "${countDrawn}", its "Load more…" under it`, (items) => {
      const section = items.find((item) => item.level === 1 && item.label === 'Issues');
      const rows = bySection(items).get('Issues') ?? [];
      return section?.description === countDrawn && rows.at(-1)?.label === 'Load more…' && rows.at(-1);
    });
    await tree.treeRow(drawn.index).click();
    await tree.waitForTree('a second page of issues', (items) => {
      const rows = bySection(items).get('Issues') ?? [];
      return rows.filter((row) => /#\d+ /.test(row.label)).length === 2 * PAGE_SIZE && !rows.some((row) => row.label === 'Loading…');
    });
    await workbench.screenshot('subscriptions-view');
  });

  it('unsubscribes from a row in GitLab, the row leaving at once; Undo subscribes again and brings it back', async function () {
    const { workbench, double, page } = session();
    const tree = await openSubscriptions(workbench);
    const row = await tree.waitForTree('an issue row', (items) => (bySection(items).get('Issues') ?? []).find((item) => /#\d+ /.test(item.label)));
    const thing = thingOfRow(double!, row.label);
    const reference = referenceOf(double!, thing);
    assert.ok(subscribed(double!, thing));
    const since = Date.now();
    // GitLab's answer is held, so the row is seen to leave before it comes.
    double!.inject({ fault: { kind: 'latency', ms: 120_000 }, method: 'POST', path: '/api/graphql' });

    await pickContextMenuItem(page, tree.treeRowLabelled(row.label), 'Unsubscribe');
    const held = await double!.waitForArrival((r) => r.at >= since && mutationsOf(r).some((m) => m.name === 'issueSetSubscription'), 20_000);
    await tree.waitForTree(`the row "${reference}" to leave before GitLab answers`, (items) =>
      items.length > 0 && !items.some((item) => item.label === row.label));
    assert.equal(held.status, 0, 'GitLab had answered before the row left');
    double!.releaseHeld();
    const toast = await workbench.waitForNotification(`Unsubscribed from ${reference}.`);
    await waitFor(`${reference} unsubscribed in GitLab`, () => !subscribed(double!, thing));
    const [projectPathSent, iid] = [projectPath(double!, thing.projectId), String(thing.iid)];
    assert.deepEqual(subscriptionMutations(double!, since).map((m) => [m.name, m.input.projectPath, String(m.input.iid), m.input.subscribedState]),
      [['issueSetSubscription', projectPathSent, iid, false]]);
    assert.deepEqual(double!.data.subscriptions.filter((s) => s.userId === USER && s.subscribableType === 'Issue' && s.subscribableId === thing.id)
      .map((s) => s.subscribed), [false]);

    const undoSince = Date.now();
    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await waitFor(`${reference} subscribed again in GitLab`, () => subscribed(double!, thing));
    assert.deepEqual(subscriptionMutations(double!, undoSince).map((m) => [m.name, m.input.projectPath, String(m.input.iid), m.input.subscribedState]),
      [['issueSetSubscription', projectPathSent, iid, true]]);
    await tree.waitForTree(`the row "${reference}" back`, (items) => items.some((item) => item.label === row.label));
  });

  it('filters to closed or merged things, says so in the view\'s description, and Clear Subscription Filters brings all back', async function () {
    const { workbench } = session();
    const tree = await openSubscriptions(workbench);
    await tree.waitForTree('the four sections', (items) => settled(bySection(items)) && bySection(items).size === 4);

    await workbench.openQuickInputFromTitleAction('Filter Subscriptions…', 'Filter Subscriptions', 20_000, SUBSCRIPTIONS_VIEW);
    await workbench.pickQuickItem(/^State$/);
    await workbench.waitForQuickInput('Subscriptions in which state');
    await workbench.pickQuickItem(/^Closed or merged$/);
    await workbench.waitForQuickInputClosed();
    await waitFor('the view\'s description to say the filter', async () => (await workbench.viewDescription(SUBSCRIPTIONS_VIEW)) === 'Closed or merged');
    // Labels have no state: a state filter leaves them out.
    const sections = await tree.waitForTree('only closed or merged things', (items) => {
      const found = bySection(items);
      const things = [...found.values()].flat().filter((row) => / · /.test(row.description));
      return JSON.stringify([...found.keys()]) === JSON.stringify(['Issues', 'Merge requests', 'Epics']) && settled(found)
        && things.length > 0 && things.every((row) => /^[^·]+ · (closed|merged) · /.test(row.description)) && found;
    });
    assert.ok((sections.get('Merge requests') ?? []).some((row) => / · merged · /.test(row.description)), 'a merged merge request');

    await workbench.clickViewTitleAction('Clear Subscription Filters', 20_000, SUBSCRIPTIONS_VIEW);
    await waitFor('the view\'s description to be empty', async () => (await workbench.viewDescription(SUBSCRIPTIONS_VIEW)) === '');
    await tree.waitForTree('every kind and state back', (items) => {
      const found = bySection(items);
      return found.size === 4 && settled(found) && [...found.values()].flat().some((row) => / · open · /.test(row.description));
    });
  });

  it('unsubscribes from every closed thing after a confirmation, past the pages loaded; Undo subscribes again', async function () {
    const { workbench, double, page } = session();
    const tree = await openSubscriptions(workbench);
    await tree.waitForTree('the four sections', (items) => settled(bySection(items)) && bySection(items).size === 4);
    const places = await placesOf(double!);
    const closed = closedSubscribed(double!, places);
    // More than the view has loaded, in several projects and of every kind that closes.
    assert.ok(closed.length > 3 * PAGE_SIZE, `${closed.length} closed things`);
    assert.ok(new Set(closed.map((item) => item.projectId)).size > 3);
    assert.deepEqual([...new Set(closed.map((item) => (item.model === 'MergeRequest' ? item.state : item.projectId === null ? 'epic' : 'issue')))].sort(),
      ['closed', 'epic', 'issue', 'merged']);
    const since = Date.now();

    await pickViewMenuItem(page, workbench, 'Unsubscribe from All Closed…');
    const confirm = await workbench.waitForNotification(`Unsubscribe from ${closed.length} closed or merged issues, merge requests and epics?`, 30_000);
    await confirm.locator('a.monaco-button', { hasText: 'Unsubscribe' }).click();
    const toast = await workbench.waitForNotification(`Unsubscribed from ${closed.length} things.`, 30_000);
    assert.deepEqual(closedSubscribed(double!, places), [], 'a closed thing is still subscribed in GitLab');
    assert.ok(closed.every((item) => !subscribed(double!, item)));
    // Open things stay subscribed.
    assert.ok(double!.data.issuables.some((item) => item.state === 'opened' && subscribed(double!, item)));
    assert.ok(subscriptionMutations(double!, since).length > 0);
    await tree.waitForTree('no closed row left', (items) => {
      const things = items.filter((row) => / · /.test(row.description) && row.level === 2);
      return settled(bySection(items)) && things.length > 0 && !things.some((row) => / · (closed|merged) · /.test(row.description));
    });
    // Read again from GitLab, the list has none either.
    await workbench.clickViewTitleAction('Refresh Subscriptions', 20_000, SUBSCRIPTIONS_VIEW);
    await tree.waitForTree('none after a refresh', (items) => {
      const things = items.filter((row) => / · /.test(row.description) && row.level === 2);
      return settled(bySection(items)) && things.length > 0 && !things.some((row) => / · (closed|merged) · /.test(row.description));
    });

    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await waitFor('every one subscribed again in GitLab', () => closed.every((item) => subscribed(double!, item)), { timeoutMs: 30_000 });
    assert.equal(closedSubscribed(double!, places).length, closed.length);
  });

  it('reads the lists again in pages of a new page size as soon as it is set', async function () {
    const { workbench, double } = session();
    const tree = await openSubscriptions(workbench);
    await tree.waitForTree('the four sections', (items) => settled(bySection(items)) && bySection(items).size === 4);
    const since = Date.now();
    await workbench.changeSettingInSettingsEditor('gitlabActivity.pageSize', '3');
    // The Settings editor writes the value a moment after it is typed: it stays open until the view shows it.
    await tree.waitForTree('pages of 3', (items) => {
      const found = bySection(items);
      const issues = found.get('Issues') ?? [];
      return found.size === 4 && settled(found) && issues.length === 4 && issues[3].label === 'Load more…';
    });
    await workbench.closeModalEditor();
    const read = extensionRequests(double!, (r) => r.at >= since && r.path === '/api/graphql' && /subscribedIssues/.test(r.body ?? ''));
    assert.ok(read.length > 0 && read.every((r) => (JSON.parse(r.body!) as { variables: { first: number } }).variables.first === 3), 'issues asked 3 a page');
  });
});

/** One section's rows, once each section has answered. */
async function sectionsRead(tree: ViewTree, expected: string[], timeoutMs = 60_000): Promise<Map<string, TreeItemView[]>> {
  return tree.waitForTree(`the sections ${expected.join(', ')}, each read`, (items) => {
    const found = bySection(items);
    return JSON.stringify([...found.keys()]) === JSON.stringify(expected) && settled(found) && found;
  }, timeoutMs);
}

/** A GitLab whose lists take no "subscribed" filter (17.4): the sections it cannot list say why in one line each. */
describe('Subscriptions view on a GitLab older than 17.5', function () {
  this.timeout(180_000);
  after(async function () {
    this.timeout(60_000);
    await closeSubscriptions(session().workbench);
  });
  const session = useSignedInSession({ name: 'subscriptions-17.4', double: { graphql: '17.4' } });

  it('shows one calm line in Issues, Merge requests and Epics saying why, and still lists labels', async function () {
    const { workbench, double } = session();
    const tree = await openSubscriptions(workbench);
    const sections = await sectionsRead(tree, SECTIONS);
    const lines: Record<string, RegExp> = {
      Issues: /^Listing subscribed issues needs GitLab 17\.5 or later/,
      'Merge requests': /^Listing subscribed merge requests needs a GitLab whose merge request lists take the "subscribed" filter/,
      Epics: /^Listing subscribed epics needs GitLab 17\.5 or later/,
    };
    for (const [section, line] of Object.entries(lines)) {
      const rows = sections.get(section)!;
      assert.equal(rows.length, 1, `${section}: ${rows.map((row) => row.label).join(' | ')}`);
      assert.match(rows[0].label, line);
    }
    const labels = sections.get('Labels')!;
    assert.ok(labels.some((row) => row.label === 'bug' && row.description === 'Label · acme/website'), 'the label "bug" of acme/website');
    assert.ok(!labels.some((row) => /^(Retry|Sign In Again|Show Log)$/.test(row.label)));
    assert.deepEqual(await workbench.notifications(), []);
    // Nothing was asked with a filter GitLab would refuse.
    assert.deepEqual(extensionRequests(double!, (r) => r.path === '/api/graphql' && /subscribed: EXPLICITLY/.test(r.body ?? '')), []);
    await workbench.screenshot('subscriptions-older-gitlab');
  });
});

/** A server of the interface spec alone has no GraphQL and no label listing: a calm line per kind, and nothing fails. */
describe('Subscriptions view on a server of the interface spec only', function () {
  this.timeout(180_000);
  after(async function () {
    this.timeout(60_000);
    await closeSubscriptions(session().workbench);
  });
  const session = useSignedInSession({ name: 'subscriptions-spec-only', double: { specOnly: true } });

  it('shows one calm line per kind, no error row and no Retry', async function () {
    const { workbench } = session();
    const tree = await openSubscriptions(workbench);
    const sections = await sectionsRead(tree, SECTIONS);
    for (const section of ['Issues', 'Merge requests', 'Epics']) {
      assert.deepEqual(sections.get(section)!.map((row) => row.label),
        ['This GitLab has no GraphQL API (404 at /api/graphql), so subscriptions cannot be listed or changed one by one here.'], section);
    }
    assert.deepEqual(sections.get('Labels')!.map((row) => row.label), ['This server does not list labels.']);
    assert.deepEqual(await workbench.notifications(), []);
    await workbench.screenshot('subscriptions-spec-only');
  });
});

/** A title that would be a command link, an icon and an image if any surface read it as markup. */
const HOSTILE_TITLE = '[quit](command:workbench.action.quit) $(bug) <img src=x onerror=alert(1)> **bold**';
const HOSTILE_LABEL = '[x](command:workbench.action.quit) $(bug) <b>label</b>';

/** Titles and label names from GitLab (the double's `hostileNames`, and two more) are text: no link, icon or element. */
describe('Subscriptions view with hostile titles and label names', function () {
  this.timeout(180_000);
  after(async function () {
    this.timeout(60_000);
    await closeSubscriptions(session().workbench);
  });
  const session = useSignedInSession({
    name: 'subscriptions-hostile',
    double: { hostileNames: true },
    // Every section on screen (rows out of view are not rendered).
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE },
  });

  it('shows them as plain text in rows and tooltips', async function () {
    const { workbench, double, page } = session();
    // The newest issue user 1 is subscribed to (the first row) and the label "bug" (301) carry a command link and an icon.
    const issue = double!.data.issuables.filter((item) => item.model === 'Issue' && item.projectId !== null && subscribed(double!, item)
      && canReadIssuable(double!.data, item, USER)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    issue.title = HOSTILE_TITLE;
    double!.data.labels.find((label) => label.id === 301)!.name = HOSTILE_LABEL;
    // Changed before the view is first shown, so its first read has them (no refresh racing the rows read below).
    const tree = await openSubscriptions(workbench);
    const issueLabel = `${referenceOf(double!, issue)} ${HOSTILE_TITLE}`;
    const sections = await tree.waitForTree('the hostile issue and label as rows', (items) => {
      const found = bySection(items);
      return settled(found) && found.get('Issues')?.some((row) => shown(row.label) === issueLabel)
        && found.get('Labels')?.some((row) => shown(row.label) === HOSTILE_LABEL) && found;
    }, 60_000);
    // The double's own hostile titles (markup, a javascript: link, a bidi override) read as text too.
    assert.ok(sections.get('Merge requests')!.some((row) => shown(row.label).includes('[click me](javascript:')), 'a merge request titled with a link');
    assert.ok(sections.get('Issues')!.some((row) => row.label.includes('<script>')), 'an issue titled with a script');
    assert.deepEqual(await dangerousElements(tree.pane), { images: 0, scripts: 0, badLinks: [], bugIcons: 0 });

    for (const [label, text, part] of [[issueLabel, HOSTILE_TITLE, '**bold**'], [HOSTILE_LABEL, HOSTILE_LABEL, '<b>label</b>']]) {
      const row = await tree.waitForTree(`the row ${JSON.stringify(label)}`, (items) => items.find((item) => shown(item.label) === label));
      const hover = await hoverFor(page, tree.treeRowLabelled(row.label), part);
      assert.ok(shown((await hover.textContent()) ?? '').includes(text), `the tooltip reads ${JSON.stringify(text)} as sent`);
      assert.deepEqual(await dangerousElements(hover), { images: 0, scripts: 0, badLinks: [], bugIcons: 0 });
      await page.mouse.move(1, 1);
    }
    await workbench.screenshot('subscriptions-hostile');
  });
});
