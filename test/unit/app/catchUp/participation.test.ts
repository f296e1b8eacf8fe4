import assert from 'node:assert/strict';
import { MAX_PARTICIPATED_THINGS, Participation, PARTICIPATION_OVERLAP_MS } from '../../../../src/app/catchUp/participation';
import { catchUpThings } from '../../../../src/app/catchUp/catchUpThings';
import { CatchUpService, catchUpSource } from '../../../../src/app/catchUp/catchUpService';
import { SeenThings } from '../../../../src/app/catchUp/seenThings';
import { accountKey } from '../../../../src/app/accountKey';
import { whatHappened, whyWords } from '../../../../src/app/catchUp/catchUpWords';
import { formatMessage } from '../../../../src/app/localize';
import { GitLabError } from '../../../../src/gitlab/errors';
import type { ParticipatedThing, ParticipationApi } from '../../../../src/gitlab/participation';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { noteEvent } from '../activity/fixtures';

const A = 'https://a.example.com';
const T0 = Date.parse('2026-11-04T12:00:00Z');
const WINDOW = T0 - 7 * 86_400_000;

const thing = (iid: number, updatedAt: string, roles: ParticipatedThing['roles'] = ['assignee'], kind: ParticipatedThing['kind'] = 'issue'): ParticipatedThing => ({
  kind, projectId: 5, iid, title: `Thing ${iid}`, webUrl: `${A}/acme/web/-/issues/${iid}`, projectPath: 'acme/web', updatedAt, roles,
});

/** An API that records what it was asked and answers what the test queued. */
function api(answers: Array<ParticipatedThing[] | Error>) {
  const asked: string[] = [];
  let release: (() => void) | undefined;
  const client: ParticipationApi & { asked: string[]; hold(): void; release(): void } = {
    asked,
    hold() { this.held = new Promise<void>((resolve) => { release = resolve; }); },
    release() { release?.(); },
    async participation(_username, updatedAfter) {
      asked.push(updatedAfter);
      await (this as unknown as { held?: Promise<void> }).held;
      const answer = answers.shift() ?? [];
      if (answer instanceof Error) throw answer;
      return { things: answer };
    },
  } as ParticipationApi & { asked: string[]; hold(): void; release(): void; held?: Promise<void> };
  return client;
}

describe('catch-up: participation kept between reads', () => {
  it('the first read asks from the window, the next from a minute before the last began; what changed is kept', async () => {
    let now = T0;
    const p = new Participation({ now: () => now });
    const client = api([[thing(1, '2026-11-04T11:00:00Z')], [thing(2, '2026-11-04T12:03:00Z')], []]);
    assert.equal(p.known(A), false);
    assert.equal(await p.read(A, client, 'me', WINDOW), true);
    now = T0 + 300_000;
    assert.equal(await p.read(A, client, 'me', WINDOW), true);
    now = T0 + 600_000;
    assert.equal(await p.read(A, client, 'me', WINDOW), false, 'nothing new');
    assert.deepEqual(client.asked, [new Date(WINDOW).toISOString(), new Date(T0 - PARTICIPATION_OVERLAP_MS).toISOString(), new Date(T0 + 300_000 - PARTICIPATION_OVERLAP_MS).toISOString()]);
    assert.deepEqual(p.things(A).map((t) => t.iid), [1, 2]);
    assert.equal(p.known(A), true);
  });

  it('one request at a time: a read asked while one runs is that one', async () => {
    const p = new Participation({ now: () => T0 });
    const client = api([[thing(1, '2026-11-04T11:00:00Z')]]);
    client.hold();
    const a = p.read(A, client, 'me', WINDOW);
    const b = p.read(A, client, 'me', WINDOW);
    client.release();
    assert.deepEqual(await Promise.all([a, b]), [true, true]);
    assert.equal(client.asked.length, 1);
  });

  it('a server without GraphQL: said once, never asked again; another failure rejects and is asked again', async () => {
    const p = new Participation({ now: () => T0 });
    const none = api([new GitLabError('unsupported', 'no GraphQL here')]);
    assert.equal(await p.read(A, none, 'me', WINDOW), true);
    assert.equal(p.unavailable(A), 'no GraphQL here');
    assert.equal(await p.read(A, none, 'me', WINDOW), false);
    assert.equal(none.asked.length, 1);
    const flaky = api([new GitLabError('server', 'boom'), [thing(1, '2026-11-04T11:00:00Z')]]);
    await assert.rejects(p.read('b', flaky, 'me', WINDOW), /boom/);
    assert.equal(p.known('b'), false);
    assert.equal(await p.read('b', flaky, 'me', WINDOW), true);
    assert.equal(flaky.asked[1], new Date(WINDOW).toISOString(), 'a failed read moves no watermark');
  });

  it(`keeps at most ${MAX_PARTICIPATED_THINGS} things, the most recently updated; a role once seen stays`, async () => {
    const p = new Participation({ now: () => T0 });
    const many = Array.from({ length: MAX_PARTICIPATED_THINGS + 20 }, (_, i) => thing(i + 1, new Date(T0 - (i + 1) * 1000).toISOString()));
    await p.read(A, api([many]), 'me', WINDOW);
    const kept = p.things(A);
    assert.equal(kept.length, MAX_PARTICIPATED_THINGS);
    assert.ok(kept.every((t) => t.iid <= MAX_PARTICIPATED_THINGS), 'the oldest updates went');
    await p.read(A, api([[thing(1, new Date(T0).toISOString(), ['reviewer'])]]), 'me', WINDOW);
    assert.deepEqual(p.things(A).find((t) => t.iid === 1)?.roles, ['assignee', 'reviewer']);
    p.keepOnly(new Set());
    assert.deepEqual(p.things(A), []);
  });
});

describe('catch-up: rows from participation', () => {
  const t = formatMessage;
  const base = {
    personId: 1, todos: [], subscriptions: [], projectPath: () => 'acme/web', projectId: () => 5, seen: () => undefined,
    since: new Date(WINDOW).toISOString(),
  };
  const own = (iid: number, at: string): GitLabEvent => ({ ...noteEvent({ id: 9100 + iid, noteable_iid: iid }), id: 9000 + iid, author_id: 1, project_id: 5, created_at: at });

  it('a thing assigned to the person whose updatedAt moved with no event shows as "updated", why "Assigned"', () => {
    const [row, ...rest] = catchUpThings({ ...base, events: [], participation: [thing(3, '2026-11-04T11:00:00Z')] });
    assert.equal(rest.length, 0);
    assert.equal(row.reference, 'acme/web#3');
    assert.equal(row.title, 'Thing 3');
    assert.equal(whatHappened(row.summary, t), 'updated');
    assert.equal(whyWords(row.why, t), 'Assigned');
  });

  it('moved by the person\'s own comment only: no row; by someone else\'s comment: the comment, not "updated"', () => {
    assert.deepEqual(catchUpThings({ ...base, events: [own(3, '2026-11-04T10:59:59.000Z')], participation: [thing(3, '2026-11-04T11:00:00Z')] }), []);
    const jane = { ...own(4, '2026-11-04T10:59:59.000Z'), author_id: 7, author: { id: 7, username: 'jane', name: 'Jane' }, author_username: 'jane' };
    const [row] = catchUpThings({ ...base, events: [jane], participation: [thing(4, '2026-11-04T11:00:00Z', ['author'])] });
    assert.equal(whatHappened(row.summary, t), '1 comment by Jane');
    assert.equal(whyWords(row.why, t), 'Author');
  });

  it('an update before the seen mark or the window is not news', () => {
    assert.deepEqual(catchUpThings({ ...base, events: [], participation: [thing(3, '2026-10-01T11:00:00Z')] }), []);
    assert.deepEqual(catchUpThings({ ...base, events: [], seen: () => ({ createdAt: '2026-11-04T11:00:00.000Z' }), participation: [thing(3, '2026-11-04T11:00:00Z')] }), []);
  });

  it('a review request on a merge request reads "Review requested"', () => {
    const [row] = catchUpThings({ ...base, events: [], participation: [thing(9, '2026-11-04T11:00:00Z', ['reviewer'], 'mergeRequest')] });
    assert.equal(row.reference, 'acme/web!9');
    assert.equal(whyWords(row.why, t), 'Review requested');
  });
});

describe('catch-up: the service\'s participation read', () => {
  const services = (answers: Array<ParticipatedThing[] | Error>) => {
    const values = new Map<string, unknown>();
    const store = { get: (k: string) => values.get(k), keys: () => [...values.keys()], update: async (k: string, v: unknown) => { values.set(k, v); } };
    const client = api(answers);
    const account = { key: A, instanceUrl: A, accountKey: accountKey(A, 1), userId: 1, username: 'me', participation: client };
    const service = new CatchUpService({
      accounts: () => [account], pageSize: () => 20, seen: new SeenThings(store, () => T0), windowDays: () => 7, now: () => T0,
      participation: new Participation({ now: () => T0 }),
      reading: { events: () => [], todos: () => [], subscriptions: () => [], projectPath: () => 'acme/web', projectId: () => 5 },
    });
    const rows = async () => {
      service.inputsChanged();
      await service.lists.load(catchUpSource(A));
      return service.shown(A);
    };
    return { service, client, rows };
  };

  it('what the read brings is a row; a server without GraphQL is named in the view\'s one line; other failures reject', async () => {
    const { service, client, rows } = services([[thing(3, '2026-11-04T11:00:00Z')]]);
    await service.pollParticipation();
    assert.deepEqual((await rows()).map((row) => row.key), ['p5#3']);
    assert.equal(client.asked.length, 1);
    const plain = services([new GitLabError('unsupported', 'no GraphQL here')]);
    await plain.service.pollParticipation();
    assert.deepEqual(plain.service.participationUnavailable().map((u) => [u.account.key, u.reason]), [[A, 'no GraphQL here']]);
    const failing = services([new GitLabError('server', 'boom')]);
    await assert.rejects(failing.service.pollParticipation(), /boom/);
    assert.deepEqual(failing.service.participationUnavailable(), []);
  });
});
