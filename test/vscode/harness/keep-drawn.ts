import type { Page } from 'playwright-core';

/**
 * Has Chromium capture the page's frames (a tiny screencast whose frames are thrown away) for as long as it is open.
 *
 * Headless Chromium sometimes sends a page one animation frame a second for the rest of its life, as its compositor
 * does for a page with more than three undrawn frames (viz's `CompositorFrameSinkSupport::kUndrawnFrameLimit`). The
 * workbench draws every change in an animation frame and Playwright waits for two before each click, so every step
 * of a test on such a page takes seconds (see "A page that draws once a second" in test/vscode/README.md). A
 * screencast makes Chromium draw every frame the page submits, so none is left undrawn: no page was paced in 16 runs
 * of a suite paced in 13 of 37 before. It costs CPU time (about a fifth more in a suite), less than a paced page.
 */
export async function keepPageDrawn(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Page.screencastFrame', ({ sessionId }: { sessionId: number }) => {
    // Each frame must be acknowledged before the next is sent; a closing page may refuse, which is fine.
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 160, maxHeight: 100, everyNthFrame: 1 });
}
