// Compresses the tour's screenshots in place: the README's pictures ship in the .vsix (the README is the extension's
// page), and the tour's are committed, so their size is the package's and the repository's. pngquant reduces each to a palette of at most 256 colours at a quality of 90-100 (a
// screenshot of a workbench has few colours; text and icons keep their edges), then optipng recompresses the result
// losslessly. An image pngquant cannot bring to that quality, or only larger, is left as it was before optipng.
// Both tools are Debian packages that scripts/vscode-env/setup.mjs installs, as it installs Chromium.
// Usage: node scripts/compress-screenshots.mjs FILE.png...
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// pngquant's exit codes when it leaves a file alone: 98 (the result would be larger), 99 (quality below the minimum).
const PNGQUANT_KEPT = new Set([98, 99]);

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) {
    throw new Error(`${command} could not run (${result.error.message}); scripts/vscode-env/setup.mjs installs it`);
  }
  return result;
}

/** Compresses each PNG in place; returns the bytes before and after, per file. */
export function compressScreenshots(files, log = () => undefined) {
  const sizes = [];
  for (const file of files) {
    const before = statSync(file).size;
    const quantized = run('pngquant', ['--quality=90-100', '--speed', '1', '--strip', '--skip-if-larger', '--force', '--ext', '.png', '--', file]);
    if (quantized.status !== 0 && !PNGQUANT_KEPT.has(quantized.status)) {
      throw new Error(`pngquant ${file} exited with ${quantized.status}: ${quantized.stderr.trim()}`);
    }
    const optimized = run('optipng', ['-o2', '-quiet', '-strip', 'all', file]);
    if (optimized.status !== 0) throw new Error(`optipng ${file} exited with ${optimized.status}: ${optimized.stderr.trim()}`);
    const after = statSync(file).size;
    sizes.push({ file, before, after });
    log(`${path.basename(file)}: ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} KiB`);
  }
  return sizes;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('Usage: node scripts/compress-screenshots.mjs FILE.png...');
    process.exit(2);
  }
  try {
    const sizes = compressScreenshots(files, (line) => console.log(line));
    const total = (key) => sizes.reduce((sum, size) => sum + size[key], 0);
    console.log(`${files.length} screenshots: ${(total('before') / 1024).toFixed(0)} → ${(total('after') / 1024).toFixed(0)} KiB`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
