// `npm run l10n`: writes l10n/bundle.l10n.json, the English runtime strings translators start from.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import { BUNDLE_FILE, bundleOf, collectRuntimeStrings, sourceFiles } from './l10nStrings';

async function main(): Promise<void> {
  const root = join(__dirname, '..');
  const files = sourceFiles(root);
  const { messages, problems } = collectRuntimeStrings(root, files);
  // VS Code's own export, over the same files, as a check on the reading: whatever it finds must be found here too.
  const exported = await getL10nJson(files.map((file) => ({ extension: extname(file), contents: readFileSync(join(root, file), 'utf8') })));
  for (const [key, value] of Object.entries(exported)) {
    if (typeof value !== 'string') problems.push(`l10n-dev found a message with a comment, which the bundle here does not carry: ${key}`);
    else if (!messages.has(key)) problems.push(`l10n-dev found a message that the collector missed: ${JSON.stringify(key)}`);
  }
  if (problems.length > 0) {
    console.error(`These keep strings out of the bundle:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
    return;
  }
  const file = join(root, BUNDLE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(bundleOf(messages.keys()), undefined, 2)}\n`);
  console.log(`${BUNDLE_FILE}: ${messages.size} strings (${Object.keys(exported).length} of them also found by l10n-dev export).`);
}

void main();
