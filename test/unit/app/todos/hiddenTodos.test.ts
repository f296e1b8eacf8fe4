import assert from 'node:assert/strict';
import { accountTodoKey, HiddenTodos } from '../../../../src/app/todos/hiddenTodos';
import type { Todo } from '../../../../src/gitlab/todoTypes';

const todo = (id: number) => ({ id }) as Todo;

describe('hidden to-dos: each id belongs to its account', () => {
  it('hiding account B\'s to-do 7 leaves account A\'s to-do 7 shown, and showing it again touches only B', () => {
    const hidden = new HiddenTodos();
    hidden.hide('https://b.example', [7, 8]);
    assert.deepEqual(hidden.shown('https://a.example', [todo(7), todo(8), todo(9)]).map((t) => t.id), [7, 8, 9]);
    assert.deepEqual(hidden.shown('https://b.example', [todo(7), todo(8), todo(9)]).map((t) => t.id), [9]);
    hidden.show('https://a.example', [7]);
    assert.ok(hidden.has('https://b.example', 7));
    hidden.show('https://b.example', [7]);
    assert.ok(!hidden.has('https://b.example', 7));
    hidden.clear();
    assert.ok(!hidden.has('https://b.example', 8));
  });

  it('the key cannot be forged by an account name that ends in digits', () => {
    assert.notEqual(accountTodoKey('https://a.example:1', 23), accountTodoKey('https://a.example:12', 3));
  });
});
