import assert from 'node:assert/strict';
import { GitLabDouble, type DoubleOptions } from '../../../double';
import type { LoggedRequest } from '../../../double/types';
import { GitLabClient, SubscriptionClient } from '../../../../src/gitlab';
import { MAX_CLOSED_REQUESTS, readClosedSubscriptions } from '../../../../src/app/subscriptions/closedSubscriptions';
import { SubscriptionFilter } from '../../../../src/app/subscriptions/subscriptionFilter';
import { isClosed } from '../../../../src/app/subscriptions/subscriptionItems';
import { SubscriptionService, type SubscriptionAccount } from '../../../../src/app/subscriptions/subscriptionService';
import { makeClient, TOKEN, type TestClient } from '../../gitlab/helpers';

const NOW = new Date('2024-06-15T12:00:00.000Z');
const INSTANCE = 'https://gitlab.example.com';
/** User 1's listings in the double: issues; merge requests closed and merged of `acme` and its two loose projects; epics of `acme`. */
const LISTINGS = 8;

/** The GraphQL requests of the listings All Closed reads (not the schema question, the probe or the changes). */
const isListing = (r: LoggedRequest) => r.path === '/api/graphql' && /query subscribed/.test(r.body ?? '');
const variablesOf = (r: LoggedRequest) => (JSON.parse(r.body ?? '{}') as { variables: Record<string, unknown> }).variables;

/** Unsubscribe from All Closed against servers that never end a listing, that ignore the state filter, and at sign-out. */
describe('Unsubscribe from All Closed: bounded, each thing\'s own state, stopped at sign-out', function () {
  this.timeout(30_000);
  let double: GitLabDouble;
  let made: TestClient;
  let accounts: SubscriptionAccount[];

  async function serviceOn(options: DoubleOptions = {}) {
    double = await GitLabDouble.start({ now: () => NOW, tokens: [{ token: TOKEN, scopes: ['api'], userId: 1 }], ...options });
    made = makeClient(double.url);
    accounts = [{ key: INSTANCE, instanceUrl: INSTANCE, subscriptions: new SubscriptionClient(made.transport), api: new GitLabClient(made.transport) }];
    return new SubscriptionService({ accounts: () => accounts, pageSize: () => 100, log: { error: () => undefined }, filter: SubscriptionFilter.EMPTY });
  }
  afterEach(async () => {
    await made.close();
    await double.close();
  });

  it('against empty pages that always name a next cursor: one request per listing, and more may remain', async () => {
    const service = await serviceOn();
    double.inject({ fault: { kind: 'endlessCursor', items: 'none' }, path: '/api/graphql', times: Infinity });
    // Unbounded, the read goes on until this cancels it (thousands of requests), and the test fails.
    const found = await service.findClosed(AbortSignal.timeout(5_000));
    const listings = double.requests.filter(isListing).length;
    assert.equal(listings, LISTINGS, `${listings} listing requests`);
    // Beside the listings: the schema question, the filter's probe, whether epics are read instance-wide, groups, projects.
    assert.ok(double.requests.length <= LISTINGS + 5, `${double.requests.length} requests in all`);
    assert.equal(found.count, 0);
    assert.equal(found.accounts[0].cut, true, 'a listing named a next page that was not read');
  });

  it('against pages that never end (page 1 again, new ids and cursors): at most its bound of requests, and more may remain', async () => {
    const service = await serviceOn();
    double.inject({ fault: { kind: 'endlessCursor', items: 'again' }, path: '/api/graphql', times: Infinity });
    const found = await service.findClosed(AbortSignal.timeout(20_000));
    const listings = double.requests.filter(isListing).length;
    assert.ok(listings <= MAX_CLOSED_REQUESTS, `${listings} listing requests`);
    assert.ok(listings >= MAX_CLOSED_REQUESTS / 2, `${listings}: stopped by the requests, not before`);
    assert.equal(found.accounts[0].cut, true);
    assert.ok(found.count > 0);
  });

  it('a byte budget across the listings: past it, no request starts and more may remain', async () => {
    await serviceOn();
    double.inject({ fault: { kind: 'endlessCursor', items: 'again' }, path: '/api/graphql', times: Infinity });
    const reading = new SubscriptionService({ accounts: () => accounts, pageSize: () => 100, log: { error: () => undefined }, filter: SubscriptionFilter.EMPTY })
      .reading(INSTANCE)!;
    const closed = await readClosedSubscriptions(reading, { maxBytes: 50_000, signal: AbortSignal.timeout(20_000) });
    const listings = double.requests.filter(isListing).length;
    // Pages of page 1 again come to a few kB each: 50 kB is read in far fewer requests than the bound of requests.
    assert.ok(listings < MAX_CLOSED_REQUESTS / 4, `${listings} listing requests for 50 kB`);
    assert.equal(closed.cut, true);
  });

  it('a read stopped at its bound of requests: the next starts in the listing it did not finish', async () => {
    const service = await serviceOn();
    const reading = service.reading(INSTANCE)!;
    const first = await readClosedSubscriptions(reading, { maxRequests: 2 });
    assert.equal(first.cut, true);
    assert.equal(first.resumeAt, 2, 'issues and acme\'s closed merge requests were read');
    const asked = double.requests.filter(isListing).map(variablesOf);
    assert.deepEqual(asked.map((v) => v.state), ['closed', 'closed']);
    double.clearLog();
    const second = await readClosedSubscriptions(reading, { maxRequests: 100, start: first.resumeAt });
    assert.equal(second.cut, false);
    const next = double.requests.filter(isListing).map(variablesOf);
    assert.deepEqual({ path: next[0].path, state: next[0].state }, { path: 'acme', state: 'merged' }, 'the listing after those read');
    assert.equal(next.length, LISTINGS, 'every listing once, the two read before after the others');
  });

  it('a server that ignores the state filter: only things closed or merged by their own state are found and unsubscribed', async () => {
    const service = await serviceOn();
    const honest = await service.findClosed();
    double.inject({ fault: { kind: 'graphqlVariables', variables: { state: null } }, path: '/api/graphql', times: Infinity });
    const found = await service.findClosed();
    const things = found.accounts.flatMap((account) => account.things);
    assert.ok(things.every(isClosed), `open: ${things.filter((thing) => !isClosed(thing)).map((thing) => thing.reference).join(', ')}`);
    assert.equal(found.count, honest.count);
    const open = double.data.issuables.filter((i) => i.state === 'opened').map((i) => i.id);
    const subscribedOpen = () => double.data.subscriptions.filter((s) => s.userId === 1 && s.subscribed && open.includes(s.subscribableId)).length;
    const before = subscribedOpen();
    await service.unsubscribeClosed(found);
    assert.equal(subscribedOpen(), before, 'no open thing unsubscribed');
  });

  it('signed out while reading: the read stops, that account is left out, and nothing changes', async () => {
    const service = await serviceOn();
    double.inject({ fault: { kind: 'latency', ms: 200 }, path: '/api/graphql', times: Infinity });
    const reading = service.findClosed();
    await double.waitForArrival(isListing);
    accounts = [];
    service.sessionChanged();
    const arrived = double.requests.length + double.inFlight;
    const found = await reading;
    assert.deepEqual(found.signedOut, [INSTANCE]);
    assert.deepEqual(found.accounts, []);
    assert.equal(found.count, 0);
    assert.ok(double.requests.length <= arrived, `${double.requests.length - arrived} requests after the sign-out`);
    double.clearLog();
    const outcome = await service.unsubscribeClosed(found);
    assert.equal(outcome.count, 0);
    assert.deepEqual(double.requests, [], 'nothing sent');
  });
});
