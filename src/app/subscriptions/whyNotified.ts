import type { ThingRole, ThingSubscription } from '../../gitlab/thingSubscription';
import type { Localize } from '../localize';
import { plainLine, truncate } from '../plainText';
import { levelInForceLabel } from '../settings/effectiveLevel';
import { levelExplanation } from '../settings/shared/labels';
import { whyLevelText, type LevelInForce } from '../settings/shared/levelChain';
import { thingReference, type Thing } from './thing';

/**
 * "Why am I notified about this?" for one thing, told from what GitLab said (subscriptions note §1, §6): an explicit
 * subscription e-mails whatever the level, even Disabled; an explicit unsubscription silences all but mentions; a
 * participant is e-mailed at Participate, Watch and Custom; anyone else only by the level in force (Watch, Custom's
 * events, mentions). What GitLab did not say is said as not known, never guessed.
 */

export interface WhyFacts {
  thing: Thing;
  /** GitLab's answer about the thing, or why there is none. */
  answer: { ok: true; value: ThingSubscription } | { ok: false; error: string };
  /** The level in force where the thing lives, or why it was not read. */
  level: { ok: true; value: LevelInForce } | { ok: false; error: string };
}

/** The one action offered: Unsubscribe, or the notification level of its project (or group). */
export type WhyAction = 'unsubscribe' | 'level';

export interface WhyView {
  /** One sentence, the modal's message. */
  message: string;
  /** The reasons, one paragraph each. */
  detail: string;
  action?: WhyAction;
}

/** Levels at which GitLab e-mails participants (`:participating` recipients, §6). */
const MAILS_PARTICIPANTS = new Set(['participating', 'watch', 'custom']);

function rolesText(roles: readonly ThingRole[], t: Localize): string {
  const words: Record<ThingRole, string> = {
    author: t('you opened it'), assignee: t('it is assigned to you'), reviewer: t('your review was requested'),
  };
  return roles.map((role) => words[role]).join(t(', '));
}

/** The sentences about the subscription itself, the headline first, and whether Unsubscribe is what stops it. */
function subscriptionPart(facts: WhyFacts, name: string, t: Localize): { message: string; lines: string[]; stoppedBy?: WhyAction } {
  if (!facts.answer.ok) {
    return { message: t('GitLab did not say whether you are subscribed to {0}.', name), lines: [t('GitLab did not answer: {0}', facts.answer.error)], stoppedBy: 'level' };
  }
  const answer = facts.answer.value;
  const roles = answer.roles.length > 0 ? rolesText(answer.roles, t) : '';
  const takePart = roles ? t('You take part in it: {0}.', roles) : t('You take part in it: you commented on it or were mentioned in it (GitLab does not say which).');
  switch (answer.explicit) {
    case 'subscribed':
      return {
        message: t('You are subscribed to {0}.', name),
        lines: [t('You subscribed to it: GitLab e-mails you about its activity whatever your notification level, even Disabled.'), ...(roles ? [t('You also take part in it: {0}.', roles)] : [])],
        stoppedBy: 'unsubscribe',
      };
    case 'unsubscribed':
      return {
        message: t('You unsubscribed from {0}.', name),
        lines: [t('Since you unsubscribed, GitLab e-mails you about it only when you are mentioned, and not at the level Disabled.'), ...(roles ? [t('You take part in it too: {0}; that no longer e-mails you.', roles)] : [])],
        stoppedBy: 'level',
      };
    case 'none':
      return answer.subscribed
        ? { message: t('You take part in {0}.', name), lines: [takePart, t('Participants are e-mailed at the levels Participate, Watch and Custom.')], stoppedBy: 'unsubscribe' }
        : { message: t('You are not subscribed to {0}.', name), lines: [t('You did not subscribe to it and do not take part in it: only the notification level decides.')], stoppedBy: 'level' };
    case 'unknown': {
      const why = answer.unknownBecause === 'filterIgnored'
        ? t('This GitLab ignores the filter that tells a subscription of your own from taking part (GitLab 17.5–17.6 with the filter_subscriptions feature off).')
        : t('This GitLab cannot tell a subscription of your own from taking part (that needs GitLab 17.5 or later).');
      return answer.subscribed
        ? { message: t('GitLab counts you as subscribed to {0}.', name), lines: [roles ? t('You take part in it: {0}; whether you also subscribed is not known.', roles) : t('You subscribed to it, or you take part in it: which is not known.'), why], stoppedBy: 'unsubscribe' }
        : { message: t('GitLab does not count you as subscribed to {0}.', name), lines: [t('You neither subscribed nor take part, or you unsubscribed (then only mentions reach you): which is not known.'), why], stoppedBy: 'level' };
    }
  }
}

/** The level in force and what it means here; a participant's mail also depends on it. */
function levelPart(facts: WhyFacts, where: string, t: Localize): string[] {
  if (!facts.level.ok) return [t('The notification level in force for {0} was not read: {1}', where, facts.level.error)];
  const level = facts.level.value;
  return [
    t('Notification level in force for {0}: {1}. {2}', where, levelInForceLabel(level, t), levelExplanation(level.level, t)),
    whyLevelText(level, t),
  ];
}

/** The explanation and the one action that stops the mail. */
export function whyNotifiedAbout(facts: WhyFacts, t: Localize): WhyView {
  const { thing } = facts;
  const title = facts.answer.ok ? facts.answer.value.title : thing.title;
  const reference = facts.answer.ok ? facts.answer.value.reference : thingReference(thing);
  const name = title ? t('{0} "{1}"', reference, truncate(plainLine(title), 80)) : reference;
  const where = facts.answer.ok ? facts.answer.value.containerPath : thing.projectPath ?? thing.groupPath ?? t('its project');
  const part = subscriptionPart(facts, name, t);
  let action = part.stoppedBy;
  // A participant whose level does not e-mail participants is not e-mailed for taking part: the level is what decides.
  if (action === 'unsubscribe' && facts.answer.ok && facts.answer.value.explicit === 'none' && facts.level.ok && !MAILS_PARTICIPANTS.has(facts.level.value.level)) {
    action = 'level';
  }
  if (action === 'level' && !facts.level.ok) action = undefined;
  const lines = [...part.lines, ...levelPart(facts, where, t), t('Not checked: subscriptions to its labels, which e-mail you when such a thing is created or labelled.')];
  return { message: part.message, detail: lines.join('\n\n'), ...(action ? { action } : {}) };
}
