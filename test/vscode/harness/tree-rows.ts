import type { Locator, Page } from 'playwright-core';
import { ACTIVITY_VIEW, viewPane } from './view-tree';
import type { Workbench } from './workbench';
import { waitFor } from './wait-for';

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Rows of a view's tree (the Activity view's unless named) whose label (not description, tooltip or aria-label) is exactly `label`. */
export function treeRowsLabelled(page: Page, label: string, view: string = ACTIVITY_VIEW): Locator {
  return viewPane(page, view)
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) }) });
}

/**
 * Collapses the Activity view's tree with its "Collapse All" action, then expands the top-level row labelled `root`
 * and returns it once its first row is drawn. The list only renders rows on screen, so a long sibling (My Activity)
 * would otherwise keep the rows below it out of the DOM.
 */
export async function expandOnlyRoot(workbench: Workbench, root: string, timeoutMs = 15_000): Promise<Locator> {
  const { page } = workbench;
  await workbench.viewTitleAction('Collapse All', ACTIVITY_VIEW).click({ timeout: timeoutMs });
  const row = treeRowsLabelled(page, root).first();
  await row.waitFor({ state: 'visible', timeout: timeoutMs });
  const list = page.locator('.part.sidebar .monaco-list').filter({ has: row });
  // Collapse All takes effect asynchronously and closes every root, not only this one: waiting for this row alone
  // let a root already closed pass at once, and the late collapse then closed it again after the click below.
  const expanded = list.locator('.monaco-list-row[aria-expanded="true"]');
  await waitFor('every tree row to collapse', async () => (await expanded.count()) === 0, { timeoutMs });
  // VS Code's tree closes a row again when a refresh of the whole tree was under way as it opened: the refresh
  // started while the row was closed (it dropped the row's rows) and draws it closed when it ends. The extension
  // refreshes the whole tree on a sign-in, a filter or a change of settings (a list's page refreshes its own row
  // only), so a click just after one can be undone; a person clicks again, and so does this, at most three times.
  for (let click = 1; ; click++) {
    await row.click();
    const outcome = await openOrClosedAgain(row, root, timeoutMs);
    if (outcome === 'open') return row;
    if (click === 3) throw new Error(`tree row "${root}" closed again after each of ${click} clicks`);
  }
}

/** After a click on a closed row: 'open' once it is open with its first row drawn, 'closed' if it opened and closed. */
async function openOrClosedAgain(row: Locator, label: string, timeoutMs: number): Promise<'open' | 'closed'> {
  let opened = false;
  return waitFor(`tree row "${label}" to open and draw its first row`, async () => {
    const state = await row.evaluate((element) => ({
      expanded: element.getAttribute('aria-expanded'),
      level: Number(element.getAttribute('aria-level')),
      // Rows are placed by position, not DOM order: the next row is the one with the next index.
      nextLevel: Number(element.parentElement?.querySelector(`[data-index="${Number(element.getAttribute('data-index')) + 1}"]`)
        ?.getAttribute('aria-level') ?? 0),
    }));
    if (state.expanded === 'true') {
      opened = true;
      if (state.nextLevel === state.level + 1) return 'open' as const;
    }
    return state.expanded === 'false' && opened ? 'closed' as const : undefined;
  }, { timeoutMs });
}
