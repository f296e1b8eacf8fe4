import { GitLabDouble, type DoubleOptions } from '../../../double';
import { TodoClient } from '../../../../src/gitlab';
import { makeClient, type TestClient } from '../../gitlab/helpers';

export const NOW = new Date('2024-06-15T12:00:00.000Z');

/**
 * For a `describe` block whose tests each start their own GitLab double of to-dos (at `NOW`): the returned `startWith`
 * starts one with `defaults` and the test's options, and hands it and a To-Do client of it, over real HTTP, to `use`;
 * both are closed after each test.
 */
export function withTodoDouble(defaults: DoubleOptions, use: (double: GitLabDouble, api: TodoClient) => void): (options?: DoubleOptions) => Promise<void> {
  let started: { double: GitLabDouble; client: TestClient } | undefined;
  afterEach(async () => {
    await started?.client.close();
    await started?.double.close();
    started = undefined;
  });
  return async (options = {}) => {
    const double = await GitLabDouble.start({ now: () => NOW, ...defaults, ...options });
    started = { double, client: makeClient(double.url) };
    use(double, new TodoClient(started.client.transport));
  };
}

/** The user's pending to-dos in the double, snoozed ones left out as GitLab's pending list leaves them. */
export function pendingOf(double: GitLabDouble): GitLabDouble['data']['todos'] {
  return double.data.todos.filter((d) => d.userId === 1 && d.state === 'pending' && (d.snoozedUntil === null || Date.parse(d.snoozedUntil) <= NOW.getTime()));
}
