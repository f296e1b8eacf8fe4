import type { Locator } from 'playwright-core';
import { waitFor } from './wait-for';
import type { Workbench } from './workbench';

/**
 * Opens "Developer: Show Running Extensions" and finds the row of the extension named `displayName`, with what the
 * line under its name says: "web worker" for the browser's web worker extension host, the server's address for the
 * Node host. The editor lists the extensions by activation time in a list that draws only the rows in view: it is
 * scrolled, a wheel turn at a time, until the row is drawn. The editor stays open.
 */
export async function runningExtensionRow(workbench: Workbench, displayName: string, timeoutMs = 20_000): Promise<{ row: Locator; where: string }> {
  const { page } = workbench;
  await workbench.runCommand('Developer: Show Running Extensions');
  const list = page.locator('.monaco-list[aria-label="Runtime Extensions"]');
  await list.waitFor({ state: 'visible', timeout: timeoutMs });
  const row = list.locator('.monaco-list-row').filter({ has: page.locator('.name', { hasText: displayName }) }).first();
  const where = await waitFor(`the row of ${displayName} in Running Extensions`, async () => {
    if ((await row.count()) > 0) return (await row.locator('.msg').innerText()).trim();
    await list.hover();
    await page.mouse.wheel(0, 200);
    return undefined;
  }, { timeoutMs });
  return { row, where };
}

/** Where Running Extensions says the extension named `displayName` runs (see `runningExtensionRow`); the editor is closed again. */
export async function runningExtensionHost(workbench: Workbench, displayName: string, timeoutMs = 20_000): Promise<string> {
  const { where } = await runningExtensionRow(workbench, displayName, timeoutMs);
  // The editor opens as a dialog over the workbench that takes the keyboard and the clicks.
  await workbench.closeModalEditor();
  return where;
}
