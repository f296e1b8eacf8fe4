import assert from 'node:assert/strict';
import { accountKey } from '../../../../src/app/accountKey';
import { CatchUpService, catchUpSource, type CatchUpAccount } from '../../../../src/app/catchUp/catchUpService';
import { thingLabel, whatHappened, whyWords } from '../../../../src/app/catchUp/catchUpWords';
import { SeenThings } from '../../../../src/app/catchUp/seenThings';
import { formatMessage } from '../../../../src/app/localize';
import type { SubscribedThing } from '../../../../src/gitlab/subscriptionTypes';
import type { Todo } from '../../../../src/gitlab/todoTypes';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { noteEvent } from '../activity/fixtures';

const A = 'https://a.example.com';
const B = 'https://b.example.com';
const ME = { id: 1, username: 'me', name: 'Me Myself' };
const JANE = { id: 7, username: 'jane', name: 'Jane Doe' };
const NOW = Date.parse('2026-11-04T12:00:00Z');

function memory() {
  const values = new Map<string, unknown>();
  return {
    fail: false,
    get: (key: string) => values.get(key),
    keys: () => [...values.keys()],
    async update(key: string, value: unknown) {
      if (this.fail) throw new Error('disk full');
      if (value === undefined) values.delete(key);
      else values.set(key, JSON.parse(JSON.stringify(value)));
    },
  };
}

const comment = (id: number, person: { id: number; username: string; name: string }, iid: number, minute: number, body = 'Looks good'): GitLabEvent => {
  const event = noteEvent({ id: 5000 + id, noteable_iid: iid, body });
  return { ...event, id, author_id: person.id, author: person, author_username: person.username, created_at: `2026-11-04T10:${String(minute).padStart(2, '0')}:00.000Z` };
};

const subscribed = (iid: number, updatedAt: string, title = 'Crash on save'): SubscribedThing => ({
  kind: 'issue', id: `gid://gitlab/Issue/${iid}`, iid: String(iid), title, state: 'opened', webUrl: `${A}/acme/web/-/issues/${iid}`,
  reference: `acme/web#${iid}`, containerPath: 'acme/web', containerKind: 'project', updatedAt, subscribed: true,
});

const reviewTodo = (iid: number): Todo => ({
  id: 70 + iid, action_name: 'review_requested', target_type: 'MergeRequest', target: { iid, title: 'Faster search' }, target_url: null,
  body: '', author: JANE, project: { id: 5, path_with_namespace: 'acme/web' }, group: null, state: 'pending', created_at: '2026-11-04T09:00:00Z', snoozed_until: null,
});

function setup() {
  const store = memory();
  const seen = new SeenThings(store, () => NOW);
  const held: Record<string, { events: GitLabEvent[]; todos: Todo[]; subscriptions: SubscribedThing[] }> = {
    [A]: { events: [], todos: [], subscriptions: [] },
    [B]: { events: [], todos: [], subscriptions: [] },
  };
  const accounts: CatchUpAccount[] = [
    { key: A, instanceUrl: A, accountKey: accountKey(A, ME.id), userId: ME.id },
    { key: B, instanceUrl: B, accountKey: accountKey(B, ME.id), userId: ME.id },
  ];
  const service = new CatchUpService({
    accounts: () => accounts, pageSize: () => 20, seen, windowDays: () => 7, now: () => NOW,
    reading: {
      events: (instance) => held[instance].events,
      todos: (instance) => held[instance].todos,
      subscriptions: (instance) => held[instance].subscriptions,
      projectPath: (_instance, id) => (id === 5 ? 'acme/web' : undefined),
      projectId: (_instance, path) => (path === 'acme/web' ? 5 : undefined),
    },
  });
  const rows = async (instance: string) => {
    service.inputsChanged();
    await service.lists.load(catchUpSource(instance));
    return service.shown(instance);
  };
  return { store, seen, held, accounts, service, rows };
}

describe('catch-up: the service', () => {
  it('a new comment on a subscribed issue: one row, "1 comment by Jane Doe", why "Subscribed"', async () => {
    const { held, rows } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[A].events.push(comment(1, JANE, 12, 1));
    const [thing, ...rest] = await rows(A);
    assert.equal(rest.length, 0);
    assert.equal(thing.reference, 'acme/web#12');
    assert.equal(whatHappened(thing.summary, formatMessage), '1 comment by Jane Doe');
    assert.equal(whyWords(thing.why, formatMessage), 'Subscribed');
    assert.equal(thing.firstNewNoteId, 5001);
  });

  it('a reassignment with no event: "updated"', async () => {
    const { held, rows } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-11-04T11:00:00Z'));
    const [thing] = await rows(A);
    assert.equal(whatHappened(thing.summary, formatMessage), 'updated');
  });

  it('two accounts: each its own rows, and marks', async () => {
    const { held, rows, service, accounts } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[A].events.push(comment(1, JANE, 12, 1));
    held[B].todos.push(reviewTodo(3));
    held[B].events.push({ ...comment(2, JANE, 3, 2), note: { ...comment(2, JANE, 3, 2).note!, noteable_type: 'MergeRequest' } });
    assert.deepEqual((await rows(A)).map((thing) => thing.reference), ['acme/web#12']);
    const [review] = await rows(B);
    assert.equal(review.reference, 'acme/web!3');
    assert.equal(whyWords(review.why, formatMessage), 'To-do · Review requested');
    assert.deepEqual(review.todoIds, [73]);
    await service.markSeen(accounts[1], [review]);
    assert.equal((await rows(B)).length, 0);
    assert.equal((await rows(A)).length, 1, 'B\'s mark is not A\'s');
    assert.equal(service.count(), 1);
  });

  it('own activity is left out (GitLab does not e-mail it by default), even on a subscribed thing', async () => {
    const { held, rows } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[A].events.push(comment(1, ME, 12, 1));
    const things = await rows(A);
    assert.equal(things.flatMap((thing) => thing.events).length, 0);
  });

  it('an event on a thing that does not matter is left out', async () => {
    const { held, rows } = setup();
    held[A].events.push(comment(1, JANE, 99, 1));
    assert.equal((await rows(A)).length, 0);
  });

  it('Mark as Seen clears the row at once; the next change brings it back', async () => {
    const { held, rows, service, accounts } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[A].events.push(comment(1, JANE, 12, 1));
    const [thing] = await rows(A);
    const marking = service.markSeen(accounts[0], [thing]);
    assert.equal(service.shown(A).length, 0, 'gone before the mark is stored');
    assert.equal(await marking, undefined);
    assert.equal((await rows(A)).length, 0);
    held[A].events.unshift(comment(2, JANE, 12, 5));
    const [back] = await rows(A);
    assert.equal(whatHappened(back.summary, formatMessage), '1 comment by Jane Doe');
    assert.deepEqual(back.events.map((event) => event.id), [2]);
  });

  it('a row marked seen while it said only "updated" (its comment not read yet) comes back with the next comment alone: "1 comment", not 2', async () => {
    const { held, rows, service, accounts } = setup();
    // Seen once with a comment: the mark has an event id.
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[A].events.push(comment(1, JANE, 12, 1));
    await service.markSeen(accounts[0], await rows(A));
    // Jane comments at 10:05:00.400; GraphQL's updatedAt is to the second (10:05:00) and comes before the event's list.
    held[A].subscriptions[0] = subscribed(12, '2026-11-04T10:05:00Z');
    const [updated] = await rows(A);
    assert.equal(whatHappened(updated.summary, formatMessage), 'updated');
    await service.markSeen(accounts[0], [updated]);
    held[A].events.unshift({ ...comment(2, JANE, 12, 5), created_at: '2026-11-04T10:05:00.400Z' });
    assert.equal((await rows(A)).length, 0, 'the comment behind the update was seen with it');
    held[A].subscriptions[0] = subscribed(12, '2026-11-04T10:07:00Z');
    held[A].events.unshift({ ...comment(3, JANE, 12, 7), created_at: '2026-11-04T10:07:00.300Z' });
    const [back] = await rows(A);
    assert.equal(whatHappened(back.summary, formatMessage), '1 comment by Jane Doe');
    assert.deepEqual(back.events.map((event) => event.id), [3]);
  });

  it('a refusal puts the row back: the store fails, or the account changed', async () => {
    const { held, rows, service, accounts, store } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[A].events.push(comment(1, JANE, 12, 1));
    const [thing] = await rows(A);
    store.fail = true;
    await assert.rejects(service.markSeen(accounts[0], [thing]), /disk full/);
    assert.equal(service.shown(A).length, 1);
    store.fail = false;
    const gone = await service.markSeen({ ...accounts[0], accountKey: accountKey(A, 99) }, [thing]);
    assert.equal(gone?.reason, 'changed');
    assert.equal(service.shown(A).length, 1);
    assert.equal((await rows(A)).length, 1, 'nothing was marked');
  });

  it('at sign-out the account\'s seen marks go; the one still signed in keeps its own', async () => {
    const { held, rows, service, accounts, seen } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[A].events.push(comment(1, JANE, 12, 1));
    held[B].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[B].events.push(comment(2, JANE, 12, 2));
    await service.markSeen(accounts[0], await rows(A));
    await service.markSeen(accounts[1], await rows(B));
    accounts.splice(1, 1);
    service.sessionChanged();
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(seen.mark(accounts[0].accountKey, 'p5#12'));
    assert.equal(seen.mark(accountKey(B, ME.id), 'p5#12'), undefined);
  });

  it('a Refresh keeps the rows shown while its reads run, answers arriving meanwhile change nothing, and the rows change once after', async () => {
    const { held, rows, service } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z'));
    held[A].events.push(comment(1, JANE, 12, 1));
    assert.deepEqual((await rows(A)).map((thing) => thing.key), ['p5#12']);
    const changes: Array<string | undefined> = [];
    service.lists.onDidChange((key) => changes.push(key));
    let answer!: () => void;
    const reads = new Promise<void>((resolve) => { answer = resolve; });
    const refreshed = service.refreshAfter(reads);
    // The lists answer one after the other, each a change the service hears: the rows shown stay as they were.
    held[A].subscriptions.push(subscribed(13, '2026-11-04T10:02:00Z'));
    held[A].events.push(comment(2, JANE, 13, 2));
    service.inputsChanged();
    held[A].events.push(comment(3, JANE, 12, 3));
    service.inputsChanged();
    // The view asks for the rows as it draws the change.
    void service.lists.load(catchUpSource(A));
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(service.shown(A).map((thing) => thing.key), ['p5#12']);
    assert.equal(service.lists.get(catchUpSource(A).key).pagesRead, 0, 'no page computed before the reads answered');
    answer();
    await refreshed;
    assert.deepEqual(service.shown(A).map((thing) => thing.key).sort(), ['p5#12', 'p5#13']);
    assert.equal(whatHappened(service.shown(A).find((thing) => thing.key === 'p5#12')!.summary, formatMessage), '2 comments by Jane Doe');
    // Keyed changes are pages the list took: one, after the reads.
    assert.deepEqual(changes.filter((key) => key === catchUpSource(A).key), [catchUpSource(A).key]);
  });

  it('the first look covers the window only', async () => {
    const { held, rows } = setup();
    held[A].subscriptions.push(subscribed(12, '2026-10-01T10:01:00Z'));
    held[A].events.push({ ...comment(1, JANE, 12, 1), created_at: '2026-10-01T10:00:00.000Z' });
    assert.equal((await rows(A)).length, 0);
  });

  it('hostile text is inert: titles and names carry no link or icon syntax', async () => {
    const { held, rows } = setup();
    const evil = { id: 7, username: 'jane', name: '[x](command:workbench.action.quit) $(alert)' };
    held[A].subscriptions.push(subscribed(12, '2026-11-04T10:01:00Z', '[click](https://evil.example) $(zap)\u202e\nline'));
    held[A].events.push(comment(1, evil, 12, 1));
    const [thing] = await rows(A);
    const words = `${thingLabel(thing)} ${whatHappened(thing.summary, formatMessage)}`;
    assert.doesNotMatch(words, /\]\(|\$\(|\n|\u202e/);
    assert.match(words, /click/);
  });
});
