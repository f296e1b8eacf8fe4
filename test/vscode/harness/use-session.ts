import { DEFAULT_TOKEN } from '../../double';
import { closeRunBrowser, defaultSettings, mergeSettings, VscodeSession, type VscodeSessionOptions } from './session';
import { waitForToastWindow } from './toast-window';
import { waitFor } from './wait-for';
import { VIEW_CONTAINER } from './workbench';

/** What a suite asks of its workbench, beyond what `VscodeSessionOptions` says. */
export interface SuiteSessionOptions extends VscodeSessionOptions {
  /**
   * Why this suite needs a workbench of its own, started for it and closed after it. Without it, suites whose
   * options differ only in `name` and gitlabActivity.* `settings` share one workbench (see `useVscodeSession`).
   */
  fresh?: string;
}

/** A running workbench that suites take turns on, and the options it was started with. */
interface Shared {
  key: string;
  session: VscodeSession;
  busy: boolean;
  /** A test failed on it: its state is unknown, so it is closed rather than handed on. */
  failed?: boolean;
}

const pool: Shared[] = [];
let unshareable = 0;
/** Workbenches started for the suites, reported at the end of the run. */
let started = 0;

/** Commands that put a window back as a suite found it, run between suites sharing it. */
const RESET_COMMANDS = [
  'workbench.action.closeAllEditors',
  'workbench.action.closePanel',
  'notifications.clearAll',
  // Nothing stays unread for the next suite's badge.
  'gitlabActivity.markAllSeen',
];

/**
 * The options that decide whether two suites can share a workbench: all of them (the extension host too) but the name
 * and the extension's own settings (those are set through the companion as a suite takes the workbench). Files or machine settings given as
 * functions, a double on a clock of the suite's own (a function, which the key cannot compare), and suites that ask to
 * be `fresh`, never share.
 */
function sharingKey(options: SuiteSessionOptions): string {
  const ownClock = typeof options.double === 'object' && typeof options.double.now === 'function';
  if (options.fresh || ownClock || typeof options.files === 'function' || typeof options.machineSettings === 'function') {
    unshareable += 1;
    return `unshared ${unshareable}`;
  }
  const otherSettings = Object.entries(options.settings ?? {}).filter(([key]) => !key.startsWith('gitlabActivity.'));
  // Suites of the Node host and of the web worker host never share: the extension runs in a different host.
  return JSON.stringify([
    options.host ?? 'node', options.double ?? {}, options.otherDoubles ?? [], options.env ?? {}, options.machineSettings ?? {}, options.folder ?? '',
    options.files ?? {}, options.viewport ?? {}, otherSettings, options.locale ?? '',
  ]);
}

/** The extension's settings a suite expects in the user's settings: the defaults of every session, then its own. */
function extensionSettings(session: VscodeSession, options: SuiteSessionOptions): Record<string, unknown> {
  return mergeSettings(defaultSettings(session.double?.url), options.settings);
}

/** Leaves nothing of a suite's own behind for the next one: faults, requests, editors, panels, toasts, filters. */
async function reset(session: VscodeSession): Promise<void> {
  for (const double of [session.double, ...session.others]) {
    double?.clearFaults();
    double?.releaseHeld();
  }
  await session.throttleCpu(1);
  for (let i = 0; i < 2; i++) await session.page.keyboard.press('Escape');
  for (const command of RESET_COMMANDS) await session.executeCommand(command);
  // A filter (or tab) is cleared as a person clears it, and the view shows no filter once it is: the command itself
  // resolves only once the tree has been drawn, which a view out of sight may never do.
  const { workbench } = session;
  await workbench.openViewContainer(VIEW_CONTAINER);
  if (await workbench.viewDescription('Activity')) {
    await workbench.runCommand('GitLab: Clear Filters');
    await waitFor('the Activity view to show no filter', async () => (await workbench.viewDescription('Activity')) === '');
  }
  // A fresh workbench shows the Explorer.
  await workbench.openViewContainer('Explorer');
}

async function acquire(key: string, options: SuiteSessionOptions): Promise<Shared> {
  const idle = pool.find((entry) => entry.key === key && !entry.busy);
  if (!idle) {
    const entry: Shared = { key, session: await VscodeSession.start(options), busy: true };
    started += 1;
    if (!key.startsWith('unshared ')) pool.push(entry);
    return entry;
  }
  idle.busy = true;
  const { session } = idle;
  await session.setExtensionSettings(extensionSettings(session, options));
  // Each suite reads its own requests, as on a double started for it.
  for (const double of [session.double, ...session.others]) double?.clearLog();
  return idle;
}

after(async function () {
  this.timeout(60_000);
  for (const entry of pool.splice(0)) await entry.session.close().catch(() => undefined);
  await closeRunBrowser();
  if (started > 0) console.log(`  ${started} workbench(es) started for the UI suites`);
});

/**
 * Gives a mocha `describe` block a VscodeSession, and on every failed test a screenshot and the logs saved under
 * artifacts/vscode/<test>/ (the path is printed).
 *
 * Starting a workbench costs seconds, so suites share one when they can: a suite whose options match an idle
 * workbench's (all but `name` and gitlabActivity.* `settings`) takes it over, with its settings applied through the
 * test companion, a refresh, the double's faults and request log cleared; after it the editors, panel, toasts and
 * filters are closed and cleared again. A suite that changes anything else (the tree's expanded rows, a sign-in,
 * the double's data it depends on) puts it back, or asks for a workbench of its own with `fresh: 'why'`.
 */
export function useVscodeSession(options: SuiteSessionOptions): () => VscodeSession {
  const key = sharingKey(options);
  let entry: Shared | undefined;

  before(async function () {
    this.timeout(180_000);
    entry = await acquire(key, options);
  });

  // A test's toasts must not count against the next one's (see toast-window.ts).
  beforeEach(async function () {
    if (entry) await waitForToastWindow(entry.session.page);
  });

  afterEach(async function () {
    const test = this.currentTest;
    if (!entry || !test || test.state !== 'failed') return;
    entry.failed = true;
    this.timeout(60_000);
    const dir = await entry.session.captureFailure(test.fullTitle());
    console.log(`      artifacts of the failed test: ${dir}`);
  });

  after(async function () {
    this.timeout(60_000);
    const done = entry;
    entry = undefined;
    if (!done) return;
    if (!pool.includes(done) || done.failed) {
      if (pool.includes(done)) pool.splice(pool.indexOf(done), 1);
      await done.session.close();
      return;
    }
    try {
      await reset(done.session);
      done.busy = false;
    } catch (error) {
      // A workbench that cannot be put back is not handed to the next suite.
      pool.splice(pool.indexOf(done), 1);
      await done.session.close().catch(() => undefined);
      throw error;
    }
  });

  return () => {
    if (!entry) throw new Error(`the VS Code session "${options.name}" is not running`);
    return entry.session;
  };
}

/** The common case: signed in through the environment's token (bound to the session's double), as on a CI machine. */
export function useSignedInSession(options: SuiteSessionOptions): () => VscodeSession {
  return useVscodeSession({ ...options, env: { GITLAB_ACTIVITY_TOKEN: DEFAULT_TOKEN, ...options.env } });
}

/**
 * Signed in, with lists of `pageSize` items a page: a small page makes "Load more…" appear and keeps every feed on
 * screen (rows out of view are not rendered).
 */
export function useSignedInSessionOfPages(name: string, pageSize: number): () => VscodeSession {
  return useSignedInSession({ name, settings: { 'gitlabActivity.pageSize': pageSize } });
}
