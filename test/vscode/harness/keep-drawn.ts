import type { Page } from 'playwright-core';

/**
 * Has Chromium capture the page's frames (a tiny screencast whose frames are thrown away) for as long as it is open.
 *
 * Headless Chromium sometimes stops drawing a page's frames to its window, and then, as its compositor does for any
 * page with more than three undrawn frames, sends that page one animation frame a second for the rest of its life
 * (viz's `CompositorFrameSinkSupport::kUndrawnFrameLimit`). The workbench draws every change in an animation frame
 * and Playwright waits for two before each click, so every step of a test on such a page takes seconds (see "A page
 * that draws once a second" in test/vscode/README.md). A screencast makes Chromium draw every frame the page
 * submits, so none is left undrawn. It costs little: frames come only when the page changes, and they are small.
 */
export async function keepPageDrawn(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Page.screencastFrame', ({ sessionId }: { sessionId: number }) => {
    // Each frame must be acknowledged before the next is sent; a closing page may refuse, which is fine.
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 160, maxHeight: 100, everyNthFrame: 1 });
}
