import assert from 'node:assert/strict';
import { fixedOffsetZone, UTC_ZONE } from '../../../../src/app/calendar';
import { customDayProblem, inWindow, markdownRangeDays, planRange } from '../../../../src/app/activity/markdownRange';
import { activityMarkdown } from '../../../../src/app/activity/activityMarkdown';
import { literalMarkdown } from '../../../../src/app/activity/markdownEscape';
import { fetchEventsInRange, MAX_RANGE_EVENTS, MAX_RANGE_PAGES, RangeCopy } from '../../../../src/app/activity/rangeEvents';
import { GitLabError, validateFilter, type GitLabEvent } from '../../../../src/gitlab';
import { GitLabDouble } from '../../../double';
import { readAllEvents, type TestClient, withDoubleAndClient } from '../../gitlab/helpers';

const NOW = Date.parse('2026-11-19T10:00:00Z'); // a Thursday
const plan = (span: { first: string; last: string }, filter = {}, zone = UTC_ZONE) => {
  const result = planRange(span, filter, zone);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result;
};

describe('Markdown range: days and query', () => {
  it('names the days of each preset, the week starting on Monday', () => {
    assert.deepEqual(markdownRangeDays('today', NOW, UTC_ZONE), { first: '2026-11-19', last: '2026-11-19' });
    assert.deepEqual(markdownRangeDays('yesterday', NOW, UTC_ZONE), { first: '2026-11-18', last: '2026-11-18' });
    assert.deepEqual(markdownRangeDays('thisWeek', NOW, UTC_ZONE), { first: '2026-11-16', last: '2026-11-19' });
    assert.deepEqual(markdownRangeDays('last7Days', NOW, UTC_ZONE), { first: '2026-11-13', last: '2026-11-19' });
    // Sunday belongs to the week that started the Monday before.
    assert.deepEqual(markdownRangeDays('thisWeek', Date.parse('2026-11-22T12:00:00Z'), UTC_ZONE), { first: '2026-11-16', last: '2026-11-22' });
    // 23:30 UTC is already tomorrow two hours east.
    assert.deepEqual(markdownRangeDays('today', Date.parse('2026-11-19T23:30:00Z'), fixedOffsetZone(120)), { first: '2026-11-20', last: '2026-11-20' });
  });

  it('asks GitLab for the exclusive days around the range (UTC), keeping the filter\'s action, target type and sort', () => {
    const p = plan({ first: '2026-11-16', last: '2026-11-19' }, { action: 'closed', target_type: 'issue', sort: 'asc' });
    assert.deepEqual(p.filter, { action: 'closed', target_type: 'issue', sort: 'asc', after: '2026-11-15', before: '2026-11-20' });
    assert.equal(p.from, Date.parse('2026-11-16T00:00:00Z'));
    assert.equal(p.to, Date.parse('2026-11-20T00:00:00Z'));
  });

  it('covers every UTC day a local range touches, and keeps only events inside the local days', () => {
    // A day at UTC+02:00 runs from 22:00 UTC the day before.
    const p = plan({ first: '2026-11-19', last: '2026-11-19' }, {}, fixedOffsetZone(120));
    assert.deepEqual({ after: p.filter.after, before: p.filter.before }, { after: '2026-11-17', before: '2026-11-20' });
    const at = (created_at: string) => ({ created_at }) as GitLabEvent;
    assert.equal(inWindow(at('2026-11-18T22:00:00.000Z'), p), true);
    assert.equal(inWindow(at('2026-11-18T21:59:59.999Z'), p), false);
    assert.equal(inWindow(at('2026-11-19T21:59:59.999Z'), p), true);
    assert.equal(inWindow(at('2026-11-19T22:00:00.000Z'), p), false);
    assert.equal(inWindow({} as GitLabEvent, p), true, 'an event without a time is shown, not dropped');
  });

  it('narrows the range to the filter\'s own dates', () => {
    // Filter: after 2026-11-17 (exclusive) → from the 18th; before 2026-11-19 → the 18th only.
    const p = plan({ first: '2026-11-13', last: '2026-11-19' }, { after: '2026-11-17', before: '2026-11-19' });
    assert.deepEqual({ after: p.filter.after, before: p.filter.before }, { after: '2026-11-17', before: '2026-11-19' });
    assert.equal(p.from, Date.parse('2026-11-18T00:00:00Z'));
    assert.equal(p.to, Date.parse('2026-11-19T00:00:00Z'));
  });

  it('says so when the filter\'s dates and the range do not overlap', () => {
    const result = planRange({ first: '2026-11-19', last: '2026-11-19' }, { after: '2026-11-01', before: '2026-11-10' }, UTC_ZONE);
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.message,
      /^The filter's dates \(2026-11-02 to 2026-11-09\) and the chosen range \(on 2026-11-19\) do not overlap/);
    // Touching but not overlapping: before=2026-11-19 excludes the 19th itself.
    assert.equal(planRange({ first: '2026-11-19', last: '2026-11-20' }, { before: '2026-11-19' }, UTC_ZONE).ok, false);
  });

  it('validates the custom range\'s days as the date filter does', () => {
    assert.equal(customDayProblem('2026-11-03', 'first', undefined), undefined);
    assert.equal(customDayProblem('2026-13-45', 'first', undefined), '2026-13-45 is not a day of the calendar.');
    assert.equal(customDayProblem('3 Nov', 'first', undefined), 'Enter a date as YYYY-MM-DD, for example 2026-11-03.');
    assert.equal(customDayProblem('', 'last', '2026-11-03'), 'Enter a date as YYYY-MM-DD, for example 2026-11-03.');
    assert.equal(customDayProblem('2026-11-02', 'last', '2026-11-03'), 'The last day (2026-11-02) must not be earlier than the first (2026-11-03).');
    assert.equal(customDayProblem('2026-11-03', 'last', '2026-11-03'), undefined, 'a one-day range');
  });
});

describe('Markdown range: fetching every page of the range from the double', () => {
  let double: GitLabDouble;
  let client: TestClient;
  withDoubleAndClient({ edition: 'ee', events: 400, seed: 11, now: () => new Date(NOW) }, (started, made) => { double = started; client = made; });

  it('returns exactly the events in the range, across many pages, in the server\'s order', async () => {
    const p = plan({ first: '2026-10-20', last: '2026-11-05' }, { target_type: 'issue' });
    const pages: number[] = [];
    const { events, resume } = await fetchEventsInRange(client.client, { kind: 'mine' }, p, { perPage: 2, onPage: (n) => pages.push(n) });
    assert.equal(resume, undefined, 'read to GitLab\'s last page');
    const everything = await readAllEvents(client.client, { kind: 'mine' }, validateFilter({ target_type: 'issue' }), 100);
    const expected = everything.filter((e) => {
      const at = Date.parse(e.created_at as string);
      return at >= Date.parse('2026-10-20T00:00:00Z') && at < Date.parse('2026-11-06T00:00:00Z');
    });
    assert.ok(expected.length > 4, `too few events in the range (${expected.length}) to need several pages`);
    assert.deepEqual(events.map((e) => e.id), expected.map((e) => e.id));
    assert.ok(pages.length > 2, `only ${pages.length} page(s) read`);
    const asked = double.requests.filter((r) => r.path === '/api/v4/events' && r.query.after === '2026-10-19');
    assert.ok(asked.every((r) => r.query.before === '2026-11-06' && r.query.target_type === 'issue'));
  });

  it('stops on cancellation: a cancelled error, and no page asked for after it', async () => {
    const p = plan({ first: '2026-09-25', last: '2026-11-19' });
    const controller = new AbortController();
    double.clearLog();
    await assert.rejects(
      fetchEventsInRange(client.client, { kind: 'mine' }, p, { perPage: 2, window: 1, signal: controller.signal, onPage: (n) => { if (n === 2) controller.abort(); } }),
      (error: unknown) => error instanceof GitLabError && error.kind === 'cancelled',
    );
    assert.equal(double.requests.filter((r) => r.path === '/api/v4/events').length, 2);
  });

  it('reading pages a few at a time, stops on cancellation: no page asked for after it', async () => {
    const p = plan({ first: '2026-09-25', last: '2026-11-19' });
    const controller = new AbortController();
    let abortedAt = 0;
    double.clearLog();
    await assert.rejects(
      fetchEventsInRange(client.client, { kind: 'mine' }, p, {
        perPage: 2, window: 4, signal: controller.signal, onPage: (n) => { if (n === 2) { abortedAt = Date.now(); controller.abort(); } },
      }),
      (error: unknown) => error instanceof GitLabError && error.kind === 'cancelled',
    );
    while (double.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5)); // pages asked before the abort finish
    const events = double.requests.filter((r) => r.path === '/api/v4/events');
    assert.ok(events.length <= 2 + 4, `${events.length} pages asked for`);
    assert.deepEqual(events.filter((r) => r.at > abortedAt).map((r) => r.query.page), []);
  });

  it('reads the same events, in the same order, with any window', async () => {
    const p = plan({ first: '2026-09-25', last: '2026-11-19' });
    const one = (await fetchEventsInRange(client.client, { kind: 'mine' }, p, { perPage: 5, window: 1 })).events;
    for (const window of [2, 4, 8]) {
      const many = (await fetchEventsInRange(client.client, { kind: 'mine' }, p, { perPage: 5, window })).events;
      assert.deepEqual(many.map((e) => e.id), one.map((e) => e.id), `window ${window}`);
    }
    assert.ok(one.length > 20, `only ${one.length} events`);
  });
});

describe('Markdown range: every read is bounded', () => {
  let double: GitLabDouble;
  let client: TestClient;
  withDoubleAndClient({ edition: 'ee', events: 400, seed: 11, now: () => new Date(NOW) }, (started, made) => { double = started; client = made; });
  afterEach(() => double.clearFaults());

  const eventPages = () => double.requests.filter((r) => r.path === '/api/v4/events').map((r) => Number(r.query.page));
  const ids = (events: GitLabEvent[]) => events.map((e) => e.id);

  it('a server that names a next page for ever: the read stops at its bound of pages, says so in the Markdown and the message, and Continue reads on', async function () {
    // Two reads of 200 pages each: seconds on a busy machine.
    this.timeout(120_000);
    double.inject({ fault: { kind: 'endlessPages' }, path: '/events', times: Infinity });
    const p = plan({ first: '2026-09-25', last: '2026-11-19' });
    // Unbounded, the read would never end: it is cancelled instead, long after a bounded one would have ended (a
    // read of 400 pages, not a measure of speed), and the test fails.
    const safety = AbortSignal.timeout(100_000);
    const copy = new RangeCopy(client.client, { kind: 'mine' }, p, { perPage: 20 });
    double.clearLog();
    await copy.readMore(safety);
    const first = eventPages();
    assert.equal(Math.max(...first), MAX_RANGE_PAGES, 'pages asked up to the bound');
    assert.ok(first.length <= MAX_RANGE_PAGES, `${first.length} pages asked`);
    assert.equal(copy.complete, false);
    const found = copy.events.length;
    assert.ok(found > MAX_RANGE_PAGES, `only ${found} events: every page holds some in the range`);
    assert.ok(found <= MAX_RANGE_EVENTS);
    assert.equal(new Set(ids(copy.events)).size, found, 'no event twice');

    const note = copy.incompleteNote();
    assert.equal(note, `The copy stopped after ${found} events and is incomplete: GitLab has more in this range. Choose Continue in the message to read on.`);
    const markdown = activityMarkdown(copy.events, { now: NOW, zone: UTC_ZONE, order: 'desc', lookupProject: () => undefined, incompleteNote: note });
    assert.equal(markdown.trimEnd().split('\n').at(-1), `_${literalMarkdown(note!, 'inline')}_`, 'the Markdown ends with the note');
    assert.match(copy.stoppedMessage() ?? '', new RegExp(`^Copied ${found} events as Markdown, but the copy stopped there and is incomplete: one read takes at most ${MAX_RANGE_PAGES} pages or ${MAX_RANGE_EVENTS} events\\. Continue`));

    // Continue: the next pages, from where the first read stopped, added to the same copy.
    double.clearLog();
    await copy.readMore(safety);
    const second = eventPages();
    assert.equal(Math.min(...second), MAX_RANGE_PAGES + 1);
    assert.equal(Math.max(...second), 2 * MAX_RANGE_PAGES);
    assert.ok(copy.events.length > found);
    assert.equal(new Set(ids(copy.events)).size, copy.events.length, 'no event twice');
    assert.match(copy.incompleteNote() ?? '', new RegExp(`stopped after ${copy.events.length} events`));
  });

  it('stops after the page that reaches its bound of events; Continue goes on to the end, each event once, as one unbounded read', async () => {
    const p = plan({ first: '2026-09-25', last: '2026-11-19' });
    const whole = await fetchEventsInRange(client.client, { kind: 'mine' }, p, { perPage: 5, maxEvents: Infinity });
    assert.ok(whole.events.length > 40, `only ${whole.events.length} events`);
    const copy = new RangeCopy(client.client, { kind: 'mine' }, p, { perPage: 5, maxEvents: 12 });
    await copy.readMore();
    assert.ok(copy.events.length >= 12 && copy.events.length < 12 + 5, `${copy.events.length} events after one read`);
    assert.equal(copy.complete, false);
    let reads = 1;
    while (!copy.complete && reads < 100) {
      await copy.readMore();
      reads += 1;
    }
    assert.equal(copy.complete, true);
    assert.ok(reads > 2, `${reads} reads`);
    assert.deepEqual(ids(copy.events), ids(whole.events));
    assert.equal(copy.incompleteNote(), undefined, 'no note once complete');
    assert.equal(copy.stoppedMessage(), undefined);
  });

  it('a failed read changes nothing: trying again reads the same pages', async () => {
    const p = plan({ first: '2026-09-25', last: '2026-11-19' });
    const copy = new RangeCopy(client.client, { kind: 'mine' }, p, { perPage: 5, maxEvents: 12, window: 1 });
    await copy.readMore();
    const kept = ids(copy.events);
    double.inject({ fault: { kind: 'status', status: 404 }, path: '/events', times: 1 });
    await assert.rejects(copy.readMore(), (error: unknown) => error instanceof GitLabError && error.kind === 'notFound');
    assert.deepEqual(ids(copy.events), kept);
    await copy.readMore();
    const again = new RangeCopy(client.client, { kind: 'mine' }, p, { perPage: 5, maxEvents: 12, window: 1 });
    await again.readMore();
    await again.readMore();
    assert.deepEqual(ids(copy.events), ids(again.events));
  });
});
