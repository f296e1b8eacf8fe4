// `npm run demo`: the extension working without a GitLab account or a desktop. Builds the .vsix, starts the GitLab
// test double with realistic data, starts code-server on loopback with the extension installed and signed in, and
// prints the URL to open. Ctrl-C stops everything it started.
// `npm run demo -- --screenshots DIR`: instead opens the workbench headlessly, visits each surface, saves a
// screenshot of each (compressed: scripts/compress-screenshots.mjs), then one of the extension in the browser's web
// worker extension host from a second code-server (web-worker.png), and exits.
// `--web`: the extension runs in the browser's web worker extension host instead of the Node one (the user setting
// `remote.extensionKind`). The worker has no environment, so no token variable signs it in: the demo prints the
// token to sign in with through "GitLab: Sign In…". With `--screenshots`, the demo signs in so itself, takes
// web-worker.png in that one workbench, then runs the tour there.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import {
  CHROMIUM_ARGS, installExtensions, startCodeServer, stopAllCodeServers, workbenchUrl, writeCodeServerConfig, writeUserSettings,
} from './vscode-env/code-server.mjs';
import { CHROMIUM_PATH } from './vscode-env/paths.mjs';
import { ensureVscodeEnv } from './vscode-env/setup.mjs';
import { compressScreenshots } from './compress-screenshots.mjs';
import { GitLabDouble } from '../test/double';
import { webHostSettings } from '../test/vscode/harness/session';
import { Workbench } from '../test/vscode/harness/workbench';
import { comment, OTHER, projectPath, subscribedIssue } from '../test/vscode/harness/catch-up';
import { signInFromPalette, tourSurfaces, webWorkerSurface } from './demo-tour';

const TOKEN = 'glpat-test-token';
const SECOND_TOKEN = 'glpat-second-instance';
const DISPLAY_NAME = 'Activity & Notifications for GitLab';
/** In the web worker host: Running Extensions opens in the editor area, beside the view, rather than as a dialog over it. */
const WEB_WORKER_SETTINGS = { ...webHostSettings(), 'workbench.editor.useModal': 'off' };
const log = (message: string) => console.log(`[demo] ${message}`);

async function seedSettings(double: GitLabDouble): Promise<{ customProject: string; projects: string[]; user: string }> {
  const put = async (route: string, query: string) => {
    const response = await fetch(`${double.apiUrl}${route}?${query}`, { method: 'PUT', headers: { 'private-token': TOKEN } });
    if (!response.ok) throw new Error(`PUT ${route}?${query}: ${response.status} ${await response.text()}`);
  };
  const me = double.data.users.find((user) => user.id === 1)!;
  const projects = double.data.projects.slice(0, 3).map((project) => project.pathWithNamespace);
  const [customProject, mutedProject] = projects;
  await put('/notification_settings', 'level=watch');
  await put(`/projects/${encodeURIComponent(customProject)}/notification_settings`, 'level=custom&new_note=true&close_issue=true&failed_pipeline=false');
  await put(`/projects/${encodeURIComponent(mutedProject)}/notification_settings`, 'level=disabled');
  const group = double.data.groups[0];
  if (group) await put(`/groups/${encodeURIComponent(group.fullPath)}/notification_settings`, 'level=mention');
  const other = double.data.users.find((user) => user.id !== me.id && !user.privateProfile)!;
  return { customProject, projects: projects.slice(0, 2), user: other.username };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { screenshots: { type: 'string' }, port: { type: 'string' }, web: { type: 'boolean', default: false } } });
  const web = values.web === true;
  const paths = ensureVscodeEnv();
  const root = paths.root;
  const demoDir = path.join(paths.cache, 'demo');
  rmSync(demoDir, { recursive: true, force: true });
  mkdirSync(demoDir, { recursive: true });

  log('packaging the extension…');
  const packaged = spawnSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (packaged.status !== 0) throw new Error('`npm run package` failed');

  const double = await GitLabDouble.start({ events: 600, seed: 42, edition: 'ee', port: values.port ? Number(values.port) : 0 });
  const seeded = await seedSettings(double);
  log(`GitLab double listening on ${double.url} (token ${TOKEN})`);

  const configFile = writeCodeServerConfig(path.join(demoDir, 'code-server.yaml'));
  const extensionsDir = path.join(demoDir, 'extensions');
  installExtensions({ paths, userDataDir: path.join(demoDir, 'user-data'), extensionsDir, configFile, vsixFiles: [path.join(root, 'gitlab-activity.vsix')] });
  const settings = {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    // The demo's page is no place for code-server's toasts about ports it forwarded (past 20, it says so).
    'remote.autoForwardPorts': false,
    'git.openRepositoryInParentFolders': 'never',
    'gitlabActivity.instanceUrl': double.url,
    'gitlabActivity.projects': [seeded.projects[1]],
    'gitlabActivity.users': [seeded.user],
    'gitlabActivity.pollInterval': 60,
  };
  // The workspace is a clone of one of the double's projects: its remote makes it the status bar's scope.
  const workspace = path.join(demoDir, 'workspace');
  mkdirSync(path.join(workspace, '.git'), { recursive: true });
  writeFileSync(path.join(workspace, '.git', 'config'),
    `[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = ${double.url}/${seeded.customProject}.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n`);
  writeFileSync(path.join(workspace, 'README.md'), `# ${seeded.customProject}\n\nA demo workspace whose git remote points at the GitLab double.\n`);

  /**
   * code-server with the extension in the Node extension host, signed in by the environment's token; or (`inWorker`)
   * in the browser's web worker extension host, which sees no environment: signed out until one signs in. Each has a
   * profile of its own (`user-data`, `user-data-web`); both share the installed extension.
   */
  const startWorkbench = (inWorker: boolean) => {
    const userDataDir = path.join(demoDir, inWorker ? 'user-data-web' : 'user-data');
    writeUserSettings(userDataDir, inWorker ? { ...settings, ...WEB_WORKER_SETTINGS } : settings);
    return startCodeServer({
      paths, userDataDir, extensionsDir, configFile, folder: workspace,
      env: inWorker ? { TMPDIR: demoDir } : { GITLAB_ACTIVITY_TOKEN: TOKEN, GITLAB_ACTIVITY_INSTANCE_URL: double.url, TMPDIR: demoDir },
      logFile: path.join(demoDir, inWorker ? 'code-server-web.log' : 'code-server.log'),
    });
  };
  const server = await startWorkbench(web);
  const url = workbenchUrl(server.url, workspace);

  if (values.screenshots) {
    const out = path.resolve(values.screenshots);
    mkdirSync(out, { recursive: true });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    // A second, smaller instance for the two-accounts step: signed in to by the tour itself, through the sign-in flow.
    const second = await GitLabDouble.start({ events: 120, seed: 7, tokens: [{ token: SECOND_TOKEN, scopes: ['api'], userId: 2 }] });
    const servers = [server];
    let page: Page | undefined;
    /** A fresh browser context on a workbench, loaded. */
    const open = async (serverUrl: string) => {
      await page?.context().close();
      page = await (await browser.newContext({ viewport: { width: 1400, height: 860 } })).newPage();
      const workbench = new Workbench(page, out);
      await page.goto(workbenchUrl(serverUrl, workspace));
      await workbench.waitForReady();
      return { workbench, page };
    };
    try {
      const shots: string[] = [];
      try {
        const first = await open(server.url);
        let inWorker: string | undefined;
        if (web) {
          // The web worker sees no environment: signed in as a person is, through the sign-in flow. Its picture is
          // taken first, while the view shows one instance (the tour ends with two, the first one folded).
          await signInFromPalette(first.workbench, first.page, TOKEN);
          inWorker = await webWorkerSurface(first.workbench, first.page, out, DISPLAY_NAME);
          await first.workbench.runCommand('View: Close All Editors');
        }
        shots.push(...await tourSurfaces(first.workbench, first.page, out, seeded.customProject,
          {
            addIssue: (title) => { double.addEvent({ action: 'created', targetType: 'Issue', targetTitle: title }); },
            commentOnSubscribed: (body) => {
              const issue = subscribedIssue(double);
              comment(double, issue, OTHER, body);
              return `${projectPath(double, issue.projectId)}#${issue.iid}`;
            },
          },
          { firstUrl: double.url, url: second.url, token: SECOND_TOKEN }));
        if (!web) {
          // The tour ran in the Node host: one picture from a second code-server with the extension in the web worker,
          // once the first is stopped (two at once share the machine's cores with Chromium).
          await server.stop();
          const webServer = await startWorkbench(true);
          servers.push(webServer);
          const webWorkbench = await open(webServer.url);
          await signInFromPalette(webWorkbench.workbench, webWorkbench.page, TOKEN);
          inWorker = await webWorkerSurface(webWorkbench.workbench, webWorkbench.page, out, DISPLAY_NAME);
        }
        shots.push(inWorker!);
      } catch (error) {
        await page?.screenshot({ path: path.join(out, 'failure.png') }).catch(() => undefined);
        throw new Error(`${error instanceof Error ? error.message : String(error)} (what the page showed: ${path.join(out, 'failure.png')})`);
      }
      // The README's ship in the .vsix, all are committed: compressed as they are taken.
      for (const { file, before, after } of compressScreenshots(shots)) {
        log(`saved ${path.relative(process.cwd(), file)} (${(after / 1024).toFixed(0)} KiB, ${(before / 1024).toFixed(0)} KiB as taken)`);
      }
    } finally {
      await browser.close();
      for (const running of servers) await running.stop();
      await double.close();
      await second.close();
    }
    return;
  }

  if (web) {
    log(`VS Code with the extension in the browser's web worker extension host: open ${url}`);
    log(`The worker has no environment: run "GitLab: Sign In…", keep the instance URL (${double.url}) and enter the token ${TOKEN}.`);
    log('"Developer: Show Running Extensions" names the host it runs in: web worker.');
  } else {
    log(`VS Code with the extension, signed in to the double: open ${url}`);
  }
  log('Ctrl-C stops code-server and the double.');
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  log('stopping…');
  await stopAllCodeServers();
  await double.close();
}

main().then(() => process.exit(0), async (error: unknown) => {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  await stopAllCodeServers().catch(() => undefined);
  process.exit(1);
});
