import assert from 'node:assert/strict';
import { normalizeInstanceUrl } from '../../src/app/instance';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  countedEvents, dayCount, extensionRequests, feedUnder, isEventsRequest, isSettled, loadMore, stateLabels, useSignedInSessionOfPages, waitFor,
  waitForExtensionRequest, waitForFeedFromDouble,
} from './harness';
import { labelStartShown, setSideBarWidth } from './harness/side-bar-width';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;

describe('activity tree', function () {
  this.timeout(90_000);
  const session = useSignedInSessionOfPages('activity', PAGE_SIZE);

  it('shows My Activity as day groups of rows led by what was acted on (the icon says the verb), without the user\'s name, with the roots Projects and Users', async function () {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    const { nextPage } = await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE });
    // Project names come from lookups that follow the events: wait for every row to have its project.
    const feed = await workbench.waitForTree('every event row to name its project', (items) => {
      const found = feedUnder(items, 'My Activity');
      return found?.events.every((event) => event.description.includes(' · ')) && found;
    });

    const roots = (await workbench.treeItems()).filter((item) => item.level === 1);
    assert.deepEqual(roots.map((root) => [root.label, root.expanded]), [
      ['My Activity', true], ['Projects', false], ['Users', false], ['Your projects', false], ['Starred projects', false], ['People you follow', false],
    ]);
    for (const day of feed.days) {
      assert.match(day.row.label, /^(Today|Yesterday|(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4})$/);
      const count = dayCount(day.row);
      assert.equal(day.row.description, count === 1 ? '1 event' : `${count} events`);
      if (day.row.expanded) assert.equal(day.events.length, count);
    }
    // Description: the project's name and when, e.g. "Acme / Website · 2 days ago".
    const projectNames = new Set(double!.data.projects.map((project) => project.nameWithNamespace));
    for (const event of feed.events) {
      const [project, when] = event.description.split(' · ');
      assert.ok(projectNames.has(project), `"${event.description}" does not start with a project name`);
      assert.match(when, /^(just now|\d+ (minute|hour|day)s? ago|yesterday|\d{1,2} [A-Z][a-z]{2} \d{4})$/);
    }
    // Every event here is the signed-in user's: rows lead with what was acted on (the icon says the verb); the
    // accessibility label is the whole sentence with the actor.
    const me = double!.data.users.find((user) => user.id === 1)!.name;
    for (const event of feed.events) {
      assert.ok(!event.label.includes(me), `the row spends its room on ${me}: ${event.label}`);
      assert.match(event.label, /^([#!&$]\d+|[A-Z])/);
      assert.ok(event.ariaLabel.startsWith(`${me} `) && event.ariaLabel.endsWith(event.description), event.ariaLabel);
    }
    assert.ok(nextPage, 'the double should have a second page for user 1');
    assert.deepEqual(stateLabels(feed), ['Load more…']);
    assert.deepEqual(
      extensionRequests(double!, (r) => isEventsRequest(r)).map((r) => r.query),
      [{ page: '1', per_page: String(PAGE_SIZE) }],
    );
    await workbench.screenshot('activity-my-activity');
  });

  it('appends the next page when "Load more…" is clicked', async function () {
    const { workbench, double } = session();
    const { feed, events } = await loadMore(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, pages: 2 });
    assert.ok(events.length > PAGE_SIZE);
    assert.equal(countedEvents(feed), events.length);
    assert.deepEqual(stateLabels(feed), ['Load more…']);
    assert.equal(extensionRequests(double!, (r) => isEventsRequest(r) && r.query.page === '1').length, 1, 'the first page was loaded again');
    await workbench.screenshot('activity-load-more');
  });

  it('"Add User…" refuses an invalid name, then shows the user\'s events under Users', async function () {
    const { workbench, double } = session();
    const since = Date.now();
    await workbench.runCommand('GitLab: Add User…');
    await workbench.answerQuickInput('not a user!', { expect: 'Add User' });
    await workbench.waitForQuickInputMessage('Enter a username or a numeric user ID.');
    assert.equal((await workbench.quickInputText()).title, 'Add User', 'the input box closed on an invalid name');
    await workbench.answerQuickInput('jordan', { expect: 'Add User' });
    await workbench.waitForQuickInputClosed();

    // Kept in the user's settings with its instance (written a moment after the box closes): the workspace has no list
    // of its own, and nothing of the user's goes into the repository's settings file.
    const settingsFile = path.join(session().userDataDir, 'User', 'settings.json');
    const expected = [{ instance: normalizeInstanceUrl(double!.url), id: 'jordan' }];
    await waitFor(`gitlabActivity.users = ${JSON.stringify(expected)} in the user's settings`, () => {
      if (!existsSync(settingsFile)) return false;
      const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
      return JSON.stringify(settings['gitlabActivity.users']) === JSON.stringify(expected);
    });
    const workspaceFile = path.join(session().folder, '.vscode', 'settings.json');
    assert.ok(!existsSync(workspaceFile) || !readFileSync(workspaceFile, 'utf8').includes('gitlabActivity.users'), 'the user went into the workspace settings');

    await workbench.collapseTreeRow('My Activity');
    await workbench.expandTreeRow('Users');
    await workbench.expandTreeRow('jordan');
    await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r, '/users/jordan/events'));
    const { feed } = await waitForFeedFromDouble(session(), { parent: 'jordan', apiPath: '/users/jordan/events', perPage: PAGE_SIZE });
    const jordan = double!.data.users.find((user) => user.username === 'jordan')!;
    // The row leads with what was acted on; who did it follows in the description, and the sentence is read out.
    for (const event of feed.events) {
      assert.ok(!event.label.includes(jordan.name), `the row leads with ${jordan.name}: ${event.label}`);
      assert.ok(event.description.startsWith(`${jordan.name} · `), event.description);
      assert.ok(event.ariaLabel.startsWith(`${jordan.name} `), event.ariaLabel);
    }
    assert.deepEqual(
      extensionRequests(double!, (r) => r.at >= since && r.path.startsWith('/api/v4/users/') && !r.path.startsWith('/api/v4/users/jordan/')),
      [],
      'a request was made for the refused name',
    );
    await workbench.screenshot('activity-user');
  });

  it('"Add Project…" offers the user\'s projects and shows the picked project\'s events under Projects', async function () {
    const { workbench, double } = session();
    await workbench.collapseTreeRow('Users');
    const since = Date.now();
    await workbench.runCommand('GitLab: Add Project…');
    await workbench.waitForQuickInput('Add Project');
    await waitForExtensionRequest(double!, (r) => r.at >= since && r.path === '/api/v4/projects' && r.query.membership === 'true');
    const website = double!.data.projects.find((project) => project.pathWithNamespace === 'acme/website')!;
    await workbench.waitForQuickPickItem(website.nameWithNamespace, { exact: true });
    const entries = await workbench.quickPickEntries();
    assert.ok(entries.some((entry) => entry.label === website.nameWithNamespace && entry.description === 'acme/website'), JSON.stringify(entries));
    await workbench.pickQuickItem(website.nameWithNamespace);
    await workbench.waitForQuickInputClosed();

    await workbench.expandTreeRow('Projects');
    await workbench.expandTreeRow(website.nameWithNamespace);
    await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r, '/projects/acme/website/events'));
    const { feed } = await waitForFeedFromDouble(session(), {
      parent: website.nameWithNamespace, apiPath: '/projects/acme%2Fwebsite/events', perPage: PAGE_SIZE,
    });
    // "#25 Remove CI" in the label, "Jane Doe · Acme / Website · 2 days ago" after it, the sentence for screen readers.
    const names = new Set(double!.data.users.map((user) => user.name));
    for (const event of feed.events) {
      const [actor, project] = event.description.split(' · ');
      assert.ok(names.has(actor) && project === website.nameWithNamespace, event.description);
      assert.ok(!event.label.includes(actor), `the row leads with ${actor}: ${event.label}`);
      assert.ok(event.ariaLabel.startsWith(`${actor} `), event.ariaLabel);
    }
    await workbench.screenshot('activity-project');
  });

  /** The labels of `parent`'s event rows whose reference ("#25", "!7") is cut off in the side bar as it is now. */
  async function referencesCutOff(parent: string): Promise<string[]> {
    const { workbench } = session();
    const days = await workbench.waitForTree(`${parent}'s days`, (items) => {
      const found = feedUnder(items, parent);
      return found && found.days.length > 0 && found.days;
    });
    for (const day of days.slice(0, 3).reverse()) {
      if (day.row.expanded === false) await workbench.expandRow(workbench.treeRowLabelled(day.row.label, { level: day.row.level }));
    }
    const feed = await workbench.waitForTree(`${parent}'s rows`, (items) => {
      const found = feedUnder(items, parent);
      return found && found.events.length > 0 && found;
    });
    const referenced = feed.events.map((event) => ({ event, reference: /[#!&$]\d+/.exec(event.label) })).filter((row) => row.reference);
    assert.ok(referenced.length > 0, `no row under ${parent} names a reference: ${feed.events.map((event) => event.label).join(' | ')}`);
    const hidden: string[] = [];
    for (const { event, reference } of referenced) {
      if (!(await labelStartShown(workbench.treeRow(event.index), reference!.index + reference![0].length))) hidden.push(event.label);
    }
    return hidden;
  }

  it('in a 180 px side bar, event rows still show what was acted on ("#25 …"), in My Activity and under Projects, the icon saying the verb', async function () {
    const { workbench, page, double } = session();
    // The tests before opened Projects and Users only ("Collapse All" closed My Activity and its days).
    await workbench.collapseTreeRow('Projects');
    await workbench.collapseTreeRow('Users');
    await workbench.expandTreeRow('My Activity');
    const width = await setSideBarWidth(page, 180);
    const mine = await referencesCutOff('My Activity');
    await workbench.screenshot('activity-narrow-side-bar');
    assert.deepEqual(mine, [], 'My Activity\'s rows whose reference is cut off at 180 px');
    // A followed project's rows name other people; the reference still comes first, deeper in the tree.
    await workbench.collapseTreeRow('My Activity');
    await workbench.expandTreeRow('Projects');
    const website = double!.data.projects.find((project) => project.pathWithNamespace === 'acme/website')!;
    const projectRow = (await workbench.treeItems()).find((item) => item.label === website.nameWithNamespace);
    if (projectRow?.expanded === false) await workbench.expandTreeRow(website.nameWithNamespace);
    const theirs = await referencesCutOff(website.nameWithNamespace);
    await workbench.screenshot('activity-narrow-side-bar-project');
    assert.deepEqual(theirs, [], `${website.nameWithNamespace}'s rows whose reference is cut off at 180 px`);
    await setSideBarWidth(page, width);
  });

  it('lists the days in date order, each once, when GitLab lists an imported event (a new id for an old time) first', async function () {
    const { workbench, double } = session();
    const DAY = 86_400_000;
    const old = new Date(Date.now() - 4 * DAY);
    // GitLab orders by id: the import is the newest id, so it comes first on page 1, four days before the rest.
    double!.addEvent({ createdAt: old.toISOString(), imported: true, importedFrom: 'github' });
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForTreeRow('My Activity');
    // The earlier tests closed My Activity and opened Projects: My Activity open and Projects closed, its rows are all in
    // view (rows out of view are not drawn) and Refresh reads it again.
    const roots = await workbench.treeItems();
    if (roots.some((item) => item.label === 'Projects' && item.expanded)) await workbench.collapseTreeRow('Projects');
    if (roots.some((item) => item.label === 'My Activity' && !item.expanded)) await workbench.expandTreeRow('My Activity');
    const since = Date.now();
    await workbench.runCommand('GitLab: Refresh Activity');
    await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r, '/events'));
    const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const oldLabel = `${WEEKDAYS[old.getDay()]} ${old.getDate()} ${MONTHS[old.getMonth()]} ${old.getFullYear()}`;
    const feed = await workbench.waitForTree(`My Activity to show the imported event's day, ${oldLabel}`, (items) => {
      const found = feedUnder(items, 'My Activity');
      return found?.days.some((day) => day.row.label === oldLabel) && found;
    });
    // Each label back to its day (the test's own reading of "Today", "Yesterday" and "Sun 22 Nov 2026").
    const midnight = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
    const dayOf = (label: string): number => {
      if (label === 'Today') return midnight(new Date());
      if (label === 'Yesterday') return midnight(new Date(Date.now() - DAY));
      const [, day, month, year] = label.split(' ');
      return new Date(Number(year), MONTHS.indexOf(month), Number(day)).getTime();
    };
    const days = feed.days.map((day) => dayOf(day.row.label));
    assert.ok(days.every((day, index) => index === 0 || day < days[index - 1]), `days not newest first, each once: ${feed.days.map((day) => day.row.label).join(', ')}`);
    await workbench.screenshot('activity-days-in-order');
  });

  // Written out by hand, not by the extension's sentence code: what a person reads in the row and hears from it.
  it('shows new rows as "#<iid> <title>" under Today, newest first, the whole sentence, unread, in their accessibility label', async function () {
    const { workbench, double } = session();
    const me = double!.data.users.find((user) => user.id === 1)!.name;
    const opened = double!.addEvent({ action: 'created', targetType: 'Issue', targetTitle: 'Crash on save' });
    const closed = double!.addEvent({ action: 'closed', targetType: 'Issue', targetTitle: 'Slow start' });
    const since = Date.now();
    await workbench.runCommand('GitLab: Refresh Activity');
    await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r, '/events'));
    const today = await workbench.waitForTree('the two new rows under Today', (items) => {
      const feed = feedUnder(items, 'My Activity');
      const day = isSettled(feed) ? feed.days[0] : undefined;
      return day?.row.label === 'Today' && day.events.length >= 2 && day;
    });
    assert.deepEqual(today.events.slice(0, 2).map((row) => row.label), [`#${closed.targetIid} Slow start`, `#${opened.targetIid} Crash on save`]);
    // Newer than the last look at My Activity: read out as unread.
    assert.deepEqual(today.events.slice(0, 2).map((row) => row.ariaLabel.split(', ')[0]), [
      `Unread: ${me} closed issue #${closed.targetIid} · Slow start`,
      `Unread: ${me} opened issue #${opened.targetIid} · Crash on save`,
    ]);
  });
});
