import assert from 'node:assert/strict';
import { MAX_PLACES, todoPlaceChoices } from '../../../../src/app/todos/todoPlaces';
import type { Todo } from '../../../../src/gitlab/todoTypes';

const A = 'https://a.example.com';
const B = 'https://b.example.com';
const todo = (id: number, over: Partial<Todo>): Todo => ({
  id, action_name: 'mentioned', target_type: 'Issue', target: null, target_url: null, body: '', author: { id: 1, username: 'a', name: 'A' } as Todo['author'],
  project: null, group: null, state: 'pending', created_at: '', snoozed_until: null, ...over,
});

describe('the projects and groups a To-Do filter offers', () => {
  it('each to-do\'s project or group and the person\'s groups, once per instance, by path, the current one first', () => {
    const web = { id: 1, path_with_namespace: 'acme/web' };
    const places = todoPlaceChoices([
      { instance: A, todos: [todo(1, { project: web }), todo(2, { project: web }), todo(3, { group: { id: 9, full_path: 'acme' } })],
        groups: [{ id: 9, name: 'Acme', full_path: 'acme', web_url: '' }, { id: 10, name: 'Ops', full_path: 'acme/ops', web_url: '' }] },
      { instance: B, todos: [todo(4, { project: web })] },
    ], { kind: 'group', id: 10, instance: A, path: 'acme/ops' });
    assert.deepEqual(places.map((p) => `${p.instance === A ? 'A' : 'B'} ${p.kind} ${p.id} ${p.path}`), [
      'A group 10 acme/ops', 'A group 9 acme', 'A project 1 acme/web', 'B project 1 acme/web',
    ]);
  });

  it('leaves out what is no id or has no path, and stops at the bound', () => {
    const todos = Array.from({ length: MAX_PLACES + 50 }, (_, i) => todo(i + 1, { project: { id: i + 1, path_with_namespace: `p/${String(i).padStart(4, '0')}` } }));
    todos.push(todo(9999, { project: { id: -1, path_with_namespace: 'bad' } }), todo(10000, { project: { id: 5000, path_with_namespace: '' } }));
    const places = todoPlaceChoices([{ instance: A, todos }]);
    assert.equal(places.length, MAX_PLACES);
    assert.ok(places.every((p) => p.id > 0 && p.path));
  });
});
