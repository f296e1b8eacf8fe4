import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, startCodeServer, workbenchUrl, writeUserSettings, type RunningCodeServer } from '../../../scripts/vscode-env/code-server.mjs';
import { packageLanguagePack } from '../../../scripts/vscode-env/package-companion.mjs';
import { CHROMIUM_PATH } from '../../../scripts/vscode-env/paths.mjs';
import { INSTANCE_ENV_VAR, TEST_POLL_FLOOR_ENV_VAR, TOKEN_ENV_VAR } from '../../../src/ids';
import { GitLabDouble, type DoubleOptions } from '../../double';
import { focusTrail, recordFocus } from './focus-trail';
import { recordToasts } from './toast-window';
import { copyInto, extensionLogFiles, hostLogFiles, slug, writeText } from './artifacts';
import { isBrowserHostLogFile, isExtensionLogFile, readBrowserLogFiles, type BrowserLogFile } from './browser-logs';
import { parseLogLines, type LogLine } from './log-lines';
import { readRunContext, type RunContext } from './run-context';
import { waitFor } from './wait-for';
import { Workbench } from './workbench';

export const EXTENSION_ID = 'gitlab-activity.gitlab-activity';
/** The file the test companion announces its control channel's port in (test/companion/control.js). */
const COMPANION_CONTROL_ENV = 'GITLAB_ACTIVITY_COMPANION_CONTROL_FILE';
export const LOG_CHANNEL = 'GitLab Activity';
/** The line the composition root writes once the session is restored (src/extension.ts). */
export const RESTORED = /^Session restored: /;

/**
 * The extension host the extension runs in. `node`: code-server's Node extension host on the server (its `main`
 * entry). `web`: the browser's web worker extension host (its `browser` entry), which code-server gives an extension
 * that has one when the user settings say `"remote.extensionKind": { "<id>": ["web"] }`. The worker sees no
 * environment variables (sign in through the UI) and writes its log in the browser, not on the server.
 */
export type ExtensionHostKind = 'node' | 'web';

/** The user settings that put the extension into the browser's web worker extension host. */
export function webHostSettings(): Record<string, unknown> {
  return { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } };
}

/** The GitLab double a session's extension talks to. */
export type RunningDouble = GitLabDouble;

export interface VscodeSessionOptions {
  /** Names the session's folders and its artifacts. */
  name: string;
  /** Where the extension runs; default `node`. Workbenches of different hosts are never shared. */
  host?: ExtensionHostKind;
  /** Options of the GitLab double that `gitlabActivity.instanceUrl` points at; `false` starts none. */
  double?: DoubleOptions | false;
  /**
   * More GitLab doubles, other instances (several signed in at once), started beside the first; nothing points at
   * them until a test signs in there or a file names them.
   */
  otherDoubles?: DoubleOptions[];
  /** User settings, over the defaults below (`null` removes a default). */
  settings?: Record<string, unknown>;
  /**
   * Environment of code-server and so of the extension host, e.g. a token variable. A GITLAB_ACTIVITY_TOKEN here is
   * bound to the session's double: GITLAB_ACTIVITY_INSTANCE_URL is set to its URL unless `env` names an instance.
   */
  env?: Record<string, string>;
  /**
   * Remote machine settings (`Machine/settings.json`): in code-server the workbench is a remote window, so settings of
   * machine scope (the proxy, the CA file, certificate checks) apply from here, not from the user settings.
   */
  machineSettings?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Workspace folder to open; default a fresh empty folder. */
  folder?: string;
  /**
   * Files to create in the workspace folder (relative path → content), e.g. `.git/config`; or a function of the
   * running double, for files that name its URL (known only once it listens) or its data, such as a git remote.
   */
  files?: Record<string, string> | ((double: RunningDouble | undefined, others: RunningDouble[]) => Record<string, string>);
  viewport?: { width: number; height: number };
  /**
   * VS Code's display language (code-server's `--locale`, e.g. `de`): the session installs a language pack for it
   * through the workbench (with none, VS Code speaks English and gives extensions English too) and reloads, so the
   * workbench and the extension host start in it. The pack has no words of VS Code's own: the extension's are its own.
   */
  locale?: string;
}

/** Settings every session starts from: a quiet workbench, no telemetry, no trust prompt, no polling. */
export function defaultSettings(doubleUrl: string | undefined): Record<string, unknown> {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    // code-server forwards every port a process of the machine opens (the doubles, other suites' servers) and, past 20,
    // says so in a toast ("Over 20 ports have been automatically forwarded…") that takes a test's place among the
    // toasts and its focus. Nothing here is a remote service to reach.
    'remote.autoForwardPorts': false,
    // No animations: each one has Chromium draw frames nobody looks at (with the screencast the harness once used, the
    // stage ran about a tenth quicker without them). Tests wait on what the workbench shows, never on a motion.
    'workbench.reduceMotion': 'on',
    // A view's title actions sit in its pane's header once its container shows two views: visible always, as they are
    // in the side bar's title, rather than only while the pointer is over the pane.
    'workbench.view.alwaysShowHeaderActions': true,
    // Tests refresh explicitly; a timer would make request counts depend on timing.
    'gitlabActivity.pollInterval': 0,
    ...(doubleUrl ? { 'gitlabActivity.instanceUrl': doubleUrl } : {}),
  };
}

/** An environment token names its instance (the extension ignores it otherwise): the session's double by default. */
function boundToken(env: Record<string, string> = {}, double: RunningDouble | undefined): Record<string, string> {
  if (!env[TOKEN_ENV_VAR] || env[INSTANCE_ENV_VAR] !== undefined || !double) return env;
  return { ...env, [INSTANCE_ENV_VAR]: double.url };
}

export function mergeSettings(base: Record<string, unknown>, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const merged = { ...base, ...overrides };
  for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
  return merged;
}

/** The lines of log files, oldest first. */
function linesOf(files: Array<{ text: string }>): LogLine[] {
  return files.flatMap((file) => parseLogLines(file.text)).sort((a, b) => a.at - b.at);
}

/** One headless Chromium for the whole run: each session has a context of its own in it (no shared storage). */
let runBrowser: Promise<Browser> | undefined;

function browserOfRun(tmpDir: string): Promise<Browser> {
  if (!runBrowser) {
    const launching = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, env: { ...process.env, TMPDIR: tmpDir } });
    runBrowser = launching;
    launching.then((browser) => browser.on('disconnected', () => {
      if (runBrowser === launching) runBrowser = undefined;
    }), () => {
      if (runBrowser === launching) runBrowser = undefined;
    });
  }
  return runBrowser;
}

/** Closes the run's Chromium (the sessions' contexts close with their sessions). */
export async function closeRunBrowser(): Promise<void> {
  const browser = runBrowser;
  runBrowser = undefined;
  await (await browser?.catch(() => undefined))?.close();
}

/** One real VS Code: a GitLab double, code-server with a fresh profile, and a headless Chromium showing it. */
export class VscodeSession {
  private readonly consoleLines: string[] = [];
  /** When the current window began to load: the companion's control channel of an older window is not this one's. */
  private loadedAt = Date.now();

  private constructor(
    readonly name: string,
    readonly host: ExtensionHostKind,
    readonly run: RunContext,
    readonly dir: string,
    readonly userDataDir: string,
    readonly folder: string,
    readonly double: RunningDouble | undefined,
    /** The `otherDoubles`, in the order given. */
    readonly others: RunningDouble[],
    private readonly server: RunningCodeServer,
    private readonly context: BrowserContext,
    readonly page: Page,
    readonly workbench: Workbench,
  ) {
    page.on('console', (message: ConsoleMessage) => this.recordConsole(message));
  }

  static async start(options: VscodeSessionOptions): Promise<VscodeSession> {
    const run = readRunContext();
    const dir = mkdtempSync(path.join(run.runDir, `${slug(options.name, 20)}-`));
    const userDataDir = path.join(dir, 'user-data');
    const folder = options.folder ?? path.join(dir, 'workspace');
    mkdirSync(folder, { recursive: true });

    // code-server, its extension host and Chromium leave sockets and folders in the temp dir: keep them in this run's.
    const tmpDir = path.join(run.runDir, 'tmp');
    mkdirSync(tmpDir, { recursive: true });

    const cleanups: Array<() => Promise<unknown>> = [];
    const cleanUp = async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    };
    try {
      const double = options.double === false ? undefined : await GitLabDouble.start(options.double ?? {});
      if (double) cleanups.push(() => double.close());
      const others: RunningDouble[] = [];
      for (const other of options.otherDoubles ?? []) {
        const started = await GitLabDouble.start(other);
        others.push(started);
        cleanups.push(() => started.close());
      }
      const files = typeof options.files === 'function' ? options.files(double, others) : (options.files ?? {});
      for (const [relative, content] of Object.entries(files)) writeText(path.join(folder, relative), content);
      const host = options.host ?? 'node';
      if (host === 'web' && options.env?.[TOKEN_ENV_VAR]) {
        throw new Error(`${TOKEN_ENV_VAR} cannot reach the web worker extension host (it has no environment): sign in through the UI`);
      }
      const hostSettings = host === 'web' ? webHostSettings() : {};
      writeUserSettings(userDataDir, mergeSettings({ ...defaultSettings(double?.url), ...hostSettings }, options.settings));
      const machineSettings = typeof options.machineSettings === 'function' ? options.machineSettings() : options.machineSettings;
      if (machineSettings) writeText(path.join(userDataDir, 'Machine', 'settings.json'), `${JSON.stringify(machineSettings, null, 2)}\n`);

      // Chromium starts while code-server does.
      const browserReady = browserOfRun(tmpDir);
      browserReady.catch(() => undefined);
      const server = await startCodeServer({
        paths: run.paths,
        userDataDir,
        extensionsDir: run.extensionsDir,
        configFile: run.configFile,
        folder,
        env: { TMPDIR: tmpDir, [TEST_POLL_FLOOR_ENV_VAR]: '1', [COMPANION_CONTROL_ENV]: path.join(dir, 'companion-control.json'), ...boundToken(options.env, double) },
        logFile: path.join(dir, 'code-server.log'),
        locale: options.locale,
      });
      cleanups.push(() => server.stop());

      const browser = await browserReady;
      const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 } });
      cleanups.push(() => context.close());
      const page = await context.newPage();
      await recordToasts(page);
      await recordFocus(page);
      const workbench = new Workbench(page, run.artifactsDir);
      const session = new VscodeSession(options.name, host, run, dir, userDataDir, folder, double, others, server, context, page, workbench);
      cleanups.length = 0;
      try {
        await page.goto(workbenchUrl(server.url, folder));
        await workbench.waitForReady();
        // The workbench draws before the extension host has activated anything (onStartupFinished): on a busy machine
        // that took longer than a test's first wait. A test starts once the extension has restored its session.
        await session.waitForLogLine(RESTORED, 0, 120_000);
        if (options.locale) {
          await session.installLanguagePack(options.locale);
          await session.waitForLogLine(RESTORED, 1, 120_000);
        }
      } catch (error) {
        const artifacts = await session.captureFailure(`${options.name} start`);
        await session.close();
        throw new Error(`the workbench did not load (artifacts: ${artifacts}): ${(error as Error).message}`);
      }
      return session;
    } catch (error) {
      await cleanUp();
      throw error;
    }
  }

  /**
   * Installs a language pack for `locale` as a person does, through the workbench (code-server's own installer, run
   * beside it, leaves VS Code's list of language packs unwritten), then reloads the window into that language.
   */
  private async installLanguagePack(locale: string): Promise<void> {
    const vsix = await packageLanguagePack({ locale, dir: path.join(this.dir, 'language-pack'), out: path.join(this.dir, `language-pack-${locale}.vsix`) });
    // The file is on the server, where the companion's host runs: the workbench hands it to the server's extension management.
    await this.executeCommand('workbench.extensions.installExtension', { $file: vsix });
    await waitFor(`VS Code to list the language pack for ${locale}`, () => {
      const file = path.join(this.userDataDir, 'languagepacks.json');
      return existsSync(file) && locale in JSON.parse(readFileSync(file, 'utf8'));
    }, { timeoutMs: 60_000 });
    await this.reload();
  }

  get serverUrl(): string {
    return this.server.url;
  }

  /** Reloads the browser page (a new workbench and extension host, same profile). */
  async reload(): Promise<void> {
    this.loadedAt = Date.now();
    await this.page.reload();
    await this.workbench.waitForReady();
  }

  /**
   * "Developer: Reload Window", as a person reloads VS Code: unlike a reload of the browser page, the workbench
   * shuts down first and writes its state (extensions' workspace and global state) before the new window loads.
   */
  async reloadWindow(timeoutMs = 60_000): Promise<void> {
    this.loadedAt = Date.now();
    const mainFrame = this.page.mainFrame();
    const navigated = this.page.waitForEvent('framenavigated', { predicate: (frame) => frame === mainFrame, timeout: timeoutMs });
    await this.workbench.runCommand('Developer: Reload Window').catch(async (error) => {
      // The palette may vanish with the old page before the harness sees it close.
      if (!(await navigated.then(() => true, () => false))) throw error;
    });
    await navigated;
    await this.page.waitForLoadState('load', { timeout: timeoutMs });
    await this.workbench.waitForReady();
  }

  /**
   * Slows the workbench's page down `rate` times (Chrome's CPU throttling; 1 restores full speed), to widen the
   * timing windows a slow or busy machine opens between the workbench and the extension host.
   */
  async throttleCpu(rate: number): Promise<void> {
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    } finally {
      await cdp.detach();
    }
  }

  /**
   * Asks the test companion in this window's extension host (test/companion/control.js): `PUT /settings` makes the
   * user's gitlabActivity.* settings exactly the body (keys without the section), `POST /command` runs a command.
   * Waits for the current window's companion (it starts once the workbench has started).
   */
  async companion<T>(method: 'PUT' | 'POST', route: '/settings' | '/command', body: unknown, timeoutMs = 30_000): Promise<T> {
    const file = path.join(this.dir, 'companion-control.json');
    const port = await waitFor('the test companion of this window to listen', () => {
      try {
        const announced = JSON.parse(readFileSync(file, 'utf8')) as { port: number; at: number };
        return announced.at >= this.loadedAt && announced.port;
      } catch {
        return undefined;
      }
    }, { timeoutMs });
    const response = await fetch(`http://127.0.0.1:${port}${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`the companion's ${method} ${route} answered ${response.status}: ${answer.error}`);
    return answer;
  }

  /** Makes the user's gitlabActivity.* settings exactly these (full keys; others of the section are removed). */
  async setExtensionSettings(settings: Record<string, unknown>): Promise<string[]> {
    const section = 'gitlabActivity.';
    const body = Object.fromEntries(Object.entries(settings)
      .filter(([key]) => key.startsWith(section))
      .map(([key, value]) => [key.slice(section.length), value]));
    return (await this.companion<{ changed: string[] }>('PUT', '/settings', body)).changed;
  }

  /** Runs a command in this window's extension host. */
  async executeCommand(command: string, ...args: unknown[]): Promise<void> {
    await this.companion('POST', '/command', { command, args });
  }

  /**
   * Everything the extension wrote to its "GitLab Activity" output channel so far, read from the server's files: Node
   * host sessions only (use `readExtensionLog` in either host).
   */
  extensionLog(): string {
    return this.serverLogFiles().map((file) => file.text).join('\n');
  }

  /** The extension's log lines with their times, oldest first (across reloads: each extension host has a file). Node host only. */
  extensionLogLines(): LogLine[] {
    return linesOf(this.serverLogFiles());
  }

  /** How many of the extension's log lines match so far (across reloads). Node host only. */
  countLogLines(pattern: RegExp): number {
    return this.extensionLogLines().filter((line) => pattern.test(line.message)).length;
  }

  /** Everything the extension wrote to its output channel so far, in either host. */
  async readExtensionLog(): Promise<string> {
    return (await this.extensionLogFiles()).map((file) => file.text).join('\n');
  }

  /** The extension's log lines with their times, oldest first (across reloads), in either host. */
  async readLogLines(): Promise<LogLine[]> {
    return linesOf(await this.extensionLogFiles());
  }

  /** Waits for a log line matching `pattern` beyond the first `already` of them (say, the reloaded window's). */
  waitForLogLine(pattern: RegExp, already: number, timeoutMs = 30_000): Promise<LogLine> {
    return waitFor(`log line ${already + 1} matching ${pattern}`, async () =>
      (await this.readLogLines()).filter((line) => pattern.test(line.message))[already], { timeoutMs });
  }

  /**
   * Reloads the page (or with `window`, runs "Developer: Reload Window") and waits for the new window's "Session
   * restored: …" line, which says whom the extension found signed in once it read the tokens. Returns its message.
   */
  async reloadAndRestore(how: 'page' | 'window' = 'page'): Promise<string> {
    const reload = () => (how === 'window' ? this.reloadWindow() : this.reload());
    if (this.host === 'node') {
      const restored = this.countLogLines(RESTORED);
      await reload();
      return (await this.waitForLogLine(RESTORED, restored)).message;
    }
    // The browser stores a line a moment after it is logged, and may still store the old window's last ones as the
    // page goes: a count taken before the reload is no mark. The new window logs to files of its own.
    const before = new Set((await this.extensionLogFiles()).map((file) => file.path));
    await reload();
    return waitFor(`the reloaded window's line matching ${RESTORED}`, async () =>
      linesOf((await this.extensionLogFiles()).filter((file) => !before.has(file.path))).find((line) => RESTORED.test(line.message))?.message,
    { timeoutMs: 30_000 });
  }

  /** The extension's log files, from the server (Node host) or the browser's storage (web worker host). */
  private async extensionLogFiles(): Promise<Array<{ path: string; text: string }>> {
    if (this.host === 'node') return this.serverLogFiles();
    return (await readBrowserLogFiles(this.page)).filter((file) => isExtensionLogFile(file, EXTENSION_ID, LOG_CHANNEL));
  }

  private serverLogFiles(): Array<{ path: string; text: string }> {
    if (this.host !== 'node') {
      throw new Error('the web worker extension host writes its log in the browser: read it with readExtensionLog or readLogLines');
    }
    return extensionLogFiles(this.userDataDir, EXTENSION_ID, LOG_CHANNEL).map((file) => ({ path: file, text: readFileSync(file, 'utf8') }));
  }

  /**
   * Saves what explains a failure under artifacts/vscode/<test>/: a screenshot, where the focus went, the
   * notifications (listed, and a screenshot with their center open), the extension's output-channel log,
   * the extension host's and server's logs, code-server's output and the browser console. Returns the folder.
   */
  async captureFailure(testTitle: string): Promise<string> {
    const target = path.join(this.run.artifactsDir, slug(testTitle));
    mkdirSync(target, { recursive: true });
    // First, before the captures below draw anything: how the page was drawing, and where the focus went.
    writeText(path.join(target, 'frame-pace.txt'), await this.framePace());
    writeText(path.join(target, 'focus-trail.txt'), await focusTrail(this.page));
    try {
      await this.page.screenshot({ path: path.join(target, 'screenshot.png'), timeout: 10_000 });
    } catch (error) {
      writeText(path.join(target, 'screenshot-failed.txt'), String(error));
    }
    await this.captureNotifications(target);
    const logsDir = path.join(this.userDataDir, 'logs');
    copyInto(path.join(target, 'extension-log'), logsDir, extensionLogFiles(this.userDataDir, EXTENSION_ID, LOG_CHANNEL));
    copyInto(path.join(target, 'host-logs'), logsDir, hostLogFiles(this.userDataDir));
    if (this.host === 'web') await this.captureBrowserLogs(target);
    writeFileSync(path.join(target, 'code-server.log'), this.server.output());
    writeFileSync(path.join(target, 'browser-console.log'), this.consoleLines.join('\n'));
    if (this.double) writeFileSync(path.join(target, 'double-requests.json'), JSON.stringify(this.double.requests, null, 2));
    for (const [index, other] of this.others.entries()) {
      writeFileSync(path.join(target, `double-${index + 2}-requests.json`), JSON.stringify(other.requests, null, 2));
    }
    return target;
  }

  /** The web worker host's logs, kept in the browser: the extension's channel and the hosts' own logs. */
  private async captureBrowserLogs(target: string): Promise<void> {
    let files: BrowserLogFile[];
    try {
      files = await readBrowserLogFiles(this.page);
    } catch (error) {
      writeText(path.join(target, 'browser-logs-failed.txt'), String(error));
      return;
    }
    const save = (dir: string, file: BrowserLogFile) => writeText(path.join(target, dir, file.path.replace(/^\//, '').split('/').join('__')), file.text);
    for (const file of files.filter((candidate) => isExtensionLogFile(candidate, EXTENSION_ID, LOG_CHANNEL))) save('extension-log', file);
    for (const file of files.filter(isBrowserHostLogFile)) save('host-logs', file);
  }

  /**
   * The time the page takes to run two animation frames, five times over. The workbench draws every change in an
   * animation frame, and Playwright waits for two of them before each click, so a page whose frames come about once a
   * second (the full Chromium run headless paced a page that way now and then; see test/vscode/README.md) makes every
   * step slow and every wait of a test shorter than it looks. A failure says which kind of page it had.
   */
  private async framePace(): Promise<string> {
    const samples: string[] = [];
    for (let i = 0; i < 5; i++) {
      const sample = this.page.evaluate(() => new Promise<number>((resolve) => {
        const start = performance.now();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(Math.round(performance.now() - start))));
      }));
      const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 5_000).unref());
      const took = await Promise.race([sample, timeout]).catch((error: Error) => error);
      if (took instanceof Error) return `the page could not be asked to draw: ${took.message}\n`;
      samples.push(took === Infinity ? 'over 5000' : String(took));
    }
    const slow = samples.filter((sample) => sample === 'over 5000' || Number(sample) > 250).length;
    return `two animation frames took (ms): ${samples.join(', ')}\n` +
      (slow >= 3 ? 'the page was drawing about once a second: every step of the test ran slow\n' : 'the page was drawing at its usual pace\n');
  }

  /**
   * Toasts hide after a while, and a failed command may only have left one there: the notification center lists
   * them all. Its text goes to notifications.txt, and a second screenshot shows it open.
   */
  private async captureNotifications(target: string): Promise<void> {
    const center = this.page.locator('.notifications-center');
    try {
      if (!(await center.isVisible())) await this.page.locator('[id="status.notifications"]').click({ timeout: 5_000 });
      await center.waitFor({ state: 'visible', timeout: 5_000 });
      const texts = await center.locator('.notification-list-item').evaluateAll((items) =>
        items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
      writeText(path.join(target, 'notifications.txt'), texts.length > 0 ? texts.join('\n') : '(no notifications)');
      await this.page.screenshot({ path: path.join(target, 'screenshot-notifications.png'), timeout: 10_000 });
    } catch (error) {
      writeText(path.join(target, 'notifications-failed.txt'), String(error));
    }
    // Left open, the center would keep the suite's later notifications from showing as toasts (it once stayed open
    // after one click, and the next test waited in vain for its toast): clicked until it is closed.
    await waitFor('the notification center to close', async () => {
      if (!(await center.isVisible())) return true;
      await this.page.locator('[id="status.notifications"]').click({ timeout: 2_000 });
      await center.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
      return false;
    }, { timeoutMs: 10_000 }).catch(() => undefined);
  }

  async close(): Promise<void> {
    const errors: unknown[] = [];
    const attempt = async (step: () => Promise<unknown>) => {
      try {
        await step();
      } catch (error) {
        errors.push(error);
      }
    };
    await attempt(() => this.context.close());
    await attempt(() => this.server.stop());
    if (this.double) await attempt(() => this.double!.close());
    for (const other of this.others) await attempt(() => other.close());
    if (errors.length > 0) throw errors[0];
  }

  private recordConsole(message: ConsoleMessage): void {
    this.consoleLines.push(`[${message.type()}] ${message.text()}`);
    // Bounded: a long session must not grow without limit.
    if (this.consoleLines.length > 2000) this.consoleLines.splice(0, this.consoleLines.length - 2000);
  }
}
