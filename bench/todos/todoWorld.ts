import { request, type Dispatcher } from 'undici';
import { GitLabDouble } from '../../test/double';
import type { GraphqlSchemaVersion } from '../../test/double/types';
import type { DoubleTodo } from '../../test/double/world/types';
import { TOKEN } from '../fetch/listers';

/** Pending to-dos the To-Do List lists (GitLab's `GET /todos`, not snoozed, targets the user can read). */
export const PENDING_TODOS = 1_000;
/** To-dos on one merge request: the row whose Mark as Done is measured for its requests. */
export const GROUP_SIZE = 100;
const GROUP_ACTIONS = ['mentioned', 'directly_addressed', 'review_requested', 'approval_required', 'build_failed'];
const AUTHORS = [2, 3, 5, 6];

export interface TodoWorld {
  double: GitLabDouble;
  /** The merge request with `GROUP_SIZE` pending to-dos: its reference as the row shows it. */
  groupReference: string;
}

/** Pending to-dos `GET /todos` lists now, every page (100 a page, as GitLab allows at most). */
export async function listedPending(double: GitLabDouble): Promise<number> {
  let count = 0;
  for (let page: string | undefined = '1'; page;) {
    const answer: Dispatcher.ResponseData = await request(`${double.apiUrl}/todos?per_page=100&page=${page}`, { headers: { 'private-token': TOKEN } });
    const todos = await answer.body.json() as unknown[];
    count += todos.length;
    const next: string | string[] | undefined = answer.headers['x-next-page'];
    page = typeof next === 'string' && next !== '' ? next : undefined;
  }
  return count;
}

const thingOf = (todo: DoubleTodo) => `${todo.targetType}:${todo.projectId ?? `g${todo.groupId}`}:${todo.target.iid ?? todo.target.id}`;

/**
 * The double with a To-Do List of exactly `pending` (`PENDING_TODOS` unless said) pending to-dos, grouped as real lists are: the double's cast
 * (every action and target type), random to-dos on issues and merge requests, one merge request with `GROUP_SIZE`
 * to-dos (mentions, review requests, failed pipelines…), and further to-dos on things already listed (two to four a
 * thing), so rows and to-dos differ. `graphql` is the schema served (`17.4`: an older GitLab without the
 * many-mutations).
 */
export async function startTodoWorld(graphql: GraphqlSchemaVersion = 'current', pending = PENDING_TODOS): Promise<TodoWorld> {
  const double = await GitLabDouble.start({ events: 20, todos: 600, seed: 5, graphql });
  const mine = () => double.data.todos.filter((t) => t.userId === 1 && t.state === 'pending' && t.snoozedUntil === null && t.projectId === 1);
  const group = mine().find((t) => t.targetType === 'MergeRequest');
  if (!group) throw new Error('The double has no pending merge request to-do on project 1.');
  const copy = (from: DoubleTodo, index: number): Partial<DoubleTodo> => ({
    targetType: from.targetType, target: { ...from.target }, projectId: from.projectId, groupId: from.groupId,
    action: GROUP_ACTIONS[index % GROUP_ACTIONS.length], authorId: AUTHORS[index % AUTHORS.length],
    note: index % 2 === 0 ? { id: 95_000 + index, body: `@alex see comment ${index}` } : null,
  });
  for (let i = 1; i < GROUP_SIZE; i++) double.addTodo(copy(group, i));
  const listed = await listedPending(double);
  if (listed > pending) throw new Error(`The double lists ${listed} pending to-dos, more than ${pending}.`);
  // Every added to-do is on project 1, which the user reads: each adds one listed to-do.
  const others = mine().filter((t) => thingOf(t) !== thingOf(group));
  for (let i = 0; i < pending - listed; i++) double.addTodo(copy(others[(i * 7) % Math.min(others.length, 150)], i));
  const final = await listedPending(double);
  if (final !== pending) throw new Error(`The double lists ${final} pending to-dos, not ${pending}.`);
  return { double, groupReference: `!${group.target.iid}` };
}
