import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/vscode-env/code-server.mjs';
import { ensureBrowser } from '../../scripts/vscode-env/setup.mjs';
import { GitLabDouble, type DoubleOptions } from '../double';

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

/** A GitLab double, and a Chromium page open on another loopback origin (another port) that serves `html`. */
export interface PageBesideDouble {
  double: GitLabDouble;
  browser: Browser;
  page: Page;
  pageOrigin: string;
}

/**
 * For a `describe` block: starts the double, the page's server and the browser before its tests (handed to `use`),
 * clears the double's faults and log after each test, and closes all three after them.
 */
export function withPageBesideDouble(options: { double: DoubleOptions; html: () => string | Promise<string> }, use: (setup: PageBesideDouble) => void): void {
  let setup: PageBesideDouble | undefined;
  let server: Server | undefined;
  before(async function () {
    this.timeout(BROWSER_INSTALL_TIMEOUT_MS);
    const double = await GitLabDouble.start(options.double);
    const html = await options.html();
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const pageOrigin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const browser = await launchTestBrowser();
    const page = await browser.newPage();
    await page.goto(`${pageOrigin}/`);
    setup = { double, browser, page, pageOrigin };
    use(setup);
  });
  afterEach(() => {
    setup?.double.clearFaults();
    setup?.double.clearLog();
  });
  after(async () => {
    await setup?.browser.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await setup?.double.close();
  });
}
