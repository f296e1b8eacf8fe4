import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  decideMail, MAIL_RULES, whyItMatters, type CatchUpKind, type MailAction, type MailInput, type Relation,
} from '../../../../src/app/catchUp/mailRules';
import { resolveLevelInForce, type LevelInForce } from '../../../../src/app/settings/shared/levelChain';
import type { NotificationEvents } from '../../../../src/gitlab/types';

// Cases from shared/notes/gitlab-catch-up.md ("note"), §2.1–2.4, and GitLab's spec it cites
// (spec/services/notification_service_spec.rb, "SPEC"); the filter order is NotificationRecipient#notifiable?.

const ME = 1;
const OTHER = 2;

/** The level in force for project acme/web: its own level, then group acme, then global. */
function level(project: string, group = 'global', global = 'participating'): LevelInForce {
  return resolveLevelInForce(
    { kind: 'project', name: 'acme/web', level: project },
    [{ kind: 'group', name: 'acme', level: group }],
    { kind: 'global', name: '', level: global },
  );
}

interface Row {
  cite: string;
  kind?: CatchUpKind;
  action: MailAction;
  relation?: Relation;
  level: LevelInForce;
  actor?: number;
  extra?: Partial<MailInput>;
  mails: boolean;
  header?: string;
  reasons?: string[];
  stoppedBy?: string;
}

const rows: Row[] = [
  { cite: '§2.2 participant at Participate: a comment mails, no reason header', action: 'commented', relation: { participant: true }, level: level('participating'), mails: true, header: '', reasons: ['participating'] },
  { cite: '§2.2 participant at Mention: a comment does not mail', action: 'commented', relation: { participant: true }, level: level('mention'), mails: false, stoppedBy: 'level' },
  { cite: '§2.2 mentioned at Mention: mails, reason mentioned', action: 'commented', relation: { mentioned: true }, level: level('mention'), mails: true, header: 'mentioned', reasons: ['mentioned'] },
  { cite: '§2.2 Disabled: not even a mention mails', action: 'commented', relation: { mentioned: true, participant: true }, level: level('disabled'), mails: false, stoppedBy: 'level' },
  { cite: '§2.1 step 2: an explicit subscription mails whatever the level, even Disabled', action: 'commented', relation: { explicit: 'subscribed' }, level: level('disabled'), mails: true, header: 'subscribed', reasons: ['subscribed'] },
  { cite: '§2.1 step 2: an explicit unsubscription silences a participant at Watch', action: 'commented', relation: { explicit: 'unsubscribed', author: true }, level: level('watch'), mails: false, stoppedBy: 'unsubscribed' },
  { cite: '§2.2 SPEC @unsubscribed_mentioned: a mention still mails after an unsubscription', action: 'opened', relation: { explicit: 'unsubscribed', mentioned: true }, level: level('participating'), mails: true, header: 'mentioned', reasons: ['mentioned'] },
  { cite: '§2.1 own activity is left out by default', action: 'commented', relation: { author: true }, actor: ME, level: level('watch'), mails: false, stoppedBy: 'ownActivity' },
  { cite: '§2.1 SPEC: with notified_of_own_activity the author gets it, reason own_activity', action: 'commented', relation: { author: true }, actor: ME, extra: { ownActivityMail: true }, level: level('participating'), mails: true, header: 'own_activity', reasons: ['ownActivity', 'participating'] },
  { cite: '§2.2 W, SPEC: push_to_merge_request does not mail a Watch-level participant', kind: 'mergeRequest', action: 'pushed', relation: { reviewer: true }, level: level('watch'), mails: false, stoppedBy: 'level' },
  { cite: '§2.3 push: a participant at Participate is mailed', kind: 'mergeRequest', action: 'pushed', relation: { author: true }, level: level('participating'), mails: true, header: '' },
  { cite: '§2.2 Custom: push_to_merge_request switched on mails a non-participant', kind: 'mergeRequest', action: 'pushed', level: level('custom'), extra: { events: { push_to_merge_request: true } }, mails: true, reasons: ['customEvent'] },
  { cite: '§2.2 Custom: new_note off, not a participant: no mail', action: 'commented', level: level('custom'), extra: { events: { new_note: false } }, mails: false, stoppedBy: 'level' },
  { cite: '§2.2 Custom: a participant is mailed whatever the switch', action: 'commented', relation: { participant: true }, level: level('custom'), extra: { events: { new_note: false } }, mails: true, reasons: ['participating'] },
  { cite: '§2.1 SPEC "overrides child objects": Watch on the parent group mails for its project', action: 'commented', level: level('global', 'watch'), mails: true, header: '', reasons: ['watching'] },
  { cite: '§2.1 a non-member with global Watch and no setting row is not a watcher', action: 'commented', level: level('global', 'global', 'watch'), extra: { hasSettingRow: false }, mails: false, stoppedBy: 'notConcerned' },
  { cite: '§2.3 SPEC new issue: an assignee at Mention level is not mailed', action: 'opened', relation: { assignee: true }, level: level('mention'), mails: false, stoppedBy: 'level' },
  { cite: '§2.3 new issue: an assignee at Participate, reason assigned', action: 'opened', relation: { assignee: true }, level: level('participating'), mails: true, header: 'assigned', reasons: ['assigned', 'participating'] },
  { cite: '§2.3 SPEC reassign: the new assignee is mailed even at Mention level', action: 'reassigned', relation: { assignee: true }, level: level('mention'), mails: true, header: 'assigned', reasons: ['assigned'] },
  { cite: '§2.3 SPEC reassign: the previous assignee is mailed even at Mention level', action: 'reassigned', relation: { previousAssignee: true }, level: level('mention'), mails: true, header: '', reasons: ['previously'] },
  { cite: '§2.3 reviewers changed: every current reviewer, reason review_requested', kind: 'mergeRequest', action: 'reviewersChanged', relation: { reviewer: true }, level: level('participating'), mails: true, header: 'review_requested' },
  { cite: '§2.3 review re-requested: only that reviewer, not a watcher', kind: 'mergeRequest', action: 'reviewReRequested', level: level('watch'), mails: false, stoppedBy: 'notConcerned' },
  { cite: '§2.3 approve: a watcher is mailed, the mail carries no reason', kind: 'mergeRequest', action: 'approved', level: level('watch'), mails: true, header: '', reasons: ['watching'] },
  { cite: '§2.3 approve: Custom users only as participants (the key is no switch)', kind: 'mergeRequest', action: 'approved', level: level('custom'), extra: { events: { approve_merge_request: true } }, mails: false, stoppedBy: 'notConcerned' },
  { cite: '§2.3 SPEC milestone changed: a Mention-level participant is not mailed', action: 'milestoneChanged', relation: { author: true }, level: level('mention'), mails: false, stoppedBy: 'level' },
  { cite: '§2.3 SPEC labels added: a label subscriber is mailed (a subscription ignores the level)', action: 'relabeled', relation: { labelSubscribed: true }, level: level('disabled'), mails: true, header: '', reasons: ['subscribed'] },
  { cite: '§2.3 SPEC labels added: not participants, not watchers', action: 'relabeled', relation: { author: true }, level: level('watch'), mails: false, stoppedBy: 'notConcerned' },
  { cite: '§2.3 labels added: a label subscriber who unsubscribed from the thing is not mailed', action: 'relabeled', relation: { labelSubscribed: true, explicit: 'unsubscribed' }, level: level('watch'), mails: false, stoppedBy: 'unsubscribed' },
  { cite: '§2.3 SPEC issue due: the author is not left out as the actor', action: 'due', relation: { author: true }, actor: ME, level: level('participating'), mails: true, reasons: ['participating'] },
  { cite: '§2.3 SPEC issue due: watchers are excluded (issue_due ∈ W)', action: 'due', level: level('watch'), mails: false, stoppedBy: 'notConcerned' },
  { cite: '§2.3 merge: the merger is left out', kind: 'mergeRequest', action: 'merged', relation: { author: true }, actor: ME, level: level('watch'), mails: false, stoppedBy: 'ownActivity' },
  { cite: '§2.3 merge: the merger is mailed when it was an auto-merge', kind: 'mergeRequest', action: 'merged', relation: { author: true }, actor: ME, extra: { autoMerge: true }, level: level('watch'), mails: true },
  { cite: '§2.1 step 2: e-mails disabled on the project', action: 'commented', relation: { explicit: 'subscribed' }, extra: { emailsDisabled: true }, level: level('watch'), mails: false, stoppedBy: 'emailsDisabled' },
  { cite: '§2.1 step 2: no read access', action: 'commented', relation: { explicit: 'subscribed' }, extra: { canRead: false }, level: level('watch'), mails: false, stoppedBy: 'noAccess' },
  { cite: '§2.3 SPEC draft toggle: Custom only as participant', kind: 'mergeRequest', action: 'draftChanged', level: level('custom'), extra: { events: { draft_status_change_merge_request: true } }, mails: false, stoppedBy: 'notConcerned' },
  { cite: '§1.1 wiki pages: edits call no notification service, only comments mail', kind: 'wikiPage', action: 'wikiEdited', relation: { explicit: 'subscribed' }, level: level('watch'), mails: false, stoppedBy: 'notMailed' },
  { cite: '§2.3 comments on a wiki page mail its watchers', kind: 'wikiPage', action: 'commented', level: level('watch'), mails: true, reasons: ['watching'] },
  { cite: '§2.3 comments on a commit mail its participants (the commit author)', kind: 'commit', action: 'commented', relation: { author: true }, level: level('participating'), mails: true },
  { cite: '§2.3 EE new epic: group watchers', kind: 'epic', action: 'opened', level: level('watch'), mails: true, reasons: ['watching'] },
  { cite: '§2.1 step 3: one e-mail, the strongest reason (assigned before mentioned before subscribed)', action: 'opened', relation: { assignee: true, mentioned: true, explicit: 'subscribed' }, level: level('participating'), mails: true, header: 'assigned', reasons: ['assigned', 'mentioned', 'subscribed', 'participating'] },
  { cite: '§2.2 an unknown level e-mails no one but subscribers', action: 'commented', relation: { participant: true }, level: level('someday'), mails: false, stoppedBy: 'level' },
  { cite: '§2.3 new mentions in an edited description: only the newly mentioned', action: 'newMentions', relation: { author: true }, level: level('watch'), mails: false, stoppedBy: 'notConcerned' },
];

describe('catch-up: who GitLab e-mails (the rules table)', () => {
  for (const row of rows) {
    it(row.cite, () => {
      const decision = decideMail({
        kind: row.kind ?? 'issue', action: row.action, personId: ME, actorId: row.actor ?? OTHER,
        relation: row.relation ?? {}, level: row.level, ...row.extra,
      });
      assert.equal(decision.mails, row.mails, JSON.stringify(decision));
      if (row.header !== undefined) assert.equal(decision.header, row.header);
      if (row.reasons) assert.deepEqual(decision.reasons.map((why) => why.kind), row.reasons);
      if (row.stoppedBy) assert.equal(decision.stoppedBy, row.stoppedBy);
    });
  }

  it('a watcher is told where the Watch comes from (the link of the chain that decides)', () => {
    const decision = decideMail({ kind: 'issue', action: 'commented', personId: ME, actorId: OTHER, relation: {}, level: level('global', 'watch') });
    assert.deepEqual(decision.reasons, [{ kind: 'watching', where: { kind: 'group', name: 'acme', level: 'watch' } }]);
  });
});

describe('catch-up: why a thing matters', () => {
  const base = { kind: 'mergeRequest', action: 'commented', personId: ME, actorId: OTHER } as const;

  it('"Review requested · Subscribed · Watching acme/web", and GitLab\'s header is subscribed', () => {
    const verdict = whyItMatters({ ...base, relation: { reviewer: true, explicit: 'subscribed' }, level: level('watch') });
    assert.equal(verdict.shown, true);
    assert.deepEqual(verdict.why.map((why) => why.kind), ['reviewRequested', 'subscribed', 'watching']);
    assert.equal(verdict.mail.header, 'subscribed');
  });

  it('a role matters without a mail: a reviewer at Mention level', () => {
    const verdict = whyItMatters({ ...base, relation: { reviewer: true }, level: level('mention') });
    assert.equal(verdict.mail.mails, false);
    assert.deepEqual(verdict.why.map((why) => why.kind), ['reviewRequested']);
  });

  it('a pending to-do matters even at Disabled; an unsubscription takes the roles away, not the to-do', () => {
    assert.deepEqual(whyItMatters({ ...base, relation: { pendingTodo: true }, level: level('disabled') }).why.map((why) => why.kind), ['todo']);
    assert.equal(whyItMatters({ ...base, relation: { author: true, explicit: 'unsubscribed' }, level: level('watch') }).shown, false);
    assert.deepEqual(whyItMatters({ ...base, relation: { author: true, pendingTodo: true, explicit: 'unsubscribed' }, level: level('watch') }).why.map((why) => why.kind), ['todo']);
  });

  it('own activity is left out unless GitLab would e-mail it', () => {
    const own = { ...base, actorId: ME, relation: { author: true, pendingTodo: true }, level: level('watch') };
    assert.equal(whyItMatters(own).shown, false);
    assert.deepEqual(whyItMatters({ ...own, ownActivityMail: true }).why.map((why) => why.kind), ['todo', 'ownActivity', 'authored', 'watching']);
  });

  it('taking part by commenting is told; a role is not told twice', () => {
    assert.deepEqual(whyItMatters({ ...base, relation: { participant: true }, level: level('participating') }).why.map((why) => why.kind), ['participating']);
    assert.deepEqual(whyItMatters({ ...base, relation: { author: true }, level: level('participating') }).why.map((why) => why.kind), ['authored']);
  });
});

describe('catch-up rules: properties', () => {
  const actions = Object.keys(MAIL_RULES) as MailAction[];
  const bool = fc.option(fc.boolean(), { nil: undefined });
  const relation = fc.record({
    pendingTodo: bool, explicit: fc.constantFrom(undefined, 'subscribed', 'unsubscribed'), labelSubscribed: bool,
    author: bool, assignee: bool, reviewer: bool, participant: bool, mentioned: bool, previousAssignee: bool, previousReviewer: bool,
  }) as fc.Arbitrary<Relation>;
  const levels = fc.constantFrom('disabled', 'participating', 'watch', 'mention', 'custom', 'global');
  const events = fc.dictionary(fc.constantFrom('new_note', 'new_issue', 'close_issue', 'push_to_merge_request', 'reassign_issue', 'merge_merge_request', 'issue_due'), fc.option(fc.boolean(), { nil: null })) as fc.Arbitrary<NotificationEvents>;
  const input = fc.record({
    kind: fc.constantFrom<CatchUpKind>('issue', 'mergeRequest', 'epic', 'commit', 'wikiPage'),
    action: fc.constantFrom(...actions), personId: fc.constant(ME), actorId: fc.constantFrom(ME, OTHER), relation,
    level: fc.tuple(levels, levels, levels.filter((l) => l !== 'global')).map(([p, g, global]) => level(p, g, global)),
    events, hasSettingRow: bool, ownActivityMail: bool, autoMerge: bool,
  }) as fc.Arbitrary<MailInput>;

  it('Disabled e-mails through explicit (or label) subscriptions only', () => {
    fc.assert(fc.property(input, (value) => {
      const decision = decideMail(value);
      if (value.level.level !== 'disabled' || !decision.mails) return true;
      return decision.reasons.every((why) => why.kind === 'subscribed' || why.kind === 'ownActivity');
    }), { numRuns: 2000 });
  });

  it('an explicit unsubscription wins over participation, watching, custom and subscriptions: only mention-type mail goes', () => {
    fc.assert(fc.property(input, (value) => {
      const decision = decideMail({ ...value, relation: { ...value.relation, explicit: 'unsubscribed' } });
      return decision.reasons.every((why) => ['mentioned', 'assigned', 'reviewRequested', 'previously', 'ownActivity'].includes(why.kind));
    }), { numRuns: 2000 });
  });

  it('own activity never mails with the setting off (the due-date reminder aside); a header always has its reason', () => {
    fc.assert(fc.property(input, (value) => {
      const decision = decideMail({ ...value, actorId: ME, ownActivityMail: false, autoMerge: false });
      if (value.action !== 'due' && decision.mails) return false;
      const withHeader = decideMail(value);
      const told: Record<string, string> = { own_activity: 'ownActivity', assigned: 'assigned', review_requested: 'reviewRequested', mentioned: 'mentioned', subscribed: 'subscribed' };
      return withHeader.header === '' || withHeader.reasons.some((why) => why.kind === told[withHeader.header]);
    }), { numRuns: 2000 });
  });

  it('an explicit subscription never stops a mail', () => {
    fc.assert(fc.property(input, (value) => {
      const without = decideMail({ ...value, relation: { ...value.relation, explicit: undefined } });
      return !without.mails || decideMail({ ...value, relation: { ...value.relation, explicit: 'subscribed' } }).mails;
    }), { numRuns: 2000 });
  });
});
