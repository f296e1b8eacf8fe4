// `npm run demo`: the extension working without a GitLab account or a desktop. Builds the .vsix, starts the GitLab
// test double with realistic data, starts code-server on loopback with the extension installed and signed in, and
// prints the URL to open. Ctrl-C stops everything it started.
// `npm run demo -- --screenshots DIR`: instead opens the workbench headlessly, visits each surface, saves a
// screenshot of each (compressed: scripts/compress-screenshots.mjs), and exits.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS, installExtensions, startCodeServer, stopAllCodeServers, workbenchUrl, writeCodeServerConfig, writeUserSettings,
} from './vscode-env/code-server.mjs';
import { CHROMIUM_PATH } from './vscode-env/paths.mjs';
import { ensureVscodeEnv } from './vscode-env/setup.mjs';
import { compressScreenshots } from './compress-screenshots.mjs';
import { GitLabDouble } from '../test/double';
import { Workbench } from '../test/vscode/harness/workbench';
import { tourSurfaces } from './demo-tour';

const TOKEN = 'glpat-test-token';
const SECOND_TOKEN = 'glpat-second-instance';
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
  const { values } = parseArgs({ options: { screenshots: { type: 'string' }, port: { type: 'string' } } });
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
  const userDataDir = path.join(demoDir, 'user-data');
  const extensionsDir = path.join(demoDir, 'extensions');
  installExtensions({ paths, userDataDir, extensionsDir, configFile, vsixFiles: [path.join(root, 'gitlab-activity.vsix')] });
  writeUserSettings(userDataDir, {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    'git.openRepositoryInParentFolders': 'never',
    'gitlabActivity.instanceUrl': double.url,
    'gitlabActivity.projects': [seeded.projects[1]],
    'gitlabActivity.users': [seeded.user],
    'gitlabActivity.pollInterval': 60,
  });
  // The workspace is a clone of one of the double's projects: its remote makes it the status bar's scope.
  const workspace = path.join(demoDir, 'workspace');
  mkdirSync(path.join(workspace, '.git'), { recursive: true });
  writeFileSync(path.join(workspace, '.git', 'config'),
    `[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = ${double.url}/${seeded.customProject}.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n`);
  writeFileSync(path.join(workspace, 'README.md'), `# ${seeded.customProject}\n\nA demo workspace whose git remote points at the GitLab double.\n`);

  const server = await startCodeServer({
    paths, userDataDir, extensionsDir, configFile, folder: workspace,
    env: { GITLAB_ACTIVITY_TOKEN: TOKEN, GITLAB_ACTIVITY_INSTANCE_URL: double.url, TMPDIR: demoDir }, logFile: path.join(demoDir, 'code-server.log'),
  });
  const url = workbenchUrl(server.url, workspace);

  if (values.screenshots) {
    const out = path.resolve(values.screenshots);
    mkdirSync(out, { recursive: true });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    // A second, smaller instance for the two-accounts step: signed in to by the tour itself, through the sign-in flow.
    const second = await GitLabDouble.start({ events: 120, seed: 7, tokens: [{ token: SECOND_TOKEN, scopes: ['api'], userId: 2 }] });
    try {
      const page = await (await browser.newContext({ viewport: { width: 1400, height: 860 } })).newPage();
      const workbench = new Workbench(page, out);
      await page.goto(url);
      await workbench.waitForReady();
      try {
        const tour = await tourSurfaces(workbench, page, out, seeded.customProject,
          (title) => { double.addEvent({ action: 'created', targetType: 'Issue', targetTitle: title }); },
          { firstUrl: double.url, url: second.url, token: SECOND_TOKEN });
        // They ship in the .vsix with the README: compressed as they are taken.
        for (const { file, before, after } of compressScreenshots(tour)) {
          log(`saved ${path.relative(process.cwd(), file)} (${(after / 1024).toFixed(0)} KiB, ${(before / 1024).toFixed(0)} KiB as taken)`);
        }
      } catch (error) {
        await page.screenshot({ path: path.join(out, 'failure.png') }).catch(() => undefined);
        throw new Error(`${error instanceof Error ? error.message : String(error)} (what the page showed: ${path.join(out, 'failure.png')})`);
      }
    } finally {
      await browser.close();
      await server.stop();
      await double.close();
      await second.close();
    }
    return;
  }

  log(`VS Code with the extension, signed in to the double: open ${url}`);
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
