import assert from 'node:assert/strict';
import { formatMessage as t } from '../../../../src/app/localize';
import { resolveLevelInForce, type LevelInForce } from '../../../../src/app/settings/shared/levelChain';
import { whyNotifiedAbout, type WhyFacts } from '../../../../src/app/subscriptions/whyNotified';
import type { Thing } from '../../../../src/app/subscriptions/thing';
import type { ThingSubscription } from '../../../../src/gitlab/thingSubscription';

const thing: Thing = { instance: 'https://gitlab.example.com', kind: 'issue', projectPath: 'acme/website', iid: '12', reference: '#12', title: 'Crash on save' };
const answer = (over: Partial<ThingSubscription>): WhyFacts['answer'] => ({
  ok: true,
  value: {
    id: 'gid://gitlab/Issue/501', iid: '12', title: 'Crash on save', reference: 'acme/website#12', containerPath: 'acme/website',
    subscribed: false, explicit: 'none', roles: [], ...over,
  },
});
/** Project at Global, its group at `group`, global at `global`. */
const level = (group: string, global = 'participating'): WhyFacts['level'] => ({
  ok: true,
  value: resolveLevelInForce({ kind: 'project', name: 'acme/website', level: 'global' }, [{ kind: 'group', name: 'acme', level: group }], { kind: 'global', name: '', level: global }),
});
const why = (facts: Partial<WhyFacts>) => whyNotifiedAbout({ thing, answer: answer({}), level: level('global'), ...facts }, t);

describe('why am I notified about this thing', () => {
  it('explicitly subscribed: said so, mail whatever the level, Unsubscribe; no "since when" GitLab does not give', () => {
    const view = why({ answer: answer({ subscribed: true, explicit: 'subscribed' }), level: level('disabled') });
    assert.equal(view.message, 'You are subscribed to acme/website#12 "Crash on save".');
    assert.match(view.detail, /whatever your notification level, even Disabled/);
    assert.doesNotMatch(view.detail, /since/i);
    assert.equal(view.action, 'unsubscribe');
  });

  it('explicitly subscribed and taking part: both said', () => {
    const view = why({ answer: answer({ subscribed: true, explicit: 'subscribed', roles: ['author', 'assignee'] }) });
    assert.match(view.detail, /You also take part in it: you opened it, it is assigned to you\./);
  });

  it('a participant by role: author, assignee, reviewer; mailed at Participate, so Unsubscribe', () => {
    for (const [role, words] of [['author', 'you opened it'], ['assignee', 'it is assigned to you'], ['reviewer', 'your review was requested']] as const) {
      const view = why({ answer: answer({ subscribed: true, roles: [role] }) });
      assert.equal(view.message, 'You take part in acme/website#12 "Crash on save".');
      assert.match(view.detail, new RegExp(`You take part in it: ${words}\\.`));
      assert.equal(view.action, 'unsubscribe');
    }
  });

  it('a participant without a known role: commented or mentioned, and GitLab does not say which', () => {
    const view = why({ answer: answer({ subscribed: true }) });
    assert.match(view.detail, /you commented on it or were mentioned in it \(GitLab does not say which\)/);
  });

  it('a participant at On mention or Disabled is not mailed for taking part: the level is the action', () => {
    assert.equal(why({ answer: answer({ subscribed: true, roles: ['author'] }), level: level('mention') }).action, 'level');
    assert.equal(why({ answer: answer({ subscribed: true }), level: level('global', 'disabled') }).action, 'level');
    assert.equal(why({ answer: answer({ subscribed: true }), level: level('custom') }).action, 'unsubscribe');
  });

  it('neither subscribed nor taking part: the level in force and its chain decide', () => {
    const view = why({ level: level('watch') });
    assert.equal(view.message, 'You are not subscribed to acme/website#12 "Crash on save".');
    assert.match(view.detail, /Notification level in force for acme\/website: Watch \(acme\)\. Receive notifications for any activity\./);
    assert.match(view.detail, /Why Watch: acme sets it; the project follows its group\./);
    assert.equal(view.action, 'level');
  });

  it('the global level deciding is said as global', () => {
    const view = why({ level: level('global', 'mention') });
    assert.match(view.detail, /On mention \(global\)/);
    assert.match(view.detail, /your global settings set it/);
  });

  it('explicitly unsubscribed: only mentions reach them, roles no longer mail; the level is the action', () => {
    const view = why({ answer: answer({ explicit: 'unsubscribed', roles: ['reviewer'] }) });
    assert.equal(view.message, 'You unsubscribed from acme/website#12 "Crash on save".');
    assert.match(view.detail, /only when you are mentioned/);
    assert.match(view.detail, /that no longer e-mails you/);
    assert.equal(view.action, 'level');
  });

  it('a GitLab that cannot tell explicit from taking part: said, never guessed', () => {
    const noFilter = why({ answer: answer({ subscribed: true, explicit: 'unknown', unknownBecause: 'noFilter' }) });
    assert.equal(noFilter.message, 'GitLab counts you as subscribed to acme/website#12 "Crash on save".');
    assert.match(noFilter.detail, /which is not known/);
    assert.match(noFilter.detail, /needs GitLab 17\.5 or later/);
    assert.equal(noFilter.action, 'unsubscribe');
    const ignored = why({ answer: answer({ subscribed: false, explicit: 'unknown', unknownBecause: 'filterIgnored' }) });
    assert.match(ignored.message, /does not count you as subscribed/);
    assert.match(ignored.detail, /filter_subscriptions/);
    assert.equal(ignored.action, 'level');
    const roles = why({ answer: answer({ subscribed: true, explicit: 'unknown', roles: ['author'] }) });
    assert.match(roles.detail, /you opened it; whether you also subscribed is not known/);
  });

  it('GitLab did not answer, or the level was not read: each said with its reason; no action that cannot be taken', () => {
    const noAnswer = why({ answer: { ok: false, error: 'GitLab did not find it.' } });
    assert.equal(noAnswer.message, 'GitLab did not say whether you are subscribed to acme/website#12 "Crash on save".');
    assert.match(noAnswer.detail, /GitLab did not answer: GitLab did not find it\./);
    assert.equal(noAnswer.action, 'level');
    const noLevel = why({ level: { ok: false, error: 'not the active account' } });
    assert.match(noLevel.detail, /The notification level in force for acme\/website was not read: not the active account/);
    assert.equal(noLevel.action, undefined);
    const both = why({ answer: { ok: false, error: 'x' }, level: { ok: false, error: 'y' } });
    assert.equal(both.action, undefined);
  });

  it('labels are not checked, and says so', () => {
    assert.match(why({}).detail, /Not checked: subscriptions to its labels/);
  });

  it('a hostile title is one plain line, cut', () => {
    const view = why({ answer: answer({ title: `a\u202Eb\nc ${'x'.repeat(200)}` }) });
    assert.ok(!/[\u202E\n]/.test(view.message));
    assert.ok(view.message.length < 140);
  });

  it('the level chain is the one the status bar resolves (reused, not copied)', () => {
    const chain: LevelInForce = (level('watch') as { value: LevelInForce }).value;
    assert.equal(chain.decidedBy, 1);
  });
});
