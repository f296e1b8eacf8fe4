import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_FILE, bundleOf, collectRuntimeStrings, type RuntimeStrings } from '../../scripts/l10nStrings';

const root = join(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

/** vsce replaces only `%key%` with these characters (VS Code also takes `-`): a key outside them would ship as is. */
const NLS_REFERENCE = /^%([\w.]+)%$/;

/** Every string of the manifest with the path that leads to it. */
function strings(value: unknown, path: string[] = []): Array<{ path: string[]; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => strings(item, [...path, key]));
  return [];
}

/** Manifest fields VS Code shows people. */
const SHOWN_KEYS = new Set([
  'title', 'name', 'contextualTitle', 'contents', 'category', 'description', 'markdownDescription', 'enumDescriptions',
  'markdownEnumDescriptions', 'deprecationMessage', 'markdownDeprecationMessage', 'label',
]);

function isShown(path: string[]): boolean {
  if (path.length === 1) return path[0] === 'displayName' || path[0] === 'description';
  if (path[0] === 'capabilities') return path.at(-1) === 'description';
  if (path[0] !== 'contributes') return false;
  // The Accounts menu shows the label the extension registers at run time (AUTH_PROVIDER.label); the manifest's must
  // equal it, so both stay the product's name.
  if (path[1] === 'authentication') return false;
  return path.some((key) => SHOWN_KEYS.has(key)) && !path.includes('default');
}

describe('translations: l10n/bundle.l10n.json', () => {
  let collected: RuntimeStrings;
  before(() => {
    collected = collectRuntimeStrings(root);
  });

  it('every runtime string can reach the bundle: messages are literal strings, and a Localize goes by a name the collector reads', () => {
    const { messages, problems } = collected;
    assert.deepEqual(problems, []);
    assert.ok(messages.size > 100, `only ${messages.size} strings found`);
  });

  it('the bundle holds exactly the runtime strings of the code (after changing strings, run `npm run l10n`)', () => {
    const { messages } = collected;
    const bundle: Record<string, unknown> = readJson(BUNDLE_FILE);
    const missing = [...messages].filter(([message]) => bundle[message] !== message).map(([message, where]) => `${where}: ${JSON.stringify(message)}`);
    const unused = Object.keys(bundle).filter((key) => !messages.has(key));
    assert.deepEqual({ missing, unused }, { missing: [], unused: [] }, 'l10n/bundle.l10n.json is stale: run `npm run l10n`');
    assert.deepEqual(Object.keys(bundle), Object.keys(bundleOf(messages.keys())), 'l10n/bundle.l10n.json is out of order: run `npm run l10n`');
  });

});

// Apart from the bundle's tests: their scan of the sources (a few seconds on a busy machine) is no hook of these.
describe('translations: package.json and package.nls.json', () => {
  it('package.json names only keys package.nls.json has, and package.nls.json has no key nothing uses', () => {
    const manifest = readJson('package.json');
    const nls: Record<string, unknown> = readJson('package.nls.json');
    const references = strings(manifest).filter(({ text }) => /^%.*%$/.test(text));
    const malformed = references.filter(({ text }) => !NLS_REFERENCE.test(text)).map(({ path, text }) => `${path.join('.')}: ${text}`);
    const used = new Set(references.map(({ text }) => NLS_REFERENCE.exec(text)?.[1]).filter((key) => key !== undefined));
    const missing = [...used].filter((key) => typeof nls[key] !== 'string');
    const unused = Object.keys(nls).filter((key) => !used.has(key));
    assert.deepEqual({ malformed, missing, unused }, { malformed: [], missing: [], unused: [] });
  });

  it('every manifest string people see comes from package.nls.json, and package.json points VS Code at the bundle', () => {
    const manifest = readJson('package.json');
    const literal = strings(manifest).filter(({ path, text }) => isShown(path) && !NLS_REFERENCE.test(text)).map(({ path, text }) => `${path.join('.')}: ${text}`);
    assert.deepEqual(literal, []);
    assert.equal(manifest.l10n, './l10n');
  });
});

/** The translations shipped beside the English: VS Code picks them by its display language. */
const LANGUAGES = ['de', 'zh-cn'];

/** `{0}`, `{1}`… of a message, sorted: a translation may reorder them but must keep each. */
const placeholders = (text: string) => (text.match(/\{\d+\}/g) ?? []).sort();
/**
 * What VS Code makes live in a message or a manifest text (a link, a command link, an icon) and code spans: a
 * translation carries exactly the English text's, so it can add no command for a click and no setting's name changes.
 */
const live = (text: string) => [
  ...(text.match(/\]\([^)]*\)/g) ?? []), ...(text.match(/\$\([\w~-]+\)/g) ?? []), ...(text.match(/`[^`]*`/g) ?? []),
].sort();

describe('translations: German and Simplified Chinese', () => {
  for (const language of LANGUAGES) {
    for (const [english, translated] of [['l10n/bundle.l10n.json', `l10n/bundle.l10n.${language}.json`], ['package.nls.json', `package.nls.${language}.json`]]) {
      it(`${translated} translates every key of ${english}, keeping its placeholders, links, icons and code`, () => {
        const source: Record<string, string> = readJson(english);
        const target: Record<string, unknown> = readJson(translated);
        const missing = Object.keys(source).filter((key) => typeof target[key] !== 'string' || (target[key] as string).trim() === '' && source[key].trim() !== '');
        const unused = Object.keys(target).filter((key) => !(key in source));
        assert.deepEqual({ missing, unused }, { missing: [], unused: [] }, `${translated} is not complete`);
        const broken = Object.entries(source).flatMap(([key, text]) => {
          const other = target[key] as string;
          const problems: string[] = [];
          if (placeholders(other).join() !== placeholders(text).join()) problems.push(`placeholders ${placeholders(text).join()} → ${placeholders(other).join()}`);
          if (live(other).join('|') !== live(text).join('|')) problems.push(`links, icons or code ${live(text).join(' ')} → ${live(other).join(' ')}`);
          if ((other.match(/\n/g) ?? []).length !== (text.match(/\n/g) ?? []).length) problems.push('lines');
          return problems.map((problem) => `${JSON.stringify(key)}: ${problem}`);
        });
        assert.deepEqual(broken, []);
      });
    }

    it(`${language}: the manifest's name keeps saying it is for GitLab, not GitLab's own`, () => {
      const nls: Record<string, string> = readJson(`package.nls.${language}.json`);
      assert.match(nls.displayName, /GitLab/);
      assert.doesNotMatch(nls.displayName, /^GitLab\b/);
      assert.match(nls.description, /GitLab Inc\./);
    });
  }
});

