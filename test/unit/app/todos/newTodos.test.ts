import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatMessage } from '../../../../src/app/localize';
import { DEFAULT_TOAST_REASONS, KnownTodos, newTodoToast, toastReasons, type InstanceTodo } from '../../../../src/app/todos/newTodos';
import { TODO_ACTIONS, type Todo } from '../../../../src/gitlab/todoTypes';

const t = formatMessage;
const A = 'https://gitlab.example.com';
const B = 'https://gitlab.other.example';

function todo(id: number, over: Partial<Todo> & { iid?: number } = {}): Todo {
  const { iid = 42, ...rest } = over;
  return {
    id, action_name: 'review_requested', target_type: 'MergeRequest', target: { id: 3300 + iid, iid, title: 'Fix parser' },
    target_url: `${A}/acme/web/-/merge_requests/${iid}`, body: 'Fix parser',
    author: { id: 7, username: 'jane', name: 'Jane' }, project: { id: 5, path_with_namespace: 'acme/web' }, group: null,
    state: 'pending', created_at: '2025-03-01T09:00:00.000Z', snoozed_until: null, ...rest,
  };
}

const on = (instance: string, ...todos: Todo[]): InstanceTodo[] => todos.map((item) => ({ instance, todo: item }));
const defaults = new Set(DEFAULT_TOAST_REASONS);

describe('new to-dos', () => {
  describe('which are new', () => {
    it('calls nothing new on the first page read of an instance: the to-dos waiting at start are not news', () => {
      const known = new KnownTodos();
      assert.deepEqual(known.take(A, [todo(12), todo(11)]), []);
      assert.deepEqual(known.take(A, [todo(14), todo(13), todo(12)]).map((x) => x.id), [14, 13]);
    });

    it('after an empty first page, the next to-do is new', () => {
      const known = new KnownTodos();
      assert.deepEqual(known.take(A, []), []);
      assert.deepEqual(known.take(A, [todo(3)]).map((x) => x.id), [3]);
    });

    it('does not call a to-do new again once done and undone, or back from a snooze: its id is old', () => {
      const known = new KnownTodos();
      known.take(A, [todo(20), todo(19)]);
      assert.deepEqual(known.take(A, [todo(19)]), [], 'one went (done or snoozed)');
      assert.deepEqual(known.take(A, [todo(20), todo(19)]), [], 'and came back');
      assert.deepEqual(known.take(A, [todo(21), todo(20)]).map((x) => x.id), [21]);
    });

    it('keeps each instance apart, and starts over for one signed out of', () => {
      const known = new KnownTodos();
      known.take(A, [todo(50)]);
      known.take(B, [todo(5)]);
      assert.deepEqual(known.take(B, [todo(6)]).map((x) => x.id), [6], 'B\'s own numbers, lower than A\'s');
      known.keepOnly(new Set([A]));
      assert.deepEqual(known.take(B, [todo(7)]), [], 'B signed in again: its first page again');
      assert.deepEqual(known.take(A, [todo(51)]).map((x) => x.id), [51]);
    });

    it('takes what the view showed as known', () => {
      const known = new KnownTodos();
      known.note(A, [todo(8)]);
      assert.deepEqual(known.take(A, [todo(9), todo(8)]).map((x) => x.id), [9]);
    });
  });

  describe('the notification', () => {
    it('names one new to-do by its reason, reference and title', () => {
      const toast = newTodoToast(on(A, todo(1)), defaults, t);
      assert.equal(toast?.message, 'Review requested: !42 Fix parser');
      assert.equal(toast?.single?.todo.id, 1);
      assert.deepEqual(toast?.todos.map((x) => x.todo.id), [1]);
    });

    it('names one thing with several new to-dos once, each reason once', () => {
      const toast = newTodoToast(on(A, todo(3, { action_name: 'mentioned' }), todo(2), todo(1, { action_name: 'mentioned' })), defaults, t);
      assert.equal(toast?.message, 'Mentioned · Review requested: !42 Fix parser');
      assert.deepEqual(toast?.todos.map((x) => x.todo.id), [3, 2, 1]);
      assert.equal(toast?.single?.todo.id, 3);
    });

    it('counts the new to-dos of several things: one notification a check', () => {
      const toast = newTodoToast([
        ...on(A, todo(3), todo(2, { target_type: 'Issue', iid: 7, action_name: 'assigned' })),
        ...on(B, todo(9, { action_name: 'build_failed' })),
      ], defaults, t);
      assert.equal(toast?.message, '3 new to-dos');
      assert.equal(toast?.single, undefined);
      assert.deepEqual(toast?.todos.map((x) => `${x.instance} ${x.todo.id}`), [`${A} 3`, `${A} 2`, `${B} 9`]);
    });

    it('tells the same iid on two instances apart', () => {
      assert.equal(newTodoToast([...on(A, todo(1)), ...on(B, todo(1))], defaults, t)?.message, '2 new to-dos');
    });

    it('leaves out reasons the setting does not name, and says nothing when none is left', () => {
      const found = on(A, todo(4, { action_name: 'marked' }), todo(3, { action_name: 'approval_required', iid: 8 }), todo(2, { iid: 9 }));
      const toast = newTodoToast(found, defaults, t);
      assert.equal(toast?.message, 'Review requested: !9 Fix parser');
      assert.deepEqual(toast?.todos.map((x) => x.todo.id), [2], 'Done and Snooze act on the notified one only');
      assert.equal(newTodoToast(on(A, todo(4, { action_name: 'marked' })), defaults, t), undefined);
      assert.equal(newTodoToast([], defaults, t), undefined);
    });

    it('is off with an empty list of reasons', () => {
      assert.equal(newTodoToast(on(A, todo(1)), toastReasons([]), t), undefined);
    });

    it('notifies by default for review requests, mentions, direct addresses, assignments and failed pipelines', () => {
      for (const action of ['review_requested', 'mentioned', 'directly_addressed', 'assigned', 'build_failed']) {
        assert.ok(newTodoToast(on(A, todo(1, { action_name: action })), toastReasons(undefined), t), action);
      }
      for (const action of ['marked', 'approval_required', 'unmergeable', 'member_access_requested', 'policy_violation_detected']) {
        assert.equal(newTodoToast(on(A, todo(1, { action_name: action })), toastReasons(undefined), t), undefined, action);
      }
    });

    it('names an action no client knows by its name when the setting asks for it', () => {
      const toast = newTodoToast(on(A, todo(1, { action_name: 'policy_violation_detected' })), toastReasons(['policy_violation_detected']), t);
      assert.equal(toast?.message, 'policy violation detected: !42 Fix parser');
    });

    it('names a thing without a reference or title by its type', () => {
      const toast = newTodoToast(on(A, todo(1, { target: null, target_type: 'Key', action_name: 'assigned' })), defaults, t);
      assert.match(toast?.message ?? '', /^Assigned to you: /);
    });

    it('keeps the text as GitLab sent it: the window makes it inert where it is shown', () => {
      const hostile = '[run](command:workbench.action.terminal.new) $(bug)';
      const toast = newTodoToast(on(A, todo(1, { target: { id: 1, iid: 5, title: hostile } })), defaults, t);
      assert.equal(toast?.message, `Review requested: !5 ${hostile}`);
    });
  });

  describe('the setting', () => {
    it('reads a list of names, ignoring what is not a string; anything else is the defaults', () => {
      assert.deepEqual([...toastReasons(['mentioned', 3, null, 'assigned'])], ['mentioned', 'assigned']);
      assert.deepEqual([...toastReasons('mentioned')], [...DEFAULT_TOAST_REASONS]);
      assert.deepEqual([...toastReasons(undefined)], [...DEFAULT_TOAST_REASONS]);
    });
  });
});

describe('the new to-do notification setting in the manifest', () => {
  it('offers every action name GitLab has, and defaults to the reasons the code defaults to', () => {
    const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8'));
    const setting = manifest.contributes.configuration.properties['gitlabActivity.todos.notifyFor'];
    assert.deepEqual(setting.items.enum, [...TODO_ACTIONS]);
    assert.equal(setting.items.enumDescriptions.length, TODO_ACTIONS.length);
    assert.deepEqual(setting.default, [...DEFAULT_TOAST_REASONS]);
  });
});
