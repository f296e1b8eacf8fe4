import assert from 'node:assert/strict';
import { formatMessage } from '../../../src/app/localize';
import { personName } from '../../../src/app/plainText';
import { groupReasons, groupTodos } from '../../../src/app/todos/todoGroups';
import { todoTooltipMarkdown } from '../../../src/app/todos/todoTooltip';
import type { Todo } from '../../../src/gitlab/todoTypes';
import { accountLabel } from '../../../src/ui/auth/accountsProvider';

/** Reorders what follows it (RIGHT-TO-LEFT OVERRIDE), isolates, and separators that break a label into lines. */
const HOSTILE_NAME = 'Ja\u202Ene\u2028 Doe\u2066x\u2069\u2029\u200F';
const UNSAFE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u2028\u2029\n\r]/;

const todo = (author: Todo['author']): Todo => ({
  id: 1, action_name: 'review_requested', target_type: 'MergeRequest', target: { id: 9, iid: 42, title: 'Fix' },
  target_url: 'https://gitlab.example.com/acme/web/-/merge_requests/42', body: 'please look', author,
  project: { id: 5, path_with_namespace: 'acme/web' }, group: null, state: 'pending', created_at: '2025-03-01T09:00:00.000Z', snoozed_until: null,
});

describe('names of people, wherever shown, are one clean line', () => {
  it('personName: the name, else the username, without bidi controls or line separators', () => {
    assert.equal(personName({ name: HOSTILE_NAME, username: 'jane' }), 'Jane Doex');
    assert.equal(personName({ name: ' \u202E ', username: 'ja\u2028ne' }), 'ja ne');
    assert.equal(personName({ name: 5, username: null }), '');
    assert.equal(personName(undefined), '');
  });

  it("a to-do's reasons, its tooltip and the Accounts menu show the author or user as one line", () => {
    const [group] = groupTodos([todo({ id: 7, username: 'jane', name: HOSTILE_NAME })]);
    const reasons = groupReasons(group, formatMessage);
    assert.equal(reasons, 'Review requested by Jane Doex');
    const tooltip = todoTooltipMarkdown(group, formatMessage);
    assert.doesNotMatch(tooltip, /[\u202A-\u202E\u2066-\u2069\u2028\u2029]/);
    assert.match(tooltip, /Jane Doex/);
    const label = accountLabel('https://gitlab.example.com', 'al\u202Eex\u2028');
    assert.doesNotMatch(label, UNSAFE);
    assert.equal(label, 'alex @ gitlab.example.com');
  });
});
