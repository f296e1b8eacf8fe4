import type { Locator, Page } from 'playwright-core';
import { waitFor } from './wait-for';

const HOVER = '.monaco-hover, .workbench-hover';

/**
 * Hovers `target` once and returns the hover widget once it shows text containing `containing`. The mouse moves away
 * first, so a hover still open from an earlier row does not count. The caller hovers a row once what changes it has
 * been drawn (for My Activity's rows, `waitForFeedFromDouble(…, { projectsNamed: true })`): a row drawn again under
 * the mouse loses the hover it was about to show, and a lost hover fails the test.
 */
export async function hoverFor(page: Page, target: Locator, containing: string, timeoutMs = 20_000): Promise<Locator> {
  const hovers = page.locator(HOVER);
  let seen: string[] = [];
  await page.mouse.move(1, 1);
  await target.hover();
  try {
    const index = await waitFor(
      `a hover containing ${JSON.stringify(containing)}`,
      async () => {
        seen = await hovers.evaluateAll((elements) =>
          elements.map((element) => (element.getClientRects().length > 0 ? element.textContent ?? '' : '')),
        );
        const found = seen.findIndex((text) => text.includes(containing));
        return found >= 0 ? found + 1 : undefined;
      },
      { timeoutMs },
    );
    return hovers.nth(index - 1);
  } catch (error) {
    const shown = seen.filter(Boolean).map((text) => JSON.stringify(text)).join('; ') || 'none';
    throw new Error(`${(error as Error).message} after one hover; hovers shown: ${shown}`);
  }
}
