import { formatCount, type Localize } from '../localize';
import { inert, personName, plainLine } from '../plainText';
import type { MattersWhy } from './mailRules';
import type { PersonRef, ThingSummary } from './thingGroups';
import type { CatchUpThing } from './catchUpThings';

/** The Catch Up row in words: what happened counted, and why it matters. Server text comes out plain and inert. */

const who = (person: PersonRef): string => inert(personName(person) || plainLine(person.username) || `#${person.id}`);

function people(list: readonly PersonRef[], t: Localize): string {
  const names = list.slice(0, 3).map(who);
  if (list.length > 3) return t('{0} and {1} others', names.join(', '), formatCount(list.length - 3, t));
  return names.length <= 1 ? names.join('') : t('{0} and {1}', names.slice(0, -1).join(', '), names[names.length - 1]);
}

/** "2 comments by Jane and Bob · 3 commits pushed · approved by Ann · updated". */
export function whatHappened(summary: ThingSummary, t: Localize): string {
  const parts: string[] = [];
  if (summary.comments > 0) {
    parts.push(summary.comments === 1 ? t('1 comment by {0}', people(summary.commenters, t)) : t('{0} comments by {1}', formatCount(summary.comments, t), people(summary.commenters, t)));
  }
  if (summary.pushes > 0) parts.push(summary.commitsPushed === 1 ? t('1 commit pushed') : t('{0} commits pushed', formatCount(summary.commitsPushed, t)));
  if (summary.approvedBy.length > 0) parts.push(t('approved by {0}', people(summary.approvedBy, t)));
  for (const { change, by } of summary.stateChanges) parts.push(stateWords(change, who(by), t));
  if (summary.other > 0) parts.push(summary.other === 1 ? t('1 other event') : t('{0} other events', formatCount(summary.other, t)));
  if (summary.updated) parts.push(t('updated'));
  return parts.join(' · ');
}

function stateWords(change: ThingSummary['stateChanges'][number]['change'], by: string, t: Localize): string {
  switch (change) {
    case 'opened': return t('opened by {0}', by);
    case 'closed': return t('closed by {0}', by);
    case 'merged': return t('merged by {0}', by);
    case 'created': return t('created by {0}', by);
    case 'edited': return t('edited by {0}', by);
    case 'deleted': return t('deleted by {0}', by);
  }
}

/** "Review requested · Subscribed · Watching acme/web". */
export function whyWords(why: readonly MattersWhy[], t: Localize): string {
  return why.map((reason) => {
    switch (reason.kind) {
      case 'todo': return t('To-do');
      case 'ownActivity': return t('Your own activity');
      case 'assigned': return t('Assigned');
      case 'reviewRequested': return t('Review requested');
      case 'mentioned': return t('Mentioned');
      case 'subscribed': return reason.via === 'label' ? t('Subscribed to a label') : t('Subscribed');
      case 'authored': return t('Author');
      case 'participating': return t('Participating');
      case 'previously': return reason.role === 'assignee' ? t('Was assigned') : t('Was a reviewer');
      case 'watching': return reason.where.kind === 'global' ? t('Watching (global level)') : t('Watching {0}', inert(plainLine(reason.where.name)));
      case 'customEvent': return reason.where.kind === 'global' ? t('Custom level (global)') : t('Custom level of {0}', inert(plainLine(reason.where.name)));
    }
  }).join(' · ');
}

/** The row's label: reference and title, plain. */
export function thingLabel(thing: Pick<CatchUpThing, 'reference' | 'title'>): string {
  return inert([plainLine(thing.reference), plainLine(thing.title)].filter(Boolean).join(' '));
}
