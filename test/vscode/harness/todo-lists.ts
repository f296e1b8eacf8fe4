import type { Locator } from 'playwright-core';
import { pickContextMenuItem } from './context-menu';
import type { VscodeSession } from './session';
import type { ViewTree } from './view-tree';
import { waitFor } from './wait-for';
import { ACTIVITY_VIEW, TODO_VIEW, VIEW_CONTAINER, type Workbench } from './workbench';

/** The To-Do List's lists, as its list switch names them. */
export type TodoListName = 'Pending' | 'Snoozed' | 'Done';

/**
 * Switches the To-Do List view to `list` with its title action, as a person does, and waits until the view shows it:
 * the view names the list in its description (none for Pending) once that list's first page has been read, so the
 * rows read afterwards are the new list's.
 */
export async function chooseTodoList(workbench: Workbench, list: TodoListName, timeoutMs = 20_000): Promise<void> {
  await workbench.openQuickInputFromTitleAction('Switch To-Do List (Pending, Snoozed, Done)…', 'To-Do List', timeoutMs, TODO_VIEW);
  await workbench.pickQuickItem(new RegExp(`^${list}$`), timeoutMs);
  await workbench.waitForQuickInputClosed(timeoutMs);
  const shown = list === 'Pending' ? '' : list;
  let last = '';
  await waitFor(`the To-Do List view to show the ${list} list`, async () => (last = await workbench.viewDescription(TODO_VIEW)) === shown, { timeoutMs })
    .catch((error: Error) => { throw new Error(`${error.message}; its description reads ${JSON.stringify(last)}`); });
}

/** Shows the To-Do List view with the side bar's height (Activity collapsed, since it starts as a section under it). */
export async function openTodoList(workbench: Workbench): Promise<ViewTree> {
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.waitForView(TODO_VIEW);
  await workbench.setViewExpanded(TODO_VIEW, true);
  await workbench.setViewExpanded(ACTIVITY_VIEW, false);
  return workbench.tree(TODO_VIEW);
}

/**
 * "Mark as Done" from a To-Do List row's context menu, as a person does it: waits for the toast saying `message`, the
 * row gone from the list (which still has rows) and the to-dos `ids` done in the session's GitLab. `undo()` clicks
 * the toast's Undo and waits for them pending again in GitLab and the row back.
 */
export async function markRowDone(
  session: VscodeSession,
  todos: ViewTree,
  { label, ids, message }: { label: string; ids: number[]; message: string },
): Promise<{ toast: Locator; undo(): Promise<void> }> {
  const { workbench, page } = session;
  const double = session.double;
  if (!double) throw new Error('the session has no GitLab double');
  const stateOf = (id: number) => double.data.todos.find((todo) => todo.id === id)?.state;
  const row = todos.treeRowLabelled(label);
  // Right-clicked once the row is drawn as it stays. Its first draw offers Mark as Done already; its GitLab's features
  // come a moment after the first page and draw it again with Snooze… (the session's GitLab can snooze). A row
  // right-clicked before that redraw ends loses its menu (VS Code's tree takes the focus back as a refresh ends, and
  // the menu closes as it loses it), or its item chosen as the refresh begins reaches the extension with no row (seen
  // in the extension host's trace: "refresh start" of the To-Do tree, then `todos.markDone`, and no toast). The row's
  // own Snooze… button says the redraw is drawn.
  for (const action of ['Mark as Done', 'Snooze…']) {
    await row.locator(`.actions a.action-label[aria-label="${action}"]`).first().waitFor({ state: 'attached', timeout: 20_000 });
  }
  await pickContextMenuItem(page, row, 'Mark as Done');
  const toast = await workbench.waitForNotification(message);
  await todos.waitForTree(`the row "${label}" to go`, (items) => !items.some((item) => item.label === label) && items.length > 0);
  await waitFor(`to-dos ${ids.join(', ')} done in GitLab`, () => ids.every((id) => stateOf(id) === 'done'));
  return {
    toast,
    async undo() {
      await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
      await waitFor(`to-dos ${ids.join(', ')} pending again in GitLab`, () => ids.every((id) => stateOf(id) === 'pending'));
      await todos.waitForTree(`the row "${label}" back`, (items) => items.some((item) => item.label === label));
    },
  };
}
