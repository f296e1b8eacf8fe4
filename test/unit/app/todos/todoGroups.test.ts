import assert from 'node:assert/strict';
import { formatMessage } from '../../../../src/app/localize';
import { groupReasons, groupTodoIds, groupTodos } from '../../../../src/app/todos/todoGroups';
import { reasonOf, reasonWords } from '../../../../src/app/todos/todoReasons';
import { todoTooltipMarkdown } from '../../../../src/app/todos/todoTooltip';
import { todoWebUrl } from '../../../../src/app/todos/todoUrl';
import { TODO_ACTIONS, type Todo } from '../../../../src/gitlab/todoTypes';

const t = formatMessage;
let nextId = 1;
function todo(over: Partial<Todo> & { iid?: number } = {}): Todo {
  const { iid = 12, ...rest } = over;
  return {
    id: nextId++, action_name: 'mentioned', target_type: 'Issue', target: { id: 900 + iid, iid, title: 'Crash on save' },
    target_url: `https://gitlab.example.com/acme/web/-/issues/${iid}`, body: 'can you check?',
    author: { id: 7, username: 'jane', name: 'Jane' }, project: { id: 5, path_with_namespace: 'acme/web' }, group: null,
    state: 'pending', created_at: '2025-03-01T09:00:00.000Z', snoozed_until: null, ...rest,
  };
}

describe('To-Do rows', () => {
  it('groups to-dos about one thing into one row, with each reason once in the order they came', () => {
    const groups = groupTodos([
      todo({ action_name: 'review_requested', target_type: 'MergeRequest', iid: 42 }),
      todo({ action_name: 'mentioned' }),
      todo({ action_name: 'mentioned', target_type: 'MergeRequest', iid: 42 }),
      todo({ action_name: 'mentioned', target_type: 'MergeRequest', iid: 42 }),
    ]);
    assert.equal(groups.length, 2);
    assert.equal(groups[0].reference, '!42');
    assert.equal(groups[0].place, 'acme/web');
    assert.equal(groups[0].todos.length, 3);
    assert.equal(groupReasons(groups[0], t), 'Review requested by Jane · Mentioned by Jane');
    assert.equal(groups[1].reference, '#12');
    assert.deepEqual(groupTodoIds(groups[0]), groups[0].todos.map((x) => x.id));
  });

  it('keeps the same iid in two projects, and an issue and a merge request of one iid, apart', () => {
    const other = { id: 6, path_with_namespace: 'acme/api' };
    const groups = groupTodos([todo(), todo({ project: other }), todo({ target_type: 'MergeRequest' }), todo({ project: null, group: { id: 1, full_path: 'acme' } })]);
    assert.equal(groups.length, 4);
    assert.equal(groups[3].place, 'acme');
  });

  it('never merges to-dos whose target is unknown', () => {
    const groups = groupTodos([todo({ target: null, target_type: 'User' }), todo({ target: null, target_type: 'User' })]);
    assert.equal(groups.length, 2);
    assert.equal(groups[0].reference, '');
  });

  // How quickly is the bench's to measure (bench/todos), not a timed test's: a busy machine would fail one.
  it('groups 1,000 to-dos about 600 things into 600 rows', () => {
    const many = Array.from({ length: 1000 }, (_, i) => todo({ iid: i % 300, target_type: i < 500 ? 'Issue' : 'MergeRequest' }));
    assert.equal(groupTodos(many).length, 600);
  });
});

describe('To-Do reasons', () => {
  it('has words for every action GitLab names, not the raw name', () => {
    for (const action of TODO_ACTIONS) {
      const words = reasonWords(action, t);
      assert.ok(words && words !== action && !words.includes('_'), action);
    }
  });

  it('builds the reasons of 100,000 to-dos of one thing, each by another author, in one pass', () => {
    // Each author makes a new reason: a search of the reasons so far per to-do takes tens of seconds here, past the
    // test's time-out; one pass takes well under it.
    const todos = Array.from({ length: 100_000 }, (_, i) => todo({ author: { id: i, username: `user${i}`, name: `Author ${i}` } }));
    const [group] = groupTodos(todos);
    assert.equal(group.todos.length, 100_000);
    assert.ok(groupReasons(group, t).startsWith('Mentioned by Author 0 · Mentioned by Author 1 · '));
  });

  it('says at most ten distinct reasons, and counts the others', () => {
    const todos = Array.from({ length: 25 }, (_, i) => todo({ author: { id: i, username: `user${i}`, name: `Author ${i}` } }));
    const reasons = groupReasons(groupTodos(todos)[0], t);
    assert.equal(reasons.split(' · ').length, 11);
    assert.ok(reasons.endsWith('Mentioned by Author 9 · 15 more'), reasons);
  });

  it('shows an unknown action by its name and names the author only where it caused the to-do', () => {
    assert.equal(reasonWords('future_thing', t), 'future thing');
    assert.equal(reasonWords('constructor', t), 'constructor');
    assert.equal(reasonOf('mentioned', 'Jane', t), 'Mentioned by Jane');
    assert.equal(reasonOf('build_failed', 'Jane', t), 'Pipeline failed');
  });
});

describe('To-Do tooltips and links', () => {
  it('escapes every server text in the tooltip: no link, no command', () => {
    const hostile = todo({ body: '[x](command:workbench.action.quit) <b>hi</b>', author: { id: 1, username: 'u', name: '[me](command:evil)' } });
    const markdown = todoTooltipMarkdown(groupTodos([hostile])[0], t);
    assert.ok(!/\]\(command:/.test(markdown), markdown);
    assert.ok(!markdown.includes('<b>'), markdown);
  });

  it('cuts bodies as the Activity tooltips do: a 1 MB comment makes a tooltip of a few kB, however many to-dos', () => {
    const megabyte = `${'lorem ipsum '.repeat(87_382)}end`;
    const one = todoTooltipMarkdown(groupTodos([todo({ body: megabyte })])[0], t);
    assert.ok(one.length < 4_000, `${one.length} characters`);
    assert.ok(one.includes('lorem ipsum'));
    const many = groupTodos(Array.from({ length: 40_000 }, () => todo({ body: megabyte })));
    assert.equal(many.length, 1);
    const tooltip = todoTooltipMarkdown(many[0], t);
    assert.ok(tooltip.length < 50_000, `${tooltip.length} characters`);
    assert.ok(tooltip.includes('and 39980 more to\\-dos'));
  });

  it('a to-do named by its body (no target title) has a title cut to a title\'s length', () => {
    const [group] = groupTodos([todo({ target: null, body: 'x'.repeat(1_000_000) })]);
    assert.ok(group.title.length <= 255, `${group.title.length}`);
  });

  it('opens only http(s) pages on the instance origin, under its path', () => {
    assert.equal(todoWebUrl('https://gitlab.example.com/acme/web/-/issues/12#note_1', 'https://gitlab.example.com'), 'https://gitlab.example.com/acme/web/-/issues/12#note_1');
    assert.equal(todoWebUrl('https://evil.example.com/acme', 'https://gitlab.example.com'), undefined);
    assert.equal(todoWebUrl('javascript:alert(1)', 'https://gitlab.example.com'), undefined);
    assert.equal(todoWebUrl('command:workbench.action.quit', 'https://gitlab.example.com'), undefined);
    assert.equal(todoWebUrl('https://user:pw@gitlab.example.com/a', 'https://gitlab.example.com'), undefined);
    assert.equal(todoWebUrl('https://example.com/gitlab/../other/x', 'https://example.com/gitlab'), undefined);
    assert.equal(todoWebUrl('https://example.com/gitlab/acme/x', 'https://example.com/gitlab/'), 'https://example.com/gitlab/acme/x');
    assert.equal(todoWebUrl(null, 'https://gitlab.example.com'), undefined);
  });

  it('opens no page whose path leaves the instance once the server decodes it', () => {
    for (const target of ['https://example.com/gitlab/..%2Fother', 'https://example.com/gitlab/%2e%2e/x', 'https://example.com/gitlab/a/..%2F..%2Fother']) {
      assert.equal(todoWebUrl(target, 'https://example.com/gitlab'), undefined, target);
    }
    assert.equal(todoWebUrl('https://example.com/gitlab/acme/-/tree/fix%2Fa', 'https://example.com/gitlab'), 'https://example.com/gitlab/acme/-/tree/fix%2Fa');
  });
});
