import type { Page } from 'playwright-core';
import { waitFor } from './wait-for';

/**
 * VS Code shows at most three toasts that start within 800 ms of each other: a fourth stays in the notification
 * center only (NotificationsToasts' spam protection). Tests on a shared workbench run back to back, so two toasts at
 * the end of one test and two at the start of the next once kept the fourth from showing (the To-Do List's
 * "Marked N to-dos as done."). The page notes when its toasts last came or went, and each test starts once that is
 * longer ago than VS Code's window, as it would for a person.
 */
const WINDOW_MS = 800;

/**
 * Run in the workbench's top frame on every load. A string, not a function: the test runner's compiler wraps named
 * functions in a helper the page does not have.
 */
const RECORD_TOASTS = `(() => {
  if (window !== window.top) return;
  const record = () => { window.lastToastAt = performance.now(); };
  // The toasts' container is made with the first toast.
  // Only the nodes each change adds are looked at: the workbench changes its page all the time.
  const finder = new MutationObserver((changes) => {
    const toasts = changes.flatMap((change) => Array.from(change.addedNodes))
      .find((node) => node instanceof Element && node.classList.contains('notifications-toasts'));
    if (!toasts) return;
    finder.disconnect();
    record();
    new MutationObserver(record).observe(toasts, { childList: true });
  });
  finder.observe(document, { childList: true, subtree: true });
})();`;

/** Has the page note the time whenever a toast comes or goes. */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(RECORD_TOASTS);
}

/** Returns once a toast shown now would be counted afresh: no toast came or went within VS Code's window. */
export async function waitForToastWindow(page: Page): Promise<void> {
  await waitFor(`VS Code's ${WINDOW_MS} ms window of toasts to pass`, () => page.evaluate((windowMs) => {
    const at = (window as unknown as { lastToastAt?: number }).lastToastAt;
    return at === undefined || performance.now() - at > windowMs + 50;
  }, WINDOW_MS), { timeoutMs: 10_000 });
}
