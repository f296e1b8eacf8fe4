// Starts and stops code-server (VS Code's workbench served over HTTP, with a real Node extension host) and installs
// extensions into it. Used by the real-VS Code tests and the demo.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Headless Chromium on a machine without internet: no background traffic, no sandbox (we run as root).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
];

const LISTENING = /HTTP server listening on (http:\/\/\S+?)\/?\s/;

/** Every code-server started by this process (with its stop function), so an exiting process can still take them down. */
const running = new Map();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running.keys()) killGroup(child, 'SIGKILL');
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops every code-server this process started and has not stopped yet. */
export async function stopAllCodeServers() {
  await Promise.all([...running.values()].map((stop) => stop()));
}

/** The environment code-server runs with: ours, minus variables that belong to an enclosing VS Code or Node tool. */
export function codeServerEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('VSCODE_') || key === 'NODE_OPTIONS' || key === 'ELECTRON_RUN_AS_NODE') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** code-server reads its defaults from this file instead of writing one under the home directory. */
export function writeCodeServerConfig(file) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'auth: none\ncert: false\nbind-addr: 127.0.0.1:0\ndisable-telemetry: true\ndisable-update-check: true\n');
  return file;
}

/** Writes the profile's user settings (code-server keeps them on the server side of the user-data dir). */
export function writeUserSettings(userDataDir, settings) {
  const dir = path.join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/** Installs .vsix files with code-server's own installer (copying folders into the extensions dir does not load them). */
export function installExtensions({ paths, userDataDir, extensionsDir, configFile, vsixFiles }) {
  const args = [
    paths.codeServerEntry,
    '--config',
    configFile,
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    ...vsixFiles.flatMap((file) => ['--install-extension', file]),
    '--force',
  ];
  const result = spawnSync(paths.node24, args, { encoding: 'utf8', env: codeServerEnv() });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 || /Failed Installing|Unable to install|not compatible/i.test(output)) {
    throw new Error(`installing ${vsixFiles.join(', ')} failed:\n${output}`);
  }
  return output;
}

/**
 * Starts code-server on a free loopback port and resolves once it serves HTTP.
 * Returns { url, stop() }; stop() ends code-server and its extension host.
 */
export async function startCodeServer({
  paths,
  userDataDir,
  extensionsDir,
  configFile,
  folder,
  env = {},
  logFile,
  locale,
  timeoutMs = 60_000,
}) {
  installExitHook();
  const args = [
    paths.codeServerEntry,
    '--config',
    configFile,
    '--auth',
    'none',
    '--bind-addr',
    '127.0.0.1:0',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    '--builtin-extensions-dir',
    paths.builtinExtensionsKept,
  ];
  // VS Code's display language; it takes effect once a language pack for it is installed.
  if (locale) args.push('--locale', locale);
  if (folder) args.push(folder);
  // Its own process group, so stop() reaches the extension host and other children too.
  const child = spawn(paths.node24, args, {
    env: codeServerEnv(env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logStream = logFile ? createWriteStream(logFile) : undefined;
  let output = '';
  const onData = (chunk) => {
    output += chunk;
    logStream?.write(chunk);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: error.message, signal: null }));
  });
  exited.then(() => {
    running.delete(child);
    logStream?.end();
  });

  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, 'SIGTERM');
      const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        killGroup(child, 'SIGKILL');
        await exited;
      }
    })();
    return stopping;
  };

  running.set(child, stop);

  const url = await new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => finish(new Error(`code-server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      const match = LISTENING.exec(output);
      if (match) finish(undefined, match[1]);
    };
    const onExit = ({ code, signal }) => finish(new Error(`code-server exited (${code ?? signal}) before listening:\n${output}`));
    function finish(error, value) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      if (error) {
        killGroup(child, 'SIGKILL');
        reject(error);
      } else resolve(value);
    }
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    exited.then(onExit);
    check();
  });

  return { url, pid: child.pid, output: () => output, stop };
}

/** The workbench address that opens `folder`. */
export function workbenchUrl(serverUrl, folder) {
  const url = new URL(serverUrl);
  if (folder) url.searchParams.set('folder', folder);
  return url.toString();
}
