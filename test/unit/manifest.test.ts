import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_PROVIDER, COMMANDS, CONTEXT_KEYS, SETTINGS, SETTINGS_SECTION, VIEWS, VIEW_CONTAINER, WEBVIEWS } from '../../src/ids';

const root = join(__dirname, '..', '..');
const nls: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8'));
// As VS Code reads it: `%key%` strings replaced by their English text from package.nls.json.
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'),
  (_key, value: unknown) => (typeof value === 'string' && /^%[\w.]+%$/.test(value) ? nls[value.slice(1, -1)] ?? value : value));
const contributes = manifest.contributes;
/**
 * The VS Code that GitLab's Web IDE runs (it installs extensions from Open VSX and runs only web extensions): a higher
 * engines.vscode and the Web IDE would refuse the package. Where it comes from: docs/web-ide-vscode-version.md.
 */
const WEB_IDE_VSCODE = [1, 94] as const;
/** The oldest VS Code supported: engines.vscode and the exact @types/vscode (docs/web-ide-vscode-version.md says why). */
const VSCODE_FLOOR = '1.90.0';

describe('package.json and src/ids.ts agree', () => {
  it('declares exactly the commands of COMMANDS, each in category GitLab', () => {
    const declared = contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepEqual(declared, Object.values(COMMANDS).sort());
    for (const command of contributes.commands) assert.equal(command.category, 'GitLab', command.command);
  });

  it('declares the view container and views', () => {
    assert.deepEqual(contributes.viewsContainers.activitybar.map((c: { id: string }) => c.id), [VIEW_CONTAINER]);
    assert.deepEqual(contributes.views[VIEW_CONTAINER].map((v: { id: string }) => v.id), Object.values(VIEWS));
  });

  it('declares exactly the settings of SETTINGS', () => {
    const declared = Object.keys(contributes.configuration.properties).sort();
    assert.deepEqual(declared, Object.values(SETTINGS).map((key) => `${SETTINGS_SECTION}.${key}`).sort());
  });

  it('menus name only declared commands and views', () => {
    const commands = new Set<string>(Object.values(COMMANDS));
    for (const [menu, items] of Object.entries(contributes.menus as Record<string, Array<{ command: string; when?: string }>>)) {
      for (const item of items) {
        assert.ok(commands.has(item.command), `${menu}: ${item.command}`);
        for (const view of item.when?.match(/view == ([\w.]+)/g) ?? []) {
          assert.ok((Object.values(VIEWS) as string[]).includes(view.slice('view == '.length)), `${menu}: ${view}`);
        }
      }
    }
  });

  it('contributes the authentication provider that lists each instance in the Accounts menu, and activates for it', () => {
    assert.deepEqual(contributes.authentication, [{ id: AUTH_PROVIDER.id, label: AUTH_PROVIDER.label }]);
    assert.ok((manifest.activationEvents as string[]).includes(`onAuthenticationRequest:${AUTH_PROVIDER.id}`));
  });

  it('activates to restore the settings editor under its view type', () => {
    assert.ok((manifest.activationEvents as string[]).includes(`onWebviewPanel:${WEBVIEWS.notificationSettings}`));
  });

  it('uses only declared context keys in when clauses of our own', () => {
    const text = JSON.stringify(contributes);
    const used = new Set(text.match(/gitlabActivity\.(signedIn|filtered)\b/g));
    for (const key of used) assert.ok((Object.values(CONTEXT_KEYS) as string[]).includes(key), key);
    assert.ok(used.size > 0);
  });

  it('keeps the settings that decide where the token goes out of a workspace\'s hands', () => {
    const networkSettings = [SETTINGS.proxy, SETTINGS.caFile, SETTINGS.ignoreCertificateErrors].map((key) => `${SETTINGS_SECTION}.${key}`);
    // Machine scope: VS Code applies them from the user's (or the remote machine's) settings only.
    for (const key of networkSettings) assert.equal(contributes.configuration.properties[key].scope, 'machine', key);
    // Restricted Mode: VS Code ignores the workspace's values of these, the instance included.
    const untrusted = manifest.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, 'limited');
    assert.ok(typeof untrusted.description === 'string' && untrusted.description.length > 0);
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), [...networkSettings, `${SETTINGS_SECTION}.${SETTINGS.instanceUrl}`].sort());
  });

  it('supports VS Code from the floor on, and no floor above the VS Code of GitLab\'s Web IDE', () => {
    const floor = /^\^(\d+)\.(\d+)\.0$/.exec(manifest.engines.vscode);
    assert.ok(floor, `engines.vscode is ^<major>.<minor>.0: ${manifest.engines.vscode}`);
    const [major, minor] = [Number(floor[1]), Number(floor[2])];
    assert.ok(major < WEB_IDE_VSCODE[0] || (major === WEB_IDE_VSCODE[0] && minor <= WEB_IDE_VSCODE[1]),
      `engines.vscode ${manifest.engines.vscode} is above ${WEB_IDE_VSCODE.join('.')}, the VS Code of GitLab's Web IDE`);
    assert.equal(manifest.engines.vscode, `^${VSCODE_FLOOR}`);
    // The API types are the floor's own, so the typecheck fails on API newer than the floor.
    assert.equal(manifest.devDependencies['@types/vscode'], VSCODE_FLOOR);
  });

  it('targets the Node of the oldest supported VS Code', () => {
    assert.match(readFileSync(join(root, 'scripts', 'build.mjs'), 'utf8'), /target: 'node20\.9'/);
  });
});

/** The categories both marketplaces accept (VS Code's list; Open VSX takes the same names). */
const MARKETPLACE_CATEGORIES = new Set([
  'Programming Languages', 'Snippets', 'Linters', 'Themes', 'Debuggers', 'Formatters', 'Keymaps', 'SCM Providers', 'Other',
  'Extension Packs', 'Language Packs', 'Data Science', 'Machine Learning', 'Visualization', 'Notebooks', 'Education',
  'Testing', 'AI', 'Chat',
]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const png = readFileSync(join(root, file));
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG', `${file} is a PNG`);
  assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR', file);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('the manifest follows the marketplaces\' conventions', () => {
  it('is named as a product for GitLab, not as GitLab\'s own, and says it is not affiliated (GitLab\'s trademark guidance)', () => {
    assert.match(manifest.displayName, / for GitLab$/);
    assert.doesNotMatch(manifest.displayName, /^GitLab\b/i);
    assert.match(manifest.description, /not affiliated with\b.*GitLab/i);
    assert.match(readFileSync(join(root, 'README.md'), 'utf8').split('\n').slice(0, 12).join('\n'), /not affiliated with\b.*GitLab Inc/i,
      'the README\'s first screen says it is not affiliated');
    assert.equal(readFileSync(join(root, 'README.md'), 'utf8').split('\n')[0], `# ${manifest.displayName}`);
    // The settings' group and the walkthrough carry the product's name too.
    assert.equal(contributes.configuration.title, manifest.displayName);
    assert.ok((contributes.walkthroughs[0].title as string).endsWith(manifest.displayName));
  });

  it('has a 256 × 256 PNG icon', () => {
    assert.match(manifest.icon, /\.png$/);
    assert.deepEqual(pngSize(manifest.icon), { width: 256, height: 256 });
  });

  it('has a gallery banner, fitting categories and a few keywords', () => {
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme));
    assert.ok(manifest.categories.length > 0);
    for (const category of manifest.categories) assert.ok(MARKETPLACE_CATEGORIES.has(category), category);
    // The Marketplace takes at most 30 tags; the extension's own words, lower case, each once.
    const keywords: string[] = manifest.keywords;
    assert.ok(keywords.length >= 5 && keywords.length <= 30, `${keywords.length} keywords`);
    assert.equal(new Set(keywords).size, keywords.length);
    for (const keyword of keywords) assert.equal(keyword, keyword.toLowerCase(), keyword);
    assert.ok(keywords.includes('gitlab'));
  });

  it('has no Q & A page, and is a preview while its version is 0.x', () => {
    assert.equal(manifest.qna, false);
    assert.equal(manifest.preview === true, /^0\./.test(manifest.version), `version ${manifest.version}, preview ${manifest.preview}`);
  });

  it('names no repository, bugs or homepage until the project has a public home, and packages without asking about it', () => {
    // A made-up address would send people nowhere; vsce then asks whether to go on, which --allow-missing-repository answers.
    for (const field of ['repository', 'bugs', 'homepage']) assert.equal(manifest[field], undefined, field);
    assert.match(manifest.scripts.package, /vsce package [^&]*--allow-missing-repository/);
  });
});
