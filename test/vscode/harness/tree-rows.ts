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
 * and returns it. The list only renders rows on screen, so a long sibling (My Activity) would
 * otherwise keep the rows below it out of the DOM.
 */
export async function expandOnlyRoot(workbench: Workbench, root: string, timeoutMs = 15_000): Promise<Locator> {
  const { page } = workbench;
  await workbench.viewTitleAction('Collapse All', ACTIVITY_VIEW).click({ timeout: timeoutMs });
  const row = treeRowsLabelled(page, root).first();
  await row.waitFor({ state: 'visible', timeout: timeoutMs });
  // Collapse All takes effect asynchronously and closes every root, not only this one: waiting for this row alone
  // let a root already closed pass at once, and the late collapse then closed it again after the click below.
  const expanded = page.locator('.part.sidebar .monaco-list').filter({ has: row }).locator('.monaco-list-row[aria-expanded="true"]');
  await waitFor('every tree row to collapse', async () => (await expanded.count()) === 0, { timeoutMs });
  await row.click();
  await waitFor(`tree row "${root}" to expand`, async () => (await row.getAttribute('aria-expanded')) === 'true', { timeoutMs });
  return row;
}
