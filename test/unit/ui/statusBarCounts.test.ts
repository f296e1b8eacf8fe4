import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { until } from '../until';
import { FilterIgnoredError, GitLabError, type Scope, type SubscriptionCounts } from '../../../src/gitlab';
import type { LevelInForce } from '../../../src/app/settings/shared/levelChain';
import type { NotificationSettingsService } from '../../../src/app/settings/notificationSettingsService';
import { SubscriptionCountCache } from '../../../src/app/subscriptions/subscriptionCounts';
import { NotificationStatusBar } from '../../../src/ui/statusBar/notificationStatusBar';

const PROJECT: Scope = { kind: 'project', id: 'acme/web' };
const AT_WATCH: LevelInForce = { level: 'watch', chain: [{ kind: 'project', name: 'acme/web', level: 'watch' }], decidedBy: 0 };

/** The status bar on `scope`, its account counting through `count`. */
function statusBar(scope: Scope, count: (scope: Scope) => Promise<SubscriptionCounts>) {
  const counts = new SubscriptionCountCache({ countSubscriptions: count });
  const account = { signedIn: true, instanceUrl: 'https://gitlab.example.com', onDidChange: () => ({ dispose() {} }), subscriptionCounts: counts };
  const levels = {
    onDidChange: () => ({ dispose() {} }), refresh: () => undefined, levelInForce: async () => AT_WATCH,
  } as unknown as NotificationSettingsService;
  const bar = new NotificationStatusBar(account, { resolve: async () => ({ scope, name: 'acme/web' }) }, levels, { report: () => undefined });
  return { bar, counts, item: () => fake.statusBarItems[0] };
}

describe('the status bar tells the explicit subscriptions of its scope', () => {
  beforeEach(() => fake.reset());

  it('a project: its counts under the level, in the tooltip and the screen reader\'s label; the text stays the level', async () => {
    const { bar, item } = statusBar(PROJECT, async () => ({ counts: { issue: 3, mergeRequest: 1, label: 0 }, notCounted: [] }));
    await bar.refresh();
    const line = 'You are also subscribed to 3 issues and 1 merge request in this project: they e-mail you whatever the level.';
    await until('the count', () => String(item().tooltip).includes(line));
    assert.equal(item().text, '$(bell) Watch');
    assert.match(JSON.stringify(item().accessibilityInformation), /3 issues and 1 merge request/);
    bar.dispose();
  });

  it('reads again when a subscription changes (invalidate)', async () => {
    let issues = 2;
    const { bar, counts, item } = statusBar(PROJECT, async () => ({ counts: { issue: issues }, notCounted: [] }));
    await bar.refresh();
    await until('2 issues', () => String(item().tooltip).includes('2 issues'));
    issues = 1;
    counts.invalidate();
    await until('1 issue', () => String(item().tooltip).includes('subscribed to 1 issue in'));
    bar.dispose();
  });

  it('global: the issues, and what GitLab does not count there', async () => {
    const { bar, item } = statusBar({ kind: 'global' }, async () => ({ counts: { issue: 12 }, notCounted: ['mergeRequest', 'epic', 'label'] }));
    await bar.refresh();
    await until('the count', () => String(item().tooltip).includes('You are also subscribed to 12 issues: they e-mail you whatever the level.'));
    assert.match(String(item().tooltip), /Merge requests, epics and labels you subscribed to are not counted here/);
    bar.dispose();
  });

  it('where GitLab cannot tell, a calm note and no number; a passing failure says nothing', async () => {
    const ignored = statusBar(PROJECT, async () => { throw new FilterIgnoredError('17.5.5'); });
    await ignored.bar.refresh();
    await until('the note', () => String(ignored.item().tooltip).includes('Explicit subscriptions are not counted'));
    assert.doesNotMatch(String(ignored.item().tooltip), /\d+ issue/);
    ignored.bar.dispose();
    fake.reset();
    let asked = false;
    const down = statusBar(PROJECT, async () => { asked = true; throw new GitLabError('network', 'down'); });
    await down.bar.refresh();
    await until('the count asked for', () => asked);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(down.item().tooltip, 'GitLab notifications for acme/web: Watch. Click to change.');
    down.bar.dispose();
  });
});
