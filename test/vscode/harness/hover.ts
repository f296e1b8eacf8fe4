import type { Locator, Page } from 'playwright-core';
import { waitFor } from './wait-for';

const HOVER = '.monaco-hover, .workbench-hover';
/** A hover that has not shown by then is asked for again: a row re-rendered under the mouse loses its pending hover. */
const REHOVER_AFTER_MS = 3000;

/**
 * Hovers `target` and returns the hover widget once it shows text containing `containing`. The mouse moves away
 * first, so a hover still open from an earlier row does not count.
 */
export async function hoverFor(page: Page, target: Locator, containing: string, timeoutMs = 20_000): Promise<Locator> {
  const hovers = page.locator(HOVER);
  let seen: string[] = [];
  let hoveredAt = 0;
  try {
    const index = await waitFor(
      `a hover containing ${JSON.stringify(containing)}`,
      async () => {
        if (Date.now() - hoveredAt >= REHOVER_AFTER_MS) {
          await page.mouse.move(1, 1);
          await target.hover();
          hoveredAt = Date.now();
        }
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
    throw new Error(`${(error as Error).message}; hovers shown: ${shown}`);
  }
}
