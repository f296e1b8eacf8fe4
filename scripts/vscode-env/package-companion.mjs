// Packages the test companion extension (test/companion) into a .vsix that code-server can install.
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);

export async function packageCompanion({ root, out }) {
  const { createVSIX } = require('@vscode/vsce');
  mkdirSync(path.dirname(out), { recursive: true });
  // vsce prints the file tree of the package; keep it only for when packaging fails.
  const printed = [];
  const saved = { log: console.log, info: console.info, warn: console.warn };
  console.log = console.info = console.warn = (...args) => printed.push(args.join(' '));
  try {
    await createVSIX({
      cwd: path.join(root, 'test', 'companion'),
      packagePath: out,
      dependencies: false,
      allowMissingRepository: true,
      skipLicense: true,
    });
  } catch (error) {
    error.message = `packaging test/companion failed: ${error.message}\n${printed.join('\n')}`;
    throw error;
  } finally {
    Object.assign(console, saved);
  }
  return out;
}
