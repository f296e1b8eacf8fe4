import type { Edition } from '../types';
import { EE_TARGET_TYPES, FUTURE_ACTION, FUTURE_TARGET_TYPE } from '../todos/vocabulary';
import type { SeededRandom } from './random';
import type { DoubleTodo, DoubleTodoTarget } from './types';
import { HOSTILE_TITLES, NOTE_BODIES, TITLE_NOUNS, TITLE_VERBS } from './words';

/**
 * The generated To-Do Lists (to-dos note §2, §3). A fixed cast, newest, covers every action and target type of the
 * note once at least (EE's only for the `ee` edition), an action and a target type no client knows yet, to-dos without
 * a project (SSH keys, a group access request, an epic, Duo), snoozed ones (and one whose snooze has passed), done
 * ones, one on a project user 1 can no longer read (dropped after paging), and to-dos of other users. `hostileNames`
 * adds to-dos whose every text is hostile. `extra` random pending to-dos on issues and merge requests come first, older.
 */

interface CastEntry {
  action: string;
  type: string;
  author: number;
  /** Owner (default 1). */
  user?: number;
  project?: number;
  group?: number;
  title?: string;
  note?: string;
  state?: 'done';
  /** Snoozed until this many hours after the world's clock (negative: a snooze that has passed). */
  snoozeHours?: number;
  targetState?: string;
}

const CAST: readonly CastEntry[] = [
  { action: 'assigned', type: 'Issue', project: 1, author: 3, title: 'Crash on save' },
  { action: 'mentioned', type: 'Issue', project: 1, author: 2, title: 'Search index is stale', note: '@alex can you check this?' },
  { action: 'build_failed', type: 'MergeRequest', project: 2, author: 1, title: 'Speed up billing export' },
  { action: 'marked', type: 'Issue', project: 5, author: 1, title: 'Tidy the shell aliases' },
  { action: 'approval_required', type: 'MergeRequest', project: 1, author: 5, title: 'Add dark mode' },
  { action: 'unmergeable', type: 'MergeRequest', project: 2, author: 1, title: 'Refactor rate limiter' },
  {
    action: 'directly_addressed', type: 'MergeRequest', project: 1, author: 6, title: 'Fix avatar upload',
    note: '@alex please have a look at the resize step.',
  },
  { action: 'merge_train_removed', type: 'MergeRequest', project: 2, author: 1, title: 'Update webhooks' },
  { action: 'review_requested', type: 'MergeRequest', project: 1, author: 3, title: 'Add cache' },
  { action: 'member_access_requested', type: 'Project', project: 1, author: 5 },
  { action: 'member_access_requested', type: 'Namespace', group: 1, author: 6 },
  { action: 'review_submitted', type: 'MergeRequest', project: 1, author: 2, title: 'Document API pagination' },
  { action: 'okr_checkin_requested', type: 'WorkItem', project: 1, author: 3, title: 'Q3: faster search' },
  { action: 'added_approver', type: 'MergeRequest', project: 2, author: 5, title: 'Harden audit log' },
  { action: 'ssh_key_expired', type: 'Key', author: 1, title: 'laptop' },
  { action: 'ssh_key_expiring_soon', type: 'Key', author: 1, title: 'workstation' },
  { action: 'duo_pro_access_granted', type: 'User', author: 1 },
  { action: 'duo_enterprise_access_granted', type: 'User', author: 1 },
  { action: 'duo_core_access_granted', type: 'User', author: 1 },
  { action: 'duo_workflow_input_required', type: 'Ai::DuoWorkflows::Workflow', project: 1, author: 1, title: 'Fix the flaky login test' },
  { action: 'transfer_failed', type: 'Project', project: 5, author: 1 },
  { action: 'mentioned', type: 'Commit', project: 1, author: 2, title: 'Fix login form', note: '@alex this broke the build' },
  { action: 'mentioned', type: 'DesignManagement::Design', project: 1, author: 3, title: 'checkout-flow.png', note: '@alex the button is too small' },
  { action: 'assigned', type: 'AlertManagement::Alert', project: 1, author: 1, title: 'High error rate on /checkout' },
  { action: 'mentioned', type: 'WikiPage::Meta', project: 1, author: 2, title: 'Release process', note: '@alex I updated the checklist' },
  { action: 'mentioned', type: 'Epic', group: 1, author: 3, title: 'Billing revamp', note: '@alex for the planning' },
  { action: 'mentioned', type: 'Vulnerability', project: 2, author: 5, title: 'SQL injection in export', note: '@alex triage please' },
  { action: FUTURE_ACTION, type: FUTURE_TARGET_TYPE, project: 1, author: 3, title: 'Unapproved dependency licence' },
  { action: FUTURE_ACTION, type: 'Issue', project: 1, author: 3, title: 'Licence scan found a problem' },
  { action: 'mentioned', type: 'Issue', project: 7, author: 4, title: 'Brand colours', note: '@alex what do you think?' },
  { action: 'mentioned', type: 'Issue', project: 4, author: 6, title: 'Typo in the handbook', note: 'thanks @alex' },
  { action: 'assigned', type: 'Issue', project: 1, author: 3, title: 'Old login bug', targetState: 'closed' },
  { action: 'review_requested', type: 'MergeRequest', project: 1, author: 2, title: 'Update release notes', snoozeHours: 24 },
  {
    action: 'mentioned', type: 'Issue', project: 2, author: 5, title: 'Billing export times out', note: '@alex any idea?',
    snoozeHours: 3,
  },
  { action: 'assigned', type: 'Issue', project: 5, author: 1, title: 'Sync dotfiles', snoozeHours: -2 },
  { action: 'assigned', type: 'Issue', project: 1, author: 3, title: 'Date picker is off by one', state: 'done' },
  { action: 'review_requested', type: 'MergeRequest', project: 2, author: 5, title: 'Simplify CI pipeline', state: 'done' },
  { action: 'mentioned', type: 'WorkItem', project: 1, author: 2, title: 'Error pages', note: '@alex done?', state: 'done' },
  { action: 'build_failed', type: 'MergeRequest', project: 1, author: 1, title: 'Test webhooks', state: 'done' },
  { user: 2, action: 'assigned', type: 'Issue', project: 1, author: 1, title: 'Audit log export' },
  { user: 2, action: 'review_requested', type: 'MergeRequest', project: 1, author: 3, title: 'Add search index', snoozeHours: 5 },
  { user: 3, action: 'mentioned', type: 'Issue', project: 1, author: 1, title: 'Dark mode colours', note: '@jordan ok?', state: 'done' },
];

const HOSTILE_CAST: readonly CastEntry[] = [
  { action: 'mentioned', type: 'Issue', project: 8, author: 7, title: HOSTILE_TITLES[0], note: HOSTILE_TITLES[1] },
  { action: 'review_requested', type: 'MergeRequest', project: 8, author: 7, title: HOSTILE_TITLES[2] },
  { action: 'directly_addressed', type: 'Commit', project: 8, author: 7, title: HOSTILE_TITLES[3], note: HOSTILE_TITLES[4] },
  { action: 'member_access_requested', type: 'Project', project: 8, author: 7 },
  { action: 'ssh_key_expiring_soon', type: 'Key', author: 1, title: HOSTILE_TITLES[5] },
  { action: FUTURE_ACTION, type: FUTURE_TARGET_TYPE, project: 8, author: 7, title: HOSTILE_TITLES[4] },
];

const EXTRA_ACTIONS = ['assigned', 'mentioned', 'review_requested', 'directly_addressed', 'approval_required', 'marked', 'build_failed'];
const HOUR_MS = 3_600_000;

export interface TodoWorldOptions {
  anchorMs: number;
  edition: Edition;
  hostileNames: boolean;
  extra: number;
  random: SeededRandom;
  /** Names of the world's projects, groups and users, for targets that are one of them. */
  projectName(id: number): string | undefined;
  groupName(id: number): string | undefined;
  userName(id: number): string | undefined;
}

/** The fixed body of EE's Duo access to-dos (§2). */
export const DUO_BODY = 'You now have access to AI-native features. Learn how to set up Code Suggestions and Chat in your IDE.';

class TargetIds {
  private next = 20_000;
  private readonly iids = new Map<string, number>();

  target(type: string, projectOrGroup: string): { id: number; iid: number } {
    const key = `${type}:${projectOrGroup}`;
    const iid = (this.iids.get(key) ?? 0) + 1;
    this.iids.set(key, iid);
    return { id: this.next++, iid };
  }
}

export function generateTodos(options: TodoWorldOptions): DoubleTodo[] {
  const { anchorMs, random } = options;
  const ids = new TargetIds();
  const todos: DoubleTodo[] = [];
  let noteId = 90_000;

  const build = (entry: CastEntry, createdMs: number): DoubleTodo | undefined => {
    if (options.edition !== 'ee' && (EE_TARGET_TYPES.has(entry.type) || entry.action.startsWith('duo_'))) return undefined;
    const scope = entry.project !== undefined ? `p${entry.project}` : `g${entry.group ?? 0}`;
    const { id, iid } = ids.target(entry.type, scope);
    const target: DoubleTodoTarget = { id, title: entry.title ?? '' };
    switch (entry.type) {
      case 'Issue': case 'WorkItem': case 'MergeRequest': case 'AlertManagement::Alert': case 'Epic':
      case FUTURE_TARGET_TYPE: case 'Ai::DuoWorkflows::Workflow':
        target.iid = iid;
        target.state = entry.targetState ?? 'opened';
        break;
      case 'Vulnerability': target.state = 'detected'; break;
      case 'Commit': target.sha = random.hex(40); break;
      case 'DesignManagement::Design': target.filename = entry.title ?? 'design.png'; target.issueIid = 1 + (iid % 5); break;
      case 'WikiPage::Meta': target.slug = (entry.title ?? 'home').toLowerCase().replace(/[^a-z0-9]+/g, '-'); break;
      case 'Key': target.expiresAt = new Date(anchorMs + (entry.action === 'ssh_key_expired' ? -2 : 5) * 86_400_000).toISOString(); break;
      case 'Project': target.id = entry.project!; target.title = options.projectName(entry.project!) ?? ''; break;
      case 'Namespace': target.id = entry.group!; target.title = options.groupName(entry.group!) ?? ''; break;
      case 'User': target.id = entry.user ?? 1; target.title = options.userName(entry.user ?? 1) ?? ''; break;
      default: break;
    }
    const created = new Date(createdMs).toISOString();
    const todo: DoubleTodo = {
      id: todos.length + 1, userId: entry.user ?? 1, authorId: entry.author, action: entry.action, targetType: entry.type,
      target, projectId: entry.project ?? null, groupId: entry.project === undefined ? entry.group ?? null : null,
      note: entry.note === undefined ? null : { id: noteId++, body: entry.note }, state: entry.state ?? 'pending',
      snoozedUntil: entry.snoozeHours === undefined ? null : new Date(anchorMs + entry.snoozeHours * HOUR_MS).toISOString(),
      createdAt: created, updatedAt: created,
    };
    return todo;
  };

  const cast = [...CAST, ...(options.hostileNames ? HOSTILE_CAST : [])];
  const castSpanMs = cast.length * 2 * HOUR_MS;
  // Older random to-dos first: over the 60 days before the cast.
  for (let i = 0; i < options.extra; i++) {
    const createdMs = anchorMs - castSpanMs - 60 * 86_400_000 + Math.floor(((i + 1) / (options.extra + 1)) * 60 * 86_400_000);
    const type = random.chance(0.5) ? 'Issue' : 'MergeRequest';
    const action = random.pick(EXTRA_ACTIONS);
    const roll = random.next();
    const entry: CastEntry = {
      action, type, project: random.pick([1, 2, 5]), author: random.pick([1, 2, 3, 5, 6]),
      title: `${random.pick(TITLE_VERBS)} ${random.pick(TITLE_NOUNS)}`,
      note: action === 'mentioned' || action === 'directly_addressed' ? random.pick(NOTE_BODIES) : undefined,
      state: roll < 0.1 ? 'done' : undefined, snoozeHours: roll > 0.95 ? random.int(1, 72) : undefined,
    };
    const todo = build(entry, createdMs);
    if (todo) todos.push(todo);
  }
  cast.forEach((entry, index) => {
    const todo = build(entry, anchorMs - castSpanMs + index * 2 * HOUR_MS);
    if (todo) todos.push(todo);
  });
  return todos;
}
