import type { Locator, Page } from 'playwright-core';
import { waitFor } from './wait-for';

/**
 * Drags the side bar's edge, as a person does, until the side bar is `width` pixels wide (VS Code allows 170 and
 * more); returns the width it had, to put it back. The edge is the vertical sash on the side bar's right-hand side.
 */
export async function setSideBarWidth(page: Page, width: number, timeoutMs = 20_000): Promise<number> {
  const sidebar = page.locator('.part.sidebar');
  const box = await sidebar.boundingBox();
  if (!box) throw new Error('the side bar is not shown');
  const sashes = page.locator('.monaco-sash.vertical');
  const index = await sashes.evaluateAll((elements, edge) => elements.findIndex((element) => {
    const rect = element.getBoundingClientRect();
    return rect.height > 0 && Math.abs(rect.left + rect.width / 2 - edge) <= 4;
  }), box.x + box.width);
  if (index < 0) throw new Error(`no sash at the side bar's edge (x = ${box.x + box.width})`);
  const sash = await sashes.nth(index).boundingBox();
  if (!sash) throw new Error('the side bar\'s sash has no box');
  const y = sash.y + sash.height / 2;
  await page.mouse.move(sash.x + sash.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 8 });
  await page.mouse.up();
  await waitFor(`the side bar to be ${width} px wide`, async () =>
    Math.abs(((await sidebar.boundingBox())?.width ?? 0) - width) <= 2, { timeoutMs });
  return Math.round(box.width);
}

/**
 * Whether the first `chars` characters of a side-bar row's label are on screen: not past the side bar's edge, and not
 * under the ellipsis of a label cut short. The whole label counts as shown when it fits.
 */
export async function labelStartShown(row: Locator, chars: number): Promise<boolean> {
  // Runs in the page: no named helper functions in here (the test's TypeScript build would wrap them).
  return row.evaluate((element, count) => {
    const name = element.querySelector('.label-name') as HTMLElement | null;
    const container = (element.querySelector('.monaco-icon-label-container') ?? name?.parentElement) as HTMLElement | null;
    const sidebar = element.closest('.part.sidebar') as HTMLElement | null;
    if (!name || !container || !sidebar) return false;
    const limit = Math.min(container.getBoundingClientRect().right, sidebar.getBoundingClientRect().right);
    const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let first: Node | null = null;
    let last: Node | null = null;
    let lastOffset = 0;
    let total = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = node.textContent?.length ?? 0;
      first ??= node;
      last = node;
      lastOffset = length;
      if (total + length >= count) {
        lastOffset = count - total;
        total = count;
        break;
      }
      total += length;
    }
    if (!first || !last) return false;
    range.setStart(first, 0);
    range.setEnd(last, lastOffset);
    const whole = name.getBoundingClientRect().right <= limit + 0.5;
    // A label cut short ends in an ellipsis, about a character wide, drawn over the characters before the edge.
    return whole || range.getBoundingClientRect().right <= limit - 10;
  }, chars);
}
