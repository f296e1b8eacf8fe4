import assert from 'node:assert/strict';
import { PendingCounts } from '../../../../src/app/todos/todoCounts';
import type { TodoApi } from '../../../../src/gitlab/todoApi';

/** A GitLab whose pending counts are answered by hand, in any order: each `listTodos` waits for `answer(total)`. */
function gitlab() {
  const waiting: Array<(total: number) => void> = [];
  const todos = {
    listTodos: () => new Promise((resolve) => waiting.push((total) => resolve({ items: [], page: 1, total }))),
  } as unknown as TodoApi;
  return { todos, answer: (index: number, total: number) => waiting[index](total) };
}

describe('To-Do pending counts: GitLab\'s X-Total per account', () => {
  it('a count read earlier that answers last changes nothing: the last one asked for decides', async () => {
    const { todos, answer } = gitlab();
    let hidden = 0;
    const counts = new PendingCounts({ accounts: () => [{ key: 'a', todos }], hiddenPending: () => hidden, log: { warn: () => undefined } });
    const first = counts.read();
    hidden = 2; // an action moved two out, and asked for the count again
    const second = counts.read();
    answer(1, 10);
    assert.equal(await second, true);
    assert.deepEqual(counts.of('a'), { count: 10, more: false });
    answer(0, 12);
    assert.equal(await first, false, 'the earlier read does not say the badge may follow');
    assert.deepEqual(counts.of('a'), { count: 10, more: false }, 'the earlier answer (12, before the two went) is not taken');
  });

  it('leaves out of the count what an action moved out since GitLab counted', async () => {
    const { todos, answer } = gitlab();
    let hidden = 1;
    const counts = new PendingCounts({ accounts: () => [{ key: 'a', todos }], hiddenPending: () => hidden, log: { warn: () => undefined } });
    assert.equal(counts.of('a'), undefined, 'no count before GitLab answers');
    const read = counts.read();
    answer(0, 7);
    await read;
    hidden = 4;
    assert.deepEqual(counts.of('a'), { count: 4, more: false });
  });
});
