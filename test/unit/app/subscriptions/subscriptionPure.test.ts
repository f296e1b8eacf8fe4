import assert from 'node:assert/strict';
import { formatMessage } from '../../../../src/app/localize';
import { SubscriptionFilter, validPlace } from '../../../../src/app/subscriptions/subscriptionFilter';
import {
  isClosed, kindName, subscriptionKey, subscriptionPage, subscriptionTarget, type LabelSubscription, type SubscriptionItem,
} from '../../../../src/app/subscriptions/subscriptionItems';
import { readSubscriptionPlaces, MAX_PLACE_PAGES } from '../../../../src/app/subscriptions/subscriptionPlaces';
import { subscriptionActionFailure, thingCount } from '../../../../src/app/subscriptions/subscriptionWords';
import { GitLabError } from '../../../../src/gitlab';
import type { SubscribedThing } from '../../../../src/gitlab/subscriptionTypes';
import type { Group, Project } from '../../../../src/gitlab/types';

const thing = (over: Partial<SubscribedThing> = {}): SubscribedThing => ({
  kind: 'issue', id: 'gid://gitlab/Issue/5', iid: '12', title: 'Crash', state: 'opened', webUrl: 'https://g.test/acme/web/-/issues/12',
  reference: 'acme/web#12', containerPath: 'acme/web', containerKind: 'project', updatedAt: '2024-06-01T00:00:00Z', subscribed: true, ...over,
});
const label = (over: Partial<LabelSubscription> = {}): LabelSubscription => ({
  kind: 'label', id: 311, name: 'bug', description: '', color: '#f00', subscribed: true, isProjectLabel: false,
  containerPath: 'acme', containerKind: 'group', containerId: 1, ...over,
});

describe('the Subscriptions list, pure parts', () => {
  describe('SubscriptionFilter', () => {
    it('reads every kind and state by default; a state leaves labels out; a kind reads that kind alone', () => {
      assert.deepEqual(SubscriptionFilter.EMPTY.kinds, ['issue', 'mergeRequest', 'epic', 'label']);
      assert.equal(SubscriptionFilter.EMPTY.narrowed, false);
      assert.equal(SubscriptionFilter.EMPTY.keep, undefined);
      assert.deepEqual(new SubscriptionFilter({ state: 'closed' }).kinds, ['issue', 'mergeRequest', 'epic']);
      // Labels chosen under a state: their list, which the state empties (no other kind shown instead).
      assert.deepEqual(new SubscriptionFilter({ kind: 'label', state: 'open' }).kinds, ['label']);
      assert.ok(!new SubscriptionFilter({ kind: 'label', state: 'open' }).keep!(label()));
      assert.deepEqual(new SubscriptionFilter({ kind: 'epic' }).kinds, ['epic']);
    });

    it('keeps closed and merged things under Closed, the rest under Open, and what is inside a place', () => {
      const closed = new SubscriptionFilter({ state: 'closed' }).keep!;
      assert.ok(closed(thing({ state: 'closed' })) && closed(thing({ kind: 'mergeRequest', state: 'merged' })));
      assert.ok(!closed(thing()) && !closed(thing({ state: 'locked' })));
      const open = new SubscriptionFilter({ state: 'open' }).keep!;
      assert.ok(open(thing()) && open(thing({ state: 'locked' })) && !open(thing({ state: 'merged' })));
      const inAcme = new SubscriptionFilter({ place: 'Acme' }).keep!;
      assert.ok(inAcme(thing()) && inAcme(label()) && !inAcme(thing({ containerPath: 'acme-other/web' })));
      assert.ok(!inAcme(thing({ containerPath: 'community/acme' })));
    });

    it('says itself in the description, and stores only what is valid (stored state is untrusted)', () => {
      const filter = new SubscriptionFilter({ kind: 'mergeRequest', state: 'closed', place: 'acme/web' });
      assert.equal(filter.describe(formatMessage), 'Closed or merged · Merge requests · acme/web');
      assert.equal(filter.message(formatMessage), 'Filtered: Closed or merged · Merge requests · acme/web');
      assert.equal(SubscriptionFilter.EMPTY.message(formatMessage), '');
      assert.ok(SubscriptionFilter.deserialize(filter.serialize()).equals(filter));
      const hostile = SubscriptionFilter.deserialize({ kind: 'wiki', state: 'gone', place: '[x](command:evil)' });
      assert.ok(hostile.equals(SubscriptionFilter.EMPTY));
      assert.ok(SubscriptionFilter.deserialize('acme').equals(SubscriptionFilter.EMPTY));
      assert.ok(SubscriptionFilter.deserialize({ place: 'a/'.repeat(300) }).equals(SubscriptionFilter.EMPTY));
      assert.ok(!validPlace('../etc') && !validPlace('a//b') && validPlace('group/sub.group/pro-ject_1'));
    });

    it('changes one part at a time; null clears it', () => {
      const filter = new SubscriptionFilter({ kind: 'issue', place: 'acme' });
      assert.ok(filter.with({ state: 'closed' }).equals(new SubscriptionFilter({ kind: 'issue', state: 'closed', place: 'acme' })));
      assert.ok(filter.with({ kind: null, place: null }).equals(SubscriptionFilter.EMPTY));
    });
  });

  describe('items', () => {
    it('are keyed by kind and id, so an issue and a label with the same number stay apart', () => {
      assert.notEqual(subscriptionKey(label({ id: 5 })), subscriptionKey(thing({ id: '5' })));
    });

    it('name their kind, GitLab\'s own type for other issue types, an unknown type by its name', () => {
      assert.equal(kindName(thing()), 'Issue');
      assert.equal(kindName(thing({ type: 'INCIDENT' })), 'Incident');
      assert.equal(kindName(thing({ type: 'TEST_CASE' })), 'Test case');
      assert.equal(kindName(thing({ type: 'SOMETHING_NEW' })), 'Something new');
      assert.equal(kindName(thing({ kind: 'mergeRequest' })), 'Merge request');
      assert.equal(kindName(thing({ kind: 'epic', type: 'Epic' })), 'Epic');
      assert.equal(kindName(thing({ kind: 'epic', type: 'Objective' })), 'Objective');
      assert.equal(kindName(label()), 'Label');
    });

    it('are closed when closed or merged; labels never', () => {
      assert.ok(isClosed(thing({ state: 'closed' })) && isClosed(thing({ kind: 'mergeRequest', state: 'merged' })));
      assert.ok(!isClosed(thing()) && !isClosed(label()));
    });

    it('are addressed as GitLab changes them', () => {
      assert.deepEqual(subscriptionTarget(thing()), { kind: 'issue', projectPath: 'acme/web', iid: '12' });
      assert.deepEqual(subscriptionTarget(thing({ kind: 'mergeRequest', iid: '3' })), { kind: 'mergeRequest', projectPath: 'acme/web', iid: '3' });
      assert.deepEqual(subscriptionTarget(thing({ kind: 'epic', id: 'gid://gitlab/WorkItem/9' })), { kind: 'epic', id: 'gid://gitlab/WorkItem/9' });
      assert.deepEqual(subscriptionTarget(label()), { kind: 'label', labelId: 311, groupId: 1 });
      const inProject: SubscriptionItem = label({ containerKind: 'project', containerId: 7, containerPath: 'acme/web' });
      assert.deepEqual(subscriptionTarget(inProject), { kind: 'label', labelId: 311, projectId: 7 });
    });

    it('open a page of their instance only, as the server reads its path (`subscriptionPage`, before `openOnInstance` checks again)', () => {
      const base = 'https://g.test/gitlab';
      assert.equal(subscriptionPage(thing({ webUrl: `${base}/acme/web/-/issues/12` }), `${base}/`), `${base}/acme/web/-/issues/12`);
      assert.equal(subscriptionPage(label(), base), `${base}/groups/acme/-/labels`);
      assert.equal(subscriptionPage(label({ containerKind: 'project', containerPath: 'acme/web' }), base), `${base}/acme/web/-/labels`);
      const elsewhere = [`${base}/..%2Fother`, `${base}/acme/..%2F..%2F..%2Fother`, `${base}/../x`, 'http://evil.test/gitlab/acme', 'https://u:p@g.test/gitlab/acme', 'javascript:alert(1)'];
      for (const webUrl of elsewhere) assert.equal(subscriptionPage(thing({ webUrl }), base), undefined, webUrl);
      assert.equal(subscriptionPage(label({ containerPath: '..%2F..%2Fother' }), base), undefined, 'a label page built from a server path');
    });
  });

  describe('where things are looked for', () => {
    const group = (id: number, full_path: string): Group => ({ id, name: full_path, full_path, web_url: '' });
    const project = (id: number, path_with_namespace: string): Project => ({ id, name: path_with_namespace, path_with_namespace, web_url: '' });

    it('reads the fewest groups holding the others, and the projects outside them', async () => {
      const places = await readSubscriptionPlaces({
        listMemberGroups: async () => ({ items: [group(2, 'acme/platform'), group(1, 'acme'), group(3, 'design'), group(4, 'acme-labs')], page: 1 }),
        listMyProjects: async () => ({ items: [project(1, 'acme/web'), project(5, 'alex/dotfiles'), project(6, 'design/mockups')], page: 1 }),
      });
      assert.deepEqual(places.topGroups, ['acme', 'design', 'acme-labs']);
      assert.deepEqual(places.looseProjects, ['alex/dotfiles']);
      assert.equal(places.groups.length, 4);
      assert.equal(places.cut, false);
    });

    it('reads at most a bound of pages of each, and says it stopped', async () => {
      let groupPages = 0;
      const places = await readSubscriptionPlaces({
        listMemberGroups: async (page) => {
          groupPages += 1;
          const n = page.page ?? 1;
          return { items: [group(n, `g${n}`)], page: n, nextPage: n + 1 };
        },
        listMyProjects: async () => ({ items: [], page: 1 }),
      });
      assert.equal(groupPages, MAX_PLACE_PAGES);
      assert.equal(places.cut, true);
    });
  });

  describe('failure words', () => {
    it('name the api scope where GitLab refused for want of it, and GitLab\'s reason otherwise', () => {
      const forbidden = new GitLabError('forbidden', 'x', { missingScope: 'api', status: 403 });
      assert.match(subscriptionActionFailure(false, forbidden, formatMessage), /^Could not unsubscribe\. The token lacks the `api` scope/);
      const hidden = new GitLabError('notFound', 'x', { missingScope: 'api' });
      assert.match(subscriptionActionFailure(true, hidden, formatMessage), /^Could not subscribe again\. GitLab did not find it, or the token lacks the `api` scope/);
      const other = new GitLabError('network', 'GitLab could not be reached.');
      assert.equal(subscriptionActionFailure(false, other, formatMessage), 'Could not unsubscribe. GitLab could not be reached.');
      assert.equal(thingCount(1, formatMessage), '1 thing');
      assert.equal(thingCount(3, formatMessage), '3 things');
    });
  });
});
