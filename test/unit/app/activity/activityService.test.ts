import assert from 'node:assert/strict';
import { ActivityService, type ActivityAccount } from '../../../../src/app/activity/activityService';
import { ActivityFilter } from '../../../../src/app/activity/filterState';
import { CHECK_PAGE } from '../../../../src/app/activity/newActivity';
import { accountKey, tokenAccountKey } from '../../../../src/app/accountKey';
import { normalizeInstanceUrl } from '../../../../src/app/instance';
import { ProjectDirectories } from '../../../../src/app/projectDirectory';
import { STATE_KEYS } from '../../../../src/ids';
import { GitLabDouble } from '../../../double';
import { makeClient, type TestClient } from '../../gitlab/helpers';
import { makeEvent } from './fixtures';
import { until } from '../../until';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const PAGE_SIZE = 5;

function memento(values: Record<string, unknown> = {}) {
  const store = new Map(Object.entries(values));
  return { get: (key: string) => store.get(key), update: async (key: string, value: unknown) => { store.set(key, value); } };
}

/** The Activity below its view, its client over real HTTP against the double. */
describe('Activity service', () => {
  let double: GitLabDouble;
  let t: TestClient;

  before(async () => {
    double = await GitLabDouble.start({ events: 200, now: () => NOW });
    t = makeClient(double.url);
  });
  after(async () => {
    await t.close();
    await double.close();
  });

  function service(accounts: () => ActivityAccount[], store = memento(), filter = ActivityFilter.EMPTY, server = double): ActivityService {
    return new ActivityService({
      accounts, activeInstanceUrl: () => server.url, settings: () => ({ pageSize: PAGE_SIZE, entries: { projects: [], users: [] } }),
      workspaceProjects: async () => [], directories: new ProjectDirectories(() => t.client), store, filter, log: { error: () => undefined },
    });
  }
  const key = () => normalizeInstanceUrl(double.url);
  const alex = (): ActivityAccount => ({ key: key(), instanceUrl: double.url, api: t.client, accountKey: accountKey(key(), 1) });

  it('keeps no kept first page of an account found gone at start (signed out elsewhere, its token missing)', async () => {
    const page = (owner: Record<string, string>) => ({ ...owner, list: `${key()}|mine`, order: 'desc', items: [makeEvent({ id: 900001 })] });
    // As this version keeps them (per account), and as the version before kept them (per instance).
    const global = memento({ [STATE_KEYS.earlierPages]: [page({ account: `${key()}#1` }), page({ instance: key() })] });
    service(() => [], global).sessionChanged();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(global.get(STATE_KEYS.earlierPages), []);
  });

  it('keeps a page for the account it was loaded for, even when another person signed in before the view heard of it', async () => {
    let account = alex();
    const global = memento();
    const activity = service(() => [account], global);
    activity.sessionChanged();
    await activity.feeds.load(activity.sources(key()).mine);
    // jordan's sign-in has replaced alex's account; a page loads before the service is told.
    account = { ...account, accountKey: accountKey(key(), 3) };
    double.addEvent(); // a new first page, so it is written again
    activity.refresh();
    await activity.feeds.load(activity.sources(key()).mine);
    await new Promise((resolve) => setImmediate(resolve));
    const owners = (global.get(STATE_KEYS.earlierPages) as Array<{ account: string }>).map((kept) => kept.account);
    assert.ok(owners.length > 0);
    assert.deepEqual(owners.filter((owner) => owner !== `${key()}#1`), [], 'alex\'s page kept as jordan\'s');
  });

  it('keeps a changed first page again on a server that sends no ids (the interface alone), under the token\'s account', async () => {
    const plain = await GitLabDouble.start({ specOnly: true, events: 30, now: () => NOW });
    const client = makeClient(plain.url);
    try {
      const instance = normalizeInstanceUrl(plain.url);
      const account: ActivityAccount = { key: instance, instanceUrl: plain.url, api: client.client, accountKey: await tokenAccountKey(instance, 'glpat-test-token') };
      const global = memento();
      const activity = service(() => [account], global, ActivityFilter.EMPTY, plain);
      activity.sessionChanged();
      const mine = activity.sources(instance).mine;
      const kept = () => (global.get(STATE_KEYS.earlierPages) as Array<{ account: string; items: Array<{ target_title?: string }> }> | undefined)?.[0];
      await activity.feeds.load(mine);
      await until('the first page kept', () => kept() !== undefined);
      assert.equal(kept()!.account, account.accountKey);
      plain.addEvent({ action: 'created', targetType: 'Issue', targetTitle: 'A newer first event' });
      activity.refresh();
      await activity.feeds.load(mine);
      await until('the new first page kept', () => kept()?.items[0]?.target_title === 'A newer first event');
    } finally {
      await client.close();
      await plain.close();
    }
  });

  it('a check\'s new events join My Activity at its top once shown, the rows loaded staying, and count as unread until seen', async () => {
    const activity = service(() => [alex()]);
    activity.sessionChanged();
    const mine = activity.sources(key()).mine;
    await activity.feeds.load(mine);
    await new Promise((resolve) => setImmediate(resolve)); // the first look marks what it shows as seen
    const before = [...activity.feeds.get(mine.key).items];
    const added = [double.addEvent(), double.addEvent()];
    await activity.newActivity.check();
    assert.equal(activity.unreadCount(), 2, 'counted before they are shown');
    const resets: Array<string | undefined> = [];
    activity.feeds.onDidChange((changed) => resets.push(changed));
    activity.newActivity.show();
    const state = activity.feeds.get(mine.key);
    assert.deepEqual(state.items.map((event) => event.id), [...added.map((event) => event.id).reverse(), ...before.map((event) => event.id)]);
    assert.equal(state.pagesRead, 1, 'the list was not read again');
    assert.deepEqual(resets, [mine.key]);
    assert.equal(activity.unreadCount(), 2, 'shown, and unread');
    await activity.markAllSeen();
    assert.equal(activity.unreadCount(), 0);
  });

  it('reads My Activity again when more new events came than one check reads', async () => {
    const activity = service(() => [alex()]);
    activity.sessionChanged();
    const mine = activity.sources(key()).mine;
    await activity.feeds.load(mine);
    for (let i = 0; i <= CHECK_PAGE; i++) double.addEvent();
    await activity.newActivity.check();
    activity.newActivity.show();
    assert.equal(activity.feeds.get(mine.key).started, false, 'read again from its first page');
    await activity.feeds.load(mine);
    assert.equal(activity.feeds.get(mine.key).items[0].id, Math.max(...double.data.events.map((event) => event.id)));
  });

  it('new events without ids (a server of the interface alone) are shown by reading My Activity again', async () => {
    const plain = await GitLabDouble.start({ specOnly: true, events: 30, now: () => NOW });
    const client = makeClient(plain.url);
    try {
      const instance = normalizeInstanceUrl(plain.url);
      const account: ActivityAccount = { key: instance, instanceUrl: plain.url, api: client.client, accountKey: await tokenAccountKey(instance, 'glpat-test-token') };
      const activity = service(() => [account], memento(), ActivityFilter.EMPTY, plain);
      activity.sessionChanged();
      const mine = activity.sources(instance).mine;
      await activity.feeds.load(mine);
      await new Promise((resolve) => setImmediate(resolve)); // the first look marks what it shows as seen
      plain.addEvent({ action: 'created', targetType: 'Issue', targetTitle: 'A new event without an id' });
      await activity.newActivity.check();
      assert.equal(activity.unreadCount(), 1, 'told new by its time');
      activity.newActivity.show();
      assert.equal(activity.feeds.get(mine.key).started, false, 'read again from its first page');
      await activity.feeds.load(mine);
      assert.equal(activity.feeds.get(mine.key).items[0].target_title, 'A new event without an id');
    } finally {
      await client.close();
      await plain.close();
    }
  });
});
