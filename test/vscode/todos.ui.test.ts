import assert from 'node:assert/strict';
import { useSignedInSession, waitFor } from './harness';
import { TODO_VIEW, VIEW_CONTAINER } from './harness/workbench';

/** The To-Do List view against the double's fixed cast of to-dos: one row per thing, with its reasons in words. */
describe('To-Do List view', function () {
  this.timeout(180_000);
  // The view is a preview, shown only when its setting is on (the other suites read the side bar without it).
  const session = useSignedInSession({
    name: 'todos', settings: { 'gitlabActivity.todos.enabled': true },
  });

  it('shows a row per thing with its reasons in words', async function () {
    const { workbench } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForView(TODO_VIEW);
    const todos = workbench.tree(TODO_VIEW);
    // The newest of the fixed cast: an issue row labelled by reference and title, its reason in words with its author.
    await waitFor('the row "#1 Typo in the handbook" with "Mentioned by"', async () =>
      (await todos.treeItems()).some((item) => item.label === '#1 Typo in the handbook' && item.description.startsWith('Mentioned by ')),
    { timeoutMs: 90_000 });
    // The Activity view's readers stay in its own pane: the To-Do rows beside it are not its rows.
    assert.ok(!(await workbench.treeItems()).some((item) => item.label === '#1 Typo in the handbook'), 'a to-do row read as an Activity row');
    // An action no client knows yet is shown by its name, never dropped.
    await waitFor('a row with the unknown action by name', async () =>
      (await todos.treeItems()).some((item) => item.description.includes('policy violation detected')),
    { timeoutMs: 30_000 });
  });
});
