import type { Page } from 'playwright-core';

/**
 * When, by the page's clock (epoch ms), a row of the side-bar view `view` whose text or aria-label matches `pattern`
 * is first drawn. Checked in the page every 10 ms, so that the time is the drawing's, not that of a poll from the test
 * process: start it right after a (re)load, before the workbench draws the view. The view's pane is found as
 * `viewPane` finds it (its header's title is exactly the view's name); another view's rows never count.
 */
export async function firstTreeRowDrawnAt(page: Page, view: string, pattern: RegExp, timeoutMs = 60_000): Promise<number> {
  const drawn = await page.waitForFunction(({ name, source, flags }) => {
    // Runs in the page: no named helper functions in here (the test's TypeScript build would wrap them).
    const words = new RegExp(source, flags);
    const pane = Array.from(document.querySelectorAll('.part.sidebar .pane'))
      .find((candidate) => candidate.querySelector('.pane-header h3.title')?.textContent?.trim() === name);
    const seen = Array.from(pane?.querySelectorAll('.monaco-list-row') ?? [])
      .some((row) => words.test(`${(row as HTMLElement).innerText}\n${row.getAttribute('aria-label') ?? ''}`));
    return seen ? Date.now() : false;
  }, { name: view, source: pattern.source, flags: pattern.flags }, { polling: 10, timeout: timeoutMs });
  return await drawn.jsonValue() as number;
}
