import { useSignedInSession, waitFor } from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

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
    await workbench.waitForView('To-Do List');
    // The newest of the fixed cast: an issue row labelled by reference and title, its reason in words with its author.
    await waitFor('the row "#1 Typo in the handbook" with "Mentioned by"', async () =>
      (await workbench.treeItems()).some((item) => item.label === '#1 Typo in the handbook' && item.description.startsWith('Mentioned by ')),
    { timeoutMs: 90_000 });
    // An action no client knows yet is shown by its name, never dropped.
    await waitFor('a row with the unknown action by name', async () =>
      (await workbench.treeItems()).some((item) => item.description.includes('policy violation detected')),
    { timeoutMs: 30_000 });
  });
});
