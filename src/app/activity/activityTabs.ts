import { validateFilter, type ValidEventFilter } from '../../gitlab/filter';
import type { EventAction, EventFilter, EventTargetType, GitLabEvent } from '../../gitlab/types';
import { formatMessage, type Localize } from '../localize';
import { actionLabel, targetTypeLabel } from './filterLabels';
import { actionNameOf, eventShape } from './eventShape';

/**
 * The tabs of GitLab's activity page. The REST filters cannot express several of them, and some are wrong in known
 * ways (behaviour note §3.3): `target_type=note` matches plain `Note` only, not `DiffNote` or `DiscussionNote`;
 * `target_type=issue` misses `WorkItem`; "Team" is three actions; `wiki` and `design` are not target types of the
 * interface spec. So each tab asks the server for what it can say exactly (at most one action) and keeps, on the
 * client, only the events of its kind.
 */
export const ACTIVITY_TABS = ['all', 'push', 'merge', 'issue', 'comments', 'wiki', 'designs', 'team'] as const;
export type ActivityTab = (typeof ACTIVITY_TABS)[number];

interface TabRule {
  // Functions of `t`, so each message is a literal in a `t('…')` call (what `npm run l10n` collects).
  label: (t: Localize) => string;
  /** What the tab holds, for the quick pick and for messages. */
  detail: (t: Localize) => string;
  /** The one action the server can filter by for this tab, when there is one. */
  serverAction?: EventAction;
  /** Raw `action` filter values that can narrow this tab (others would leave it empty). */
  actions: readonly EventAction[];
  /**
   * Raw `target_type` values that can narrow this tab. `covered` ones are what the tab already picks, better than the
   * server's filter would (it drops diff notes or work items): they are not sent.
   */
  targetTypes: readonly EventTargetType[];
  covered?: EventTargetType;
  keep(event: GitLabEvent): boolean;
}

const TEAM_ACTIONS = new Set(['joined', 'left', 'removed due to membership expiration from', 'expired']);
const WRITE_ACTIONS: readonly EventAction[] = ['created', 'updated', 'destroyed'];

function targetOf(event: GitLabEvent): string | undefined {
  const shape = eventShape(event);
  return shape.kind === 'target' ? shape.target : undefined;
}

const RULES: Record<ActivityTab, TabRule> = {
  all: { label: (t) => t('All'), detail: (t) => t('every event'), actions: [], targetTypes: [], keep: () => true },
  push: {
    label: (t) => t('Push events'), detail: (t) => t('pushes, new and deleted branches and tags'), serverAction: 'pushed',
    actions: ['pushed'], targetTypes: [], keep: (e) => eventShape(e).kind === 'push',
  },
  merge: {
    label: (t) => t('Merge events'), detail: (t) => t('merged merge requests'), serverAction: 'merged',
    actions: ['merged'], targetTypes: ['merge_request'],
    keep: (e) => targetOf(e) === 'merge_request' && ['accepted', 'merged'].includes(actionNameOf(e)),
  },
  issue: {
    label: (t) => t('Issue events'), detail: (t) => t('issues and work items opened, updated, closed or reopened'),
    actions: ['created', 'updated', 'closed', 'reopened'], targetTypes: ['issue'], covered: 'issue',
    keep: (e) => { const target = targetOf(e); return target === 'issue' || target === 'work_item'; },
  },
  comments: {
    label: (t) => t('Comments'), detail: (t) => t('every comment: diff notes and discussion notes included'),
    serverAction: 'commented',
    actions: ['commented'], targetTypes: ['note'], covered: 'note', keep: (e) => eventShape(e).kind === 'note',
  },
  wiki: {
    label: (t) => t('Wiki'), detail: (t) => t('wiki pages created, updated or deleted'),
    actions: WRITE_ACTIONS, targetTypes: [], keep: (e) => targetOf(e) === 'wiki_page',
  },
  designs: {
    label: (t) => t('Designs'), detail: (t) => t('designs added, updated or removed'),
    actions: WRITE_ACTIONS, targetTypes: [], keep: (e) => targetOf(e) === 'design',
  },
  team: {
    label: (t) => t('Team'), detail: (t) => t('members who joined, left or whose membership expired'),
    actions: ['joined', 'left', 'expired'], targetTypes: [],
    keep: (e) => eventShape(e).kind !== 'push' && TEAM_ACTIONS.has(actionNameOf(e)),
  },
};

export function isActivityTab(value: unknown): value is ActivityTab {
  return typeof value === 'string' && (ACTIVITY_TABS as readonly string[]).includes(value);
}

export function tabLabel(tab: ActivityTab, t: Localize = formatMessage): string {
  return RULES[tab].label(t);
}

export function tabDetail(tab: ActivityTab, t: Localize = formatMessage): string {
  return RULES[tab].detail(t);
}

/**
 * The actions a tab can be narrowed by, of `all` (the action picker's list): the picker offers only these, so a
 * choice is never refused afterwards. Every action for "All".
 */
export function combinableActions<A extends EventAction>(tab: ActivityTab, all: readonly A[]): A[] {
  return tab === 'all' ? [...all] : all.filter((action) => RULES[tab].actions.includes(action));
}

/** The target types a tab can be narrowed by, of `all` (the target type picker's list). */
export function combinableTargetTypes<T extends EventTargetType>(tab: ActivityTab, all: readonly T[]): T[] {
  return tab === 'all' ? [...all] : all.filter((type) => RULES[tab].targetTypes.includes(type));
}

/** Why the raw filter cannot narrow this tab (it would match none of the tab's events), or undefined when it can. */
export function tabConflict(tab: ActivityTab, filter: EventFilter, t: Localize = formatMessage): string | undefined {
  const rule = RULES[tab];
  if (tab === 'all') return undefined;
  if (filter.action !== undefined && !rule.actions.includes(filter.action)) {
    return t('The tab "{0}" shows {1}; the action "{2}" matches none of them. Clear the action filter or choose the tab "All".',
      tabLabel(tab, t), tabDetail(tab, t), actionLabel(filter.action, t));
  }
  if (filter.target_type !== undefined && !rule.targetTypes.includes(filter.target_type)) {
    return t('The tab "{0}" shows {1}; the target type "{2}" matches none of them. Clear the target type filter or choose the tab "All".',
      tabLabel(tab, t), tabDetail(tab, t), targetTypeLabel(filter.target_type, t));
  }
  return undefined;
}

/** What one tab under a raw filter asks the server for, and which of the answered events it keeps. */
export interface FeedPlan {
  request: ValidEventFilter;
  /** Undefined when every answered event is kept (no page can come back without a match). */
  keep?: (event: GitLabEvent) => boolean;
}

/**
 * The fewest requests for a tab: one listing, filtered by the server as far as it filters exactly (the tab's action,
 * or the person's own action, dates and sort), the rest on the client. Assumes `tabConflict` found nothing. The
 * request is made once per filter, when the filter is (see `ActivityFilter`); it is the valid filter with the tab's
 * known action added or a covered target type left out, which the validator that brands it cannot refuse.
 */
export function feedPlan(tab: ActivityTab, filter: ValidEventFilter): FeedPlan {
  if (tab === 'all') return { request: filter };
  const rule = RULES[tab];
  const request: EventFilter = { ...filter };
  request.action = filter.action ?? rule.serverAction;
  if (request.target_type !== undefined && request.target_type === rule.covered) delete request.target_type;
  return { request: validateFilter(request), keep: rule.keep };
}
