import assert from 'node:assert/strict';
import type { LoggedRequest } from '../double';
import {
  extensionRequests, feedUnder, isEventsRequest, pickFilter, stateLabels, useSignedInSession, waitFor, waitForExtensionRequest,
  waitForFeedFromDouble, type VscodeSession,
} from './harness';
import { labelStartShown, setSideBarWidth } from './harness/side-bar-width';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 10;
const DAY = 86_400_000;
const FILTER_PARAMS = ['action', 'target_type', 'after', 'before', 'sort'];

/** `YYYY-MM-DD` of the UTC day `offset` days from today: GitLab reads date bounds in the instance's zone, UTC. */
function utcDay(offset: number): string {
  return new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
}

/** Start of the local day a day row stands for ("Today", "Yesterday", "Tue 17 Nov 2026"). */
function dayOfLabel(label: string): number {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  if (label === 'Today') return today.getTime();
  if (label === 'Yesterday') return today.getTime() - DAY;
  const parsed = Date.parse(label.replace(/^[A-Z][a-z]{2} /, ''));
  assert.ok(Number.isFinite(parsed), `not a day label: ${label}`);
  return parsed;
}

function filterParams(request: LoggedRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request.query).filter(([key]) => FILTER_PARAMS.includes(key)));
}

/** Back to no filter (when one is set), through the palette; waits until the unfiltered feed is shown. */
async function clearFilters(session: VscodeSession): Promise<void> {
  const { workbench, double } = session;
  // The title bar offers "Clear Filters" exactly while a filter is set (context key gitlabActivity.filtered).
  if (!(await workbench.viewTitleAction('Clear Filters').isVisible())) return;
  const since = Date.now();
  await workbench.runCommand('GitLab: Clear Filters');
  const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
  assert.deepEqual(filterParams(request), {});
  await waitFor('the filter description to go', async () => (await workbench.viewDescription('Activity')) === '');
  await waitForFeedFromDouble(session, { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
}

describe('activity filters', function () {
  this.timeout(90_000);
  const session = useSignedInSession({
    name: 'filters',
    settings: { 'gitlabActivity.pageSize': PAGE_SIZE },
  });

  before(async function () {
    this.timeout(60_000);
    await session().workbench.openViewContainer(VIEW_CONTAINER);
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
  });

  beforeEach(async function () {
    this.timeout(60_000);
    await clearFilters(session());
  });

  it('by action: the quick pick offers one label per action, GitLab is asked for action=closed, only closed events show', async function () {
    const { workbench } = session();
    const since = Date.now();
    await workbench.runCommand('GitLab: Filter Activity by Action…');
    await workbench.waitForQuickInput('Filter by Action');
    const entries = await workbench.quickPickEntries();
    assert.deepEqual(entries[0], { label: 'Any', description: 'current', detail: '' });
    // The label alone: GitLab's word (destroyed for Deleted) is what the filter sends, not what it shows.
    for (const label of ['Closed', 'Pushed', 'Deleted', 'Commented', 'Membership expired']) {
      assert.ok(entries.some((entry) => entry.label === label && entry.description === '' && entry.detail === ''), `no "${label}" alone in ${JSON.stringify(entries)}`);
    }
    await workbench.pickQuickItem(/^Closed$/);
    const request = await waitForExtensionRequest(session().double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(filterParams(request), { action: 'closed' });

    const { feed } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { action: 'closed' } });
    assert.ok(feed.events.length > 0, 'user 1 has closed nothing in the double');
    // My Activity's rows lead with what was closed (the icon says the verb); the sentence is the accessibility label.
    for (const event of feed.events) assert.match(event.ariaLabel, / closed /);
    // The label follows the rows once VS Code has drawn them.
    await waitFor('the description "Closed"', async () => (await workbench.viewDescription('Activity')) === 'Closed');
    await workbench.screenshot('filters-action-closed');
  });

  it('"Clear Filters" in the view\'s title bar resets the filter: the next request has no filter parameter', async function () {
    const { workbench } = session();
    await pickFilter(session(), 'GitLab: Filter Activity by Action…', 'Filter by Action', /^Pushed$/);
    await waitFor('the description "Pushed"', async () => (await workbench.viewDescription('Activity')) === 'Pushed');
    const since = Date.now();
    await workbench.clickViewTitleAction('Clear Filters');
    const request = await waitForExtensionRequest(session().double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(filterParams(request), {});
    assert.equal(request.query.action, undefined);
    await waitFor('the filter description to go', async () => (await workbench.viewDescription('Activity')) === '');
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    await workbench.screenshot('filters-cleared');
  });

  it('by target type: GitLab is asked for target_type=issue, only events on issues show', async function () {
    const { workbench } = session();
    const since = Date.now();
    await workbench.runCommand('GitLab: Filter Activity by Target Type…');
    await workbench.waitForQuickInput('Filter by Target Type');
    const entries = await workbench.quickPickEntries();
    // GitLab's target_type=note matches plain comments only (not diff or thread notes): the label says so.
    for (const label of ['Issue', 'Merge request', 'Plain comment (not on diffs or threads)']) {
      assert.ok(entries.some((entry) => entry.label === label && entry.description === ''), `no "${label}" alone in ${JSON.stringify(entries)}`);
    }
    await workbench.pickQuickItem(/^Issue$/);
    const request = await waitForExtensionRequest(session().double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(filterParams(request), { target_type: 'issue' });

    const { feed } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { target_type: 'issue' } });
    assert.ok(feed.events.length > 0);
    for (const event of feed.events) assert.match(event.label, /^#\d+/);
    await waitFor('the filter in the description', async () => (await workbench.viewDescription('Activity')) === 'Issue');
  });

  it('"Filter Activity…" in the title bar leads to each kind of filter, showing what is set', async function () {
    const { workbench, double } = session();
    await workbench.openQuickInputFromTitleAction('Filter Activity…', 'Filter GitLab Activity');
    assert.deepEqual(
      (await workbench.quickPickEntries()).map((entry) => [entry.label, entry.description]),
      [['Tab', 'All'], ['Action', 'any'], ['Target Type', 'any'], ['Date Range', 'any day'], ['Sort Order', 'newest first']],
    );
    const since = Date.now();
    await workbench.pickQuickItem(/^Target Type$/);
    await workbench.waitForQuickInput('Filter by Target Type');
    await workbench.pickQuickItem(/^Merge request$/);
    const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(filterParams(request), { target_type: 'merge_request' });
    await waitFor('the description "Merge request"', async () => (await workbench.viewDescription('Activity')) === 'Merge request');

    await workbench.openQuickInputFromTitleAction('Filter Activity…', 'Filter GitLab Activity');
    const entries = await workbench.quickPickEntries();
    assert.deepEqual(entries.find((entry) => entry.label === 'Target Type')?.description, 'Merge request');
    assert.ok(entries.some((entry) => entry.label === 'Clear Filters'), 'no "Clear Filters" entry while filtered');
    await workbench.screenshot('filters-filter-activity');
    await workbench.dismissQuickInput();
  });

  it('by date range "Last 7 days": after and before are the exclusive days around the last 7 UTC days; the view shows the days included', async function () {
    const { workbench } = session();
    const since = Date.now();
    await workbench.runCommand('GitLab: Filter Activity by Date Range…');
    await workbench.waitForQuickInput('Filter by Date Range');
    const entries = await workbench.quickPickEntries();
    assert.deepEqual(entries.map((entry) => entry.label), ['Any date', 'Today', 'Yesterday', 'Last 7 days', 'Last 30 days', 'This month', 'Custom range…']);
    const days = `${utcDay(-6)} to ${utcDay(0)}`;
    assert.equal(entries.find((entry) => entry.label === 'Last 7 days')?.description, days);
    await workbench.pickQuickItem(/^Last 7 days$/);
    const request = await waitForExtensionRequest(session().double!, (r) => r.at >= since && isEventsRequest(r));
    // Today and the 6 days before it: strictly after today-7, strictly before tomorrow.
    const range = { after: utcDay(-7), before: utcDay(1) };
    assert.deepEqual(filterParams(request), range);

    const { feed } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: range });
    assert.ok(feed.days.length > 0, 'user 1 has no events in the last 7 days of the double');
    for (const day of feed.days) {
      const start = dayOfLabel(day.row.label);
      // One day of slack: rows group by local days, the filter counts UTC days.
      assert.ok(start >= Date.now() - 8 * DAY, `${day.row.label} is older than the last 7 days`);
    }
    // Shown as picked, the days included, never as GitLab's exclusive bounds.
    await waitFor('the filter in the description', async () => (await workbench.viewDescription('Activity')) === days);
    await waitFor(`"Filtered: ${days}" at the top of the view`, () => workbench.isShownInSideBar(`Filtered: ${days}`));
    await workbench.screenshot('filters-last-7-days');
  });

  it('sorted oldest first: GitLab is asked for sort=asc and the days run forward', async function () {
    const { workbench } = session();
    const since = Date.now();
    await workbench.runCommand('GitLab: Sort Activity…');
    await workbench.waitForQuickInput('Sort Activity');
    assert.deepEqual(await workbench.quickPickEntries(), [
      { label: 'newest first', description: 'current', detail: '' },
      { label: 'oldest first', description: '', detail: '' },
    ]);
    await workbench.pickQuickItem(/^oldest first$/);
    const request = await waitForExtensionRequest(session().double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(filterParams(request), { sort: 'asc' });

    const { feed } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { sort: 'asc' } });
    const starts = feed.days.map((day) => dayOfLabel(day.row.label));
    assert.ok(starts.length > 1);
    assert.deepEqual(starts, [...starts].sort((a, b) => a - b), `days not in ascending order: ${feed.days.map((d) => d.row.label).join(', ')}`);
    await waitFor('the filter in the description', async () => (await workbench.viewDescription('Activity')) === 'oldest first');
  });

  it('a custom range with no events shows "No events match the filter", whose click clears the filter', async function () {
    const { workbench, double } = session();
    const since = Date.now();
    await workbench.runCommand('GitLab: Filter Activity by Date Range…');
    await workbench.waitForQuickInput('Filter by Date Range');
    await workbench.pickQuickItem(/^Custom range…$/);
    // From and To, both included: GitLab is asked for the exclusive days around them.
    await workbench.answerQuickInput('2020-01-02', { expect: 'Custom Date Range (1/2)' });
    await workbench.waitForQuickInput('Custom Date Range (2/2)');
    // The prompt shows in the input box's message line while the value is valid.
    await workbench.waitForQuickInputMessage(/^To \(YYYY-MM-DD, included; empty for no upper bound\)/);
    await workbench.answerQuickInput('2020-01-09', { expect: 'Custom Date Range (2/2)' });
    const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(filterParams(request), { after: '2020-01-01', before: '2020-01-10' });
    await waitFor('the range as asked for in the description', async () => (await workbench.viewDescription('Activity')) === '2020-01-02 to 2020-01-09');

    const feed = await workbench.waitForTree('the empty, filtered feed', (items) => {
      const found = feedUnder(items, 'My Activity');
      return found?.events.length === 0 && found.states.some((row) => row.description === 'No events match the filter') && found;
    });
    assert.deepEqual(feed.events, []);
    // The way out first, so a narrow sidebar shows it.
    assert.deepEqual(feed.states.map((row) => [row.label, row.description]), [['Clear Filters', 'No events match the filter']]);
    const width = await setSideBarWidth(session().page, 300);
    assert.ok(await labelStartShown(workbench.treeRowLabelled('Clear Filters', { level: 2 }), 'Clear Filters'.length), '"Clear Filters" is cut off');
    await workbench.screenshot('filters-no-match');
    await setSideBarWidth(session().page, width);

    const clicked = Date.now();
    await workbench.treeRowLabelled('Clear Filters', { level: 2 }).click();
    const next = await waitForExtensionRequest(double!, (r) => r.at >= clicked && isEventsRequest(r));
    assert.deepEqual(filterParams(next), {});
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    // The label follows the rows once VS Code has drawn them.
    await waitFor('the cleared filter in the description', async () => (await workbench.viewDescription('Activity')) === '');
  });

  it('refuses invalid custom dates in the input box, and no request carries them', async function () {
    const { workbench, double } = session();
    await workbench.runCommand('GitLab: Filter Activity by Date Range…');
    await workbench.waitForQuickInput('Filter by Date Range');
    await workbench.pickQuickItem(/^Custom range…$/);

    await workbench.answerQuickInput('2026-13-45', { expect: 'Custom Date Range (1/2)' });
    await workbench.waitForQuickInputMessage('2026-13-45 is not a day of the calendar.');
    await workbench.answerQuickInput('3 Nov', { expect: 'Custom Date Range (1/2)' });
    await workbench.waitForQuickInputMessage('Enter a date as YYYY-MM-DD, for example 2026-11-03.');
    await workbench.screenshot('filters-invalid-date');
    assert.equal((await workbench.quickInputText()).title, 'Custom Date Range (1/2)', 'an invalid date was accepted');

    // A valid From, then a To before it.
    await workbench.answerQuickInput('2026-11-02', { expect: 'Custom Date Range (1/2)' });
    await workbench.answerQuickInput('2026-11-01', { expect: 'Custom Date Range (2/2)' });
    await workbench.waitForQuickInputMessage('"To" (2026-11-01) must not be earlier than "From" (2026-11-02).');
    assert.equal((await workbench.quickInputText()).title, 'Custom Date Range (2/2)');
    await workbench.dismissQuickInput();

    const carried = extensionRequests(double!, (r) =>
      ['2026-13-44', '2026-13-45', '3 Nov', '2026-11-01'].includes(r.query.after) || ['2026-11-02'].includes(r.query.before));
    assert.deepEqual(carried.map((r) => r.rawPath), []);
    assert.equal(await workbench.viewDescription('Activity'), '', 'a cancelled custom range changed the filter');
  });

  it('keeps the filter across "Reload Window" (it is stored per workspace)', async function () {
    const { workbench, double } = session();
    await pickFilter(session(), 'GitLab: Filter Activity by Action…', 'Filter by Action', /^Pushed$/);
    // The filtered rows drawn, as a person sees them before reloading. A tree view that held the focus takes it back
    // when a refresh ends (code-server 1.139: `this.focused && this.focus(false)`, its blur noticed a task late), so
    // a palette opened in that moment closed again (seen once under load) and the reload never ran.
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { action: 'pushed' } });
    const since = Date.now();
    await session().reloadWindow();
    await workbench.openViewContainer(VIEW_CONTAINER);
    const request = await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
    assert.deepEqual(filterParams(request), { action: 'pushed' });
    const { feed } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { action: 'pushed' } });
    for (const event of feed.events) assert.match(event.ariaLabel, / (pushed|deleted) /);
    assert.deepEqual(stateLabels(feed).filter((label) => label !== 'Load more…'), []);
    assert.ok(await workbench.viewTitleAction('Clear Filters').isVisible(), 'no "Clear Filters" in the title bar after the reload');
  });

  it('after "Reload Window", the view\'s description still names the filter', async function () {
    const { workbench } = session();
    await pickFilter(session(), 'GitLab: Filter Activity by Action…', 'Filter by Action', /^Pushed$/);
    await waitFor('the description "Pushed"', async () => (await workbench.viewDescription('Activity')) === 'Pushed');
    const since = Date.now();
    await session().reloadWindow();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await waitForExtensionRequest(session().double!, (r) => r.at >= since && isEventsRequest(r) && r.query.action === 'pushed');
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { action: 'pushed' } });
    await waitFor('the description "Pushed" after the reload', async () => (await workbench.viewDescription('Activity')) === 'Pushed', {
      timeoutMs: 5_000,
    });
  });

  it('names the filter in the description when the view is first opened after the extension activated', async function () {
    const { workbench } = session();
    await pickFilter(session(), 'GitLab: Filter Activity by Action…', 'Filter by Action', /^Pushed$/);
    await waitFor('the description "Pushed"', async () => (await workbench.viewDescription('Activity')) === 'Pushed');
    // The window comes back with the Explorer in the side bar: the extension activates (and sets the view's
    // description) before the Activity view exists, as on most start-ups.
    await workbench.runCommand('View: Show Explorer');
    const activated = session().extensionLogLines().filter((line) => /^Activated in/.test(line.message)).length;
    await session().reloadWindow();
    const activation = await waitFor('the extension to activate in the reloaded window', () =>
      session().extensionLogLines().filter((line) => /^Activated in/.test(line.message))[activated], { timeoutMs: 30_000 });
    // From the reloaded extension's own activation time: its first pages may be asked for in the background (the
    // badge's count) before the view is opened, and before this test sees the log line.
    const returnedAt = /returned at (\d+)/.exec(activation.message);
    assert.ok(returnedAt, `the activation line names no return time: ${activation.message}`);
    const since = Number(returnedAt[1]);
    await workbench.openViewContainer(VIEW_CONTAINER);
    // Said apart from the request below: a view not shown asks for nothing.
    await workbench.waitForView('Activity');
    await waitForExtensionRequest(session().double!, (r) => r.at >= since && isEventsRequest(r) && r.query.action === 'pushed')
      .catch((error: Error) => {
        throw new Error(`${error.message} (the reloaded extension returned from activate at ${since})`);
      });
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { action: 'pushed' } });
    await waitFor('the description "Pushed" once the view is opened', async () => (await workbench.viewDescription('Activity')) === 'Pushed', {
      timeoutMs: 5_000,
    });
  });

  it('shows the active filter where the user can see it', async function () {
    const { workbench } = session();
    await pickFilter(session(), 'GitLab: Sort Activity…', 'Sort Activity', /^oldest first$/);
    await waitFor('the description "oldest first"', async () => (await workbench.viewDescription('Activity')) === 'oldest first');
    // The message comes in its own call beside the description, and may be drawn a frame after it.
    await waitFor('the message "Sorted: oldest first" in the side bar (the description is hidden while "Activity" is the only view of its container)',
      () => workbench.isShownInSideBar('Sorted: oldest first'));
    await workbench.screenshot('filters-active-filter');
    // A sort order filters nothing: it is not called a filter.
    assert.equal(await workbench.isShownInSideBar('Filtered:'), false);
  });
});
