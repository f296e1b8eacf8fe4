import { waitFor } from './wait-for';
import { TODO_VIEW, type Workbench } from './workbench';

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
