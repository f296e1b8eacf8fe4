import assert from 'node:assert/strict';
import { UTC_ZONE } from '../../../../src/app/calendar';
import { groupByDay } from '../../../../src/app/activity/dayGrouping';
import { EventRows } from '../../../../src/app/activity/eventRows';
import { eventTooltipMarkdown } from '../../../../src/app/activity/eventTooltip';
import type { ProjectInfo } from '../../../../src/app/activity/projectInfo';
import { createEventFeeds, eventListPlan } from '../../../../src/app/activity/eventFeeds';
import { formatMessage } from '../../../../src/app/localize';
import { MY_ACTIVITY } from '../../../../src/app/activity/sources';
import { NO_FILTER, validateFilter, type GitLabEvent } from '../../../../src/gitlab';
import { GitLabDouble } from '../../../double';
import { makeClient, readAllEvents, type TestClient } from '../../gitlab/helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');

/**
 * The presentation of what the GitLab double really sends, fetched over HTTP by the client: rows keep GitLab's
 * order (by id, not time) within a day while the days read in date order, and comments on commits, which carry no
 * SHA, still get a true link.
 */
describe('activity presentation of events as GitLab sends them', () => {
  let double: GitLabDouble;
  let t: TestClient;
  const projects = new Map<number, ProjectInfo>();
  let rows: EventRows;

  before(async () => {
    double = await GitLabDouble.start({ events: 600, now: () => NOW });
    t = makeClient(double.url);
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const project = await t.client.getProject(id);
      projects.set(id, { webUrl: project.web_url, pathWithNamespace: project.path_with_namespace, name: project.name });
    }
    rows = new EventRows(() => ({ instanceUrl: double.url, lookupProject: (id) => projects.get(id), zone: UTC_ZONE, t: formatMessage }));
  });
  after(async () => {
    await t.close();
    await double.close();
  });

  /** Every page, as Load more reads them: the feed's events and the direction it says they are in. */
  async function loadAll(sort: 'asc' | 'desc'): Promise<{ events: readonly GitLabEvent[]; order: 'asc' | 'desc' | undefined }> {
    const feeds = createEventFeeds(eventListPlan({ request: validateFilter({ sort }) }, { pageSize: 20, api: () => t.client }));
    await feeds.load(MY_ACTIVITY);
    while (feeds.get(MY_ACTIVITY.key).hasMore) await feeds.loadMore(MY_ACTIVITY);
    const { items, order } = feeds.rows(MY_ACTIVITY.key);
    return { events: items, order };
  }

  for (const sort of ['desc', 'asc'] as const) {
    it(`keeps the server's order (${sort}, by id) across pages, though times disagree`, async () => {
      const { events, order } = await loadAll(sort);
      assert.equal(order, sort);
      const ids = events.map((e) => e.id!);
      assert.deepEqual(ids, [...ids].sort((a, b) => (sort === 'desc' ? b - a : a - b)), 'in id order, as listed');
      const expected = double.data.events.filter((e) => e.authorId === 1).map((e) => e.id);
      // Everything the double lists for user 1 arrives, nothing twice (some of it is hidden from the caller).
      assert.ok(ids.every((id) => expected.includes(id)) && new Set(ids).size === ids.length);
      const late = events.filter((e, i) => i > 0
        && (sort === 'desc' ? e.created_at! > events[i - 1].created_at! : e.created_at! < events[i - 1].created_at!));
      assert.ok(late.length > 0, 'the listing has events out of time order (imported)');

      // Day groups of every page loaded: each event in the group of its own day, in server order within it; the days
      // in date order in the list's direction, each once, though the listing's first events of the days are not.
      const groups = groupByDay(events, { now: NOW.getTime(), zone: UTC_ZONE, order });
      const position = new Map(events.map((e, i) => [e, i]));
      for (const group of groups) {
        for (const event of group.events) assert.equal(event.created_at!.slice(0, 10), group.key);
        const order = group.events.map((e) => position.get(e)!);
        assert.deepEqual(order, [...order].sort((a, b) => a - b), `${group.key} keeps server order`);
      }
      const keys = groups.map((group) => group.key);
      assert.deepEqual(keys, [...new Set(keys)].sort((a, b) => (sort === 'desc' ? b.localeCompare(a) : a.localeCompare(b))),
        'days in date order, each once');
      const firsts = groups.map((group) => position.get(group.events[0])!);
      assert.notDeepEqual(firsts, [...firsts].sort((a, b) => a - b), 'some day starts later in the listing than an older one');
      assert.equal(groups.reduce((n, g) => n + g.events.length, 0), events.length);
      // An imported event sits in an older day's group, even when that group opened before its neighbours by id.
      const imported = late.find((e) => (e as { imported?: boolean }).imported) ?? late[0];
      const home = groups.find((g) => g.events.includes(imported))!;
      assert.equal(home.key, imported.created_at!.slice(0, 10));
    });
  }

  it('links a comment on a commit (no SHA from GitLab) to its project, in the row, Copy Link and the tooltip', async () => {
    const listed = (await Promise.all([1, 2, 3, 5].map((id) =>
      readAllEvents(t.client, { kind: 'project', id }, NO_FILTER, 100)))).flat();
    const commitNotes = listed.filter((e) => e.note?.noteable_type === 'Commit');
    assert.ok(commitNotes.length > 0);
    for (const event of commitNotes) {
      assert.equal(event.note!.commit_id, undefined);
      const project = projects.get(event.project_id!)!;
      const row = rows.row(event, NOW.getTime());
      assert.equal(row.url, project.webUrl, 'Open in Browser goes to the project');
      assert.equal(rows.url(event), project.webUrl, 'Copy Link copies the project page');
      // The row names the target (the comment icon says the verb); the sentence is read out.
      assert.equal(row.label, 'Commit');
      assert.match(row.accessibilityLabel, / commented on commit, /);
      const tooltip = eventTooltipMarkdown(event, { project });
      assert.match(tooltip, /Comment on commit\\:/);
      assert.doesNotMatch(tooltip, /undefined|null/);
    }
    // Every other row's link is a page under its project, never one built from missing parts.
    // The rows without one are those GitLab gives no page for here: designs, deleted branches and bulk pushes.
    const linkless = (event: GitLabEvent) => event.target_type === 'DesignManagement::Design'
      || (event.push_data !== undefined && (event.action_name === 'deleted' || event.push_data.ref === null));
    for (const event of listed) {
      const url = rows.url(event);
      assert.equal(url === undefined, linkless(event), `${event.action_name} ${event.target_type}: ${url}`);
      if (url === undefined) continue;
      const base = projects.get(event.project_id!)!.webUrl!;
      assert.ok(url === base || url.startsWith(`${base}/-/`), url);
      assert.doesNotMatch(url, /undefined|null|NaN/);
    }
    assert.ok(listed.filter((event) => !linkless(event)).length > 100, 'few rows with a link were checked');
  });
});
