import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../../double';
import { GitLabError, TodoClient } from '../../../../src/gitlab';
import { missingFeaturesNote, todoActionFailure, todoRowContext } from '../../../../src/app/todos/todoActions';
import { markTodosDone, snoozeTodos, unsnoozeTodos } from '../../../../src/app/todos/todoBulk';
import { formatMessage } from '../../../../src/app/localize';
import { makeClient, TOKEN, type TestClient } from '../../gitlab/helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const t = formatMessage;

/** What the To-Do view says when an action fails, and what it offers per GitLab: over real HTTP against the double. */
describe('To-Do actions: failures in words, features per GitLab', () => {
  let double: GitLabDouble;
  /** A test of the words alone starts no double: nothing to close after it. */
  let started = false;
  const clients: TestClient[] = [];
  const start = async (options: DoubleOptions = {}) => {
    double = await GitLabDouble.start({
      now: () => NOW,
      tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }, { token: 'read-api', scopes: ['read_api'], userId: 1 }],
      ...options,
    });
    started = true;
  };
  const clientOf = (token = TOKEN): TodoClient => {
    const made = makeClient(double.url, { token: () => token });
    clients.push(made);
    return new TodoClient(made.transport);
  };
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    if (started) await double.close();
    started = false;
  });
  const pendingId = () => double.data.todos.find((d) => d.userId === 1 && d.state === 'pending' && d.snoozedUntil === null)!.id;

  it('a 403 when marking done says the token lacks `api` (reading needs only `read_api`)', async () => {
    await start();
    const api = clientOf('read-api');
    const features = await api.getTodoFeatures();
    // One by one over REST (no many-mutation): GitLab's 403 insufficient_scope.
    const result = await markTodosDone(api, [pendingId()], { features: { ...features, resolveMany: false } });
    assert.equal(result.failed.length, 1);
    const message = todoActionFailure('done', result.failed[0].error, t);
    assert.match(message, /^The token needs the `api` scope to mark to-dos as done\. Create a token with `api` and sign in again/);
    assert.match(message, /reading to-dos needs only `read_api`/);
    assert.equal(double.data.todos.find((d) => d.id === pendingId())!.state, 'pending');
  });

  it('snoozing with a token without `api`: GitLab\'s GraphQL answer names the scope too', async () => {
    await start();
    const api = clientOf('read-api');
    const result = await snoozeTodos(api, [pendingId()], new Date(NOW.getTime() + 3_600_000));
    assert.equal(result.failed.length + result.unchanged.length, 1);
    const error = result.failed[0]?.error;
    assert.ok(error instanceof GitLabError, `expected a failure, got ${JSON.stringify(result)}`);
    assert.match(todoActionFailure('snooze', error, t), /^The token needs the `api` scope to snooze to-dos\. .*`read_api`/);
  });

  it('snoozing on GitLab 16.11 (no snooze): says which GitLab it needs', async () => {
    await start({ graphql: '16.11' });
    const api = clientOf();
    const result = await unsnoozeTodos(api, [pendingId()]);
    assert.equal(result.failed[0].error.kind, 'unsupported');
    assert.equal(todoActionFailure('unsnooze', result.failed[0].error, t),
      'This GitLab has no snooze for to-dos: it needs GitLab 17.4 or later, with its GraphQL API.');
  });

  it('a refusal for want of `api` says the fix first, for every action', () => {
    const refused = new GitLabError('forbidden', 'Forbidden.', { insufficientScope: true, missingScope: 'api' });
    const unfound = new GitLabError('notFound', 'Not found.', { missingScope: 'api' });
    const starts = {
      done: 'The token needs the `api` scope to mark to-dos as done.',
      undo: 'The token needs the `api` scope to restore to-dos marked as done.',
      snooze: 'The token needs the `api` scope to snooze to-dos.',
      unsnooze: 'The token needs the `api` scope to unsnooze to-dos.',
    } as const;
    for (const [action, start] of Object.entries(starts) as Array<[keyof typeof starts, string]>) {
      assert.ok(todoActionFailure(action, refused, t).startsWith(`${start} `), action);
      assert.ok(todoActionFailure(action, unfound, t).startsWith(`${start} `), action);
    }
  });

  it('other failures keep the client\'s words', () => {
    const error = new GitLabError('server', 'GitLab had a server error (502). Try again later.');
    assert.equal(todoActionFailure('undo', error, t), 'Could not undo: GitLab had a server error (502). Try again later.');
  });

  it('says once what each GitLab lacks, read from its own schema', async () => {
    const notes: Record<string, string | undefined> = {};
    for (const graphql of ['current', '17.4', '16.11', 'none'] as const) {
      await start({ graphql });
      notes[graphql] = missingFeaturesNote(await clientOf().getTodoFeatures(), 'gitlab.example.com', t);
      for (const client of clients.splice(0)) await client.close();
      await double.close();
    }
    await start(); // for afterEach
    assert.equal(notes.current, undefined);
    assert.equal(notes['17.4'], 'GitLab at gitlab.example.com is too old for some To-Do List actions; not offered there: the Snoozed list (GitLab 17.8 or later).');
    assert.equal(notes['16.11'], 'GitLab at gitlab.example.com is too old for some To-Do List actions; not offered there: Snooze (GitLab 17.4 or later), the Snoozed list (GitLab 17.8 or later).');
    assert.equal(notes.none, 'GitLab at gitlab.example.com has no GraphQL API, so the To-Do List offers no Snooze, no Snoozed list and no Undo there.');
  });

  it('a row\'s context says its list and the actions its GitLab offers', () => {
    const all = { graphql: true, snooze: true, listSnoozed: true, restore: true, resolveMany: true, restoreMany: true, snoozeMany: true };
    assert.equal(todoRowContext('pending', all, 1), 'todo pending can-done can-snooze');
    assert.equal(todoRowContext('pending', { ...all, snooze: false }, 3), 'todo pending can-done many');
    assert.equal(todoRowContext('pending', undefined, 1), 'todo pending can-done');
    assert.equal(todoRowContext('snoozed', all, 2), 'todo snoozed can-done can-unsnooze many');
    assert.equal(todoRowContext('done', all, 2), 'todo done');
  });
});
