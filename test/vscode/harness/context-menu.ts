import type { Locator, Page } from 'playwright-core';
import { waitFor } from './wait-for';

const MENU_ITEM_LABELS = '.monaco-menu .action-item .action-label';
const FOCUSED_LABEL = '.monaco-menu .action-item.focused .action-label';

/**
 * Right-clicks `target` and chooses `label` from the context menu that opens, as a keyboard user would: arrow keys
 * to the item, then Enter. (A mouse click on an item right after the menu opened is sometimes taken for the end
 * of the right-click and ignored.) The workbench draws the menu in a shadow root; locators reach into it. On
 * failure the menu is dismissed, since an open menu would swallow the keys of whatever comes next.
 */
export async function pickContextMenuItem(page: Page, target: Locator, label: string, timeoutMs = 15_000): Promise<void> {
  await target.click({ button: 'right' });
  try {
    const labels = page.locator(MENU_ITEM_LABELS);
    await labels.filter({ hasText: label }).first().waitFor({ state: 'visible', timeout: timeoutMs });
    const count = await labels.count();
    await waitFor(
      `context menu item "${label}" to be focused`,
      async () => {
        const focused = page.locator(FOCUSED_LABEL);
        if ((await focused.count()) > 0 && ((await focused.first().textContent()) ?? '').trim() === label) return true;
        await page.keyboard.press('ArrowDown');
        return false;
      },
      { timeoutMs: Math.max(timeoutMs, count * 300) },
    );
    await page.keyboard.press('Enter');
    await labels.first().waitFor({ state: 'hidden', timeout: timeoutMs });
  } catch (error) {
    await page.keyboard.press('Escape');
    throw error;
  }
}

/** Right-clicks `target` and waits for its context menu to show `label`; the menu stays open. */
export async function openContextMenu(page: Page, target: Locator, label: string, timeoutMs = 15_000): Promise<void> {
  await target.click({ button: 'right' });
  await page.locator(MENU_ITEM_LABELS).filter({ hasText: label }).first().waitFor({ state: 'visible', timeout: timeoutMs });
}

/** Whether a context menu is open and shows `label`. */
export async function contextMenuShows(page: Page, label: string): Promise<boolean> {
  return page.locator(MENU_ITEM_LABELS).filter({ hasText: label }).first().isVisible();
}
