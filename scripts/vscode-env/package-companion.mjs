// Packages the test companion extension (test/companion) into a .vsix that code-server can install.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
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

/**
 * Packages a language pack for `locale` with no translations of VS Code's own: installed, it makes `locale` a display
 * language VS Code can take (without one, VS Code falls back to English for itself and for every extension), while its
 * own words stay English. What the extension shows then comes from the extension's own translations alone.
 */
export async function packageLanguagePack({ locale, dir, out }) {
  const { createVSIX } = require('@vscode/vsce');
  mkdirSync(path.join(dir, 'translations'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({
    name: `test-language-pack-${locale}`,
    displayName: `Test language pack (${locale})`,
    description: `Makes ${locale} a display language, for the tests; VS Code's own words stay English.`,
    publisher: 'gitlab-activity-tests',
    version: '0.0.1',
    license: 'MIT',
    engines: { vscode: '^1.90.0' },
    categories: ['Language Packs'],
    contributes: {
      localizations: [{ languageId: locale, languageName: locale, localizedLanguageName: locale, translations: [{ id: 'vscode', path: './translations/main.i18n.json' }] }],
    },
  }, null, 2)}\n`);
  writeFileSync(path.join(dir, 'translations', 'main.i18n.json'), '{ "version": "1.0.0", "contents": {} }\n');
  const saved = { log: console.log, info: console.info, warn: console.warn };
  const printed = [];
  console.log = console.info = console.warn = (...args) => printed.push(args.join(' '));
  try {
    await createVSIX({ cwd: dir, packagePath: out, dependencies: false, allowMissingRepository: true, skipLicense: true });
  } catch (error) {
    error.message = `packaging the language pack for ${locale} failed: ${error.message}\n${printed.join('\n')}`;
    throw error;
  } finally {
    Object.assign(console, saved);
  }
  return out;
}
