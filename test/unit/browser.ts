import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/vscode-env/code-server.mjs';
import { ensureBrowser } from '../../scripts/vscode-env/setup.mjs';

/**
 * Chromium's headless shell for unit tests that need a real browser's rules (CORS, hidden redirects, exposed
 * headers). Installed on first use by the same script as the real-workbench tests' (a fresh machine runs the unit
 * tests first); the caller's `before` hook needs a timeout that allows for that.
 */
export function launchTestBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS, headless: true });
}

/** Enough for `apt-get` to install the headless shell on a fresh machine. */
export const BROWSER_INSTALL_TIMEOUT_MS = 600_000;
