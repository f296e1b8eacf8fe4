// Run by `npm run package` after vsce: fails when the .vsix grows past its bound. The package holds the bundles, the
// translations and the README's pictures (the README is the extension's page in VS Code, so they ship; the tour's other
// screenshots stay in docs/), so a picture added or retaken without compression (scripts/compress-screenshots.mjs,
// which `npm run demo -- --screenshots` applies) shows up here.
// Usage: node scripts/check-package-size.mjs [FILE.vsix]
import { statSync } from 'node:fs';

/**
 * 1.2 MB: the package was 0.87 MB with the whole tour compressed in it (2026-11-26), 1.87 MB with it uncompressed; 0.48 MB
 * with the README's one picture instead of the tour (2026-12-06).
 */
export const PACKAGE_BOUND_BYTES = 1_200_000;

const file = process.argv[2] ?? 'gitlab-activity.vsix';
const bytes = statSync(file).size;
const kilobytes = (n) => `${(n / 1000).toFixed(0)} kB`;
if (bytes > PACKAGE_BOUND_BYTES) {
  console.error(`${file} is ${kilobytes(bytes)}, past its bound of ${kilobytes(PACKAGE_BOUND_BYTES)} (scripts/check-package-size.mjs). `
    + 'See what it holds with `npx vsce ls --tree`; compress screenshots with `node scripts/compress-screenshots.mjs FILE.png…`.');
  process.exit(1);
}
console.log(`${file}: ${kilobytes(bytes)} (bound ${kilobytes(PACKAGE_BOUND_BYTES)})`);
