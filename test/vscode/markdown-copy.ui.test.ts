import assert from 'node:assert/strict';
import type { GitLabEvent } from '../../src/gitlab/types';
import {
  expectedDays, extensionRequests, feedUnder, isEventsRequest, readFromDouble, useSignedInSessionOfPages, waitFor,
  waitForExtensionRequest, waitForFeedFromDouble,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const PAGE_SIZE = 5;
const DAY = 86_400_000;

/** `YYYY-MM-DD` of the local day `offset` days from today (the range is in the person's own days). */
function localDay(offset: number): string {
  const date = new Date(Date.now() + offset * DAY);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function localStart(key: string): number {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d).getTime();
}

/** Every event of a listing under `query`, read from the double page by page (the test's own reads). */
async function allEvents(double: Parameters<typeof readFromDouble>[0], query: Record<string, string>): Promise<GitLabEvent[]> {
  const events: GitLabEvent[] = [];
  for (let page: string | null = '1'; page; ) {
    const answer: { body: GitLabEvent[]; nextPage: string | null } = await readFromDouble<GitLabEvent[]>(double, '/events', { ...query, page, per_page: 100 });
    events.push(...answer.body);
    page = answer.nextPage;
  }
  return events;
}

describe('copy activity as Markdown', function () {
  this.timeout(90_000);
  const session = useSignedInSessionOfPages('markdown-copy', PAGE_SIZE);

  it('asks for a range, fetches the pages of that range the tree never loaded, and copies only events in the range', async function () {
    const { workbench, double, page } = session();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.runCommand('GitLab: Filter Activity by Target Type…');
    await workbench.pickQuickItem(/^Issue$/);
    const { events: shown } = await waitForFeedFromDouble(session(), {
      parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, query: { target_type: 'issue' },
    });

    const first = localDay(-45);
    const last = localDay(-8);
    const since = Date.now();
    await workbench.runCommand('GitLab: Copy Activity as Markdown');
    await workbench.waitForQuickInput('Copy Activity as Markdown');
    const labels = (await workbench.quickPickEntries()).map((entry) => entry.label);
    assert.deepEqual(labels, ['Today', 'Yesterday', 'This week', 'Last 7 days', 'Custom range…']);
    await workbench.pickQuickItem(/^Custom range…$/);
    await workbench.answerQuickInput('2026-02-30', { expect: 'Custom Range (1/2)' });
    await workbench.waitForQuickInputMessage('2026-02-30 is not a day of the calendar.');
    await workbench.answerQuickInput(first, { expect: 'Custom Range (1/2)' });
    await workbench.answerQuickInput(last, { expect: 'Custom Range (2/2)' });
    await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r) && r.query.per_page === '100');

    // What the range holds under the filter, by the test's own reading of the double.
    const from = localStart(first);
    const to = localStart(localDay(-7));
    const inRange = (await allEvents(double!, { target_type: 'issue' }))
      .filter((e) => Date.parse(e.created_at as string) >= from && Date.parse(e.created_at as string) < to);
    assert.ok(inRange.length > PAGE_SIZE, `only ${inRange.length} events in the range`);
    const shownIds = new Set(shown.map((e) => e.id));
    assert.ok(inRange.some((e) => !shownIds.has(e.id)), 'every event of the range was already in the tree');

    const text = await waitFor('the Markdown on the clipboard', async () => {
      const clip = String(await page.evaluate('navigator.clipboard.readText()'));
      return clip.startsWith('## ') ? clip : undefined;
    }, { timeoutMs: 20_000 });
    const headings = text.split('\n').filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
    assert.deepEqual(headings, expectedDays(inRange).map((day) => day.label));
    const items = text.split('\n').filter((line) => line.startsWith('- '));
    assert.equal(items.length, inRange.length, text);
    // References paste as written: "issue #12", not "issue \#12".
    assert.ok(items.some((item) => /issue #\d+/.test(item)) && !items.some((item) => item.includes('\\#')), text);

    const requests = extensionRequests(double!, (r) => r.at >= since && isEventsRequest(r));
    assert.ok(requests.length >= 1);
    for (const r of requests) assert.equal(r.query.target_type, 'issue', 'a page was asked without the filter');
    await workbench.screenshot('markdown-copy');
    assert.ok(feedUnder(await workbench.treeItems(), 'My Activity'), 'the tree is still there');

    // The copy opens as a read-only document: not dirty, and closing it asks nothing.
    const tab = page.locator('.tabs-container .tab', { hasText: 'GitLab Activity.md' });
    await tab.first().waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await tab.count(), 1);
    assert.ok(!(await tab.first().getAttribute('class'))?.split(/\s+/).includes('dirty'), 'the copy\'s editor is dirty');
    await tab.first().click();
    await workbench.runCommand('View: Close Editor');
    const dialog = page.locator('.monaco-dialog-box');
    const outcome = await waitFor('the editor to close, or a dialog to ask about it', async () =>
      ((await dialog.count()) > 0 && await dialog.first().isVisible() ? 'dialog' : (await tab.count()) === 0 ? 'closed' : undefined));
    assert.equal(outcome, 'closed', `closing asked: ${outcome === 'dialog' ? await dialog.first().innerText() : ''}`);
  });
});
