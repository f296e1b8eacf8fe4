import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../double';
import { SubscriptionClient, type SubscribedThing, type SubscriptionPage } from '../../../src/gitlab';
import { makeClient, TOKEN, type TestClient } from './helpers';

/** Every item of a cursor listing, page after page. */
async function readAll(read: (after?: string) => Promise<SubscriptionPage<SubscribedThing>>): Promise<{ items: SubscribedThing[] }> {
  const items: SubscribedThing[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await read(after);
    items.push(...page.items);
    after = page.endCursor;
    if (after === undefined) break;
  }
  return { items };
}

/** Epics instance-wide (`currentUser.workItems`), against the GitLab double of each version. */
describe('SubscriptionClient: epics everywhere', function () {
  let double: GitLabDouble;
  const clients: TestClient[] = [];
  const start = (options: DoubleOptions = {}) => GitLabDouble.start({ tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }], ...options });
  const clientOf = (server: GitLabDouble): SubscriptionClient => {
    const made = makeClient(server.url);
    clients.push(made);
    return new SubscriptionClient(made.transport);
  };
  beforeEach(async () => { double = await start(); });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await double.close();
  });

  it('epics instance-wide only where currentUser.workItems answers them: its schema (17.10+) is not enough', async () => {
    const current = clientOf(double);
    assert.equal((await current.getSubscriptionFeatures()).listUserWorkItems, true);
    assert.equal(await current.epicsEverywhere(), false, '18.x answers project-level items only');
    const newer = await start({ graphql: '19.3' });
    const older = await start({ graphql: '17.5' });
    try {
      const subs = clientOf(newer);
      assert.equal(await subs.epicsEverywhere(), true);
      const probes = newer.requests.filter((r) => r.path === '/api/graphql').length;
      assert.equal(await subs.epicsEverywhere(), true);
      assert.equal(newer.requests.filter((r) => r.path === '/api/graphql').length, probes, 'asked once per client');
      const { items } = await readAll((after) => subs.listSubscribedEpicsEverywhere({ first: 3, after }));
      assert.ok(items.some((item) => item.containerPath === 'community'), 'an epic of a group user 1 is no member of');
      assert.ok(items.every((item) => item.kind === 'epic' && item.subscribed && item.containerKind === 'group'));
      assert.equal(await clientOf(older).epicsEverywhere(), false, 'no field before 17.10: not asked');
      assert.equal(older.requests.filter((r) => /epicsEverywhereProbe/.test(r.body ?? '')).length, 0);
    } finally {
      await newer.close();
      await older.close();
    }
  });
});
