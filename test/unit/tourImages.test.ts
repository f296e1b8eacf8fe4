import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles, PackageManager } from '@vscode/vsce';

// The tour (docs/tour.md) shows every screenshot; the README, which is the extension's page in VS Code, shows one or
// two, and those ship in the .vsix. `npm run demo -- --screenshots` compresses them as it takes them
// (scripts/compress-screenshots.mjs, a palette of at most 256 colours); one committed as the browser saved it (8-bit
// RGB) would double its size.
const root = join(__dirname, '..', '..');
const images = join(root, 'docs', 'images');
/** `![alt](PREFIXname.png)` links of a Markdown file, the names after the prefix. */
const shownIn = (file: string, prefix: string) => [...readFileSync(join(root, file), 'utf8')
  .matchAll(new RegExp(`!\\[[^\\]]*\\]\\(${prefix.replace(/[/.]/g, '\\$&')}([^)]+)\\)`, 'g'))].map((match) => match[1]);
const PALETTE_OR_GREY = new Set([0, 3]);
/**
 * Bytes for the whole tour: 690 kB for thirteen compressed screenshots on 2026-11-29 (the twelve of 2026-11-28, 631 kB,
 * 1,699 kB as taken; and web-worker.png, 60 kB, 156 kB as taken); 749 kB for fourteen on 2026-11-29 with
 * subscriptions.png (40 kB, 110 kB as taken), all retaken; 847 kB for fifteen on 2026-12-06 with your-projects.png (57 kB,
 * 145 kB as taken; the others as before); 913 kB for sixteen on 2026-12-06 with catch-up.png (66 kB, 182 kB as taken).
 */
const TOUR_BOUND_BYTES = 960_000;

describe('the tour\'s screenshots stay small', () => {
  const files = readdirSync(images).filter((name) => name.endsWith('.png'));

  it('every screenshot is compressed to a palette (or grey) PNG', () => {
    assert.ok(files.length > 0);
    for (const name of files) {
      const png = readFileSync(join(images, name));
      assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR', name);
      // IHDR: width, height, bit depth, then the colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA).
      const colourType = png[25];
      assert.ok(PALETTE_OR_GREY.has(colourType),
        `${name} has PNG colour type ${colourType}: compress it with node scripts/compress-screenshots.mjs docs/images/${name}`);
    }
  });

  it('the tour shows every screenshot in docs/images, and each it shows is there', () => {
    assert.deepEqual([...new Set(shownIn('docs/tour.md', 'images/'))].sort(), [...files].sort());
  });

  it('the README\'s pictures are screenshots of docs/images and ship in the .vsix, and no other screenshot does', async function () {
    // vsce walks the whole working tree before .vscodeignore narrows it (with the workbench's cache, a large one).
    this.timeout(120_000);
    const shown = shownIn('README.md', 'docs/images/');
    assert.ok(shown.length > 0, 'the README shows a picture');
    for (const name of shown) assert.ok(files.includes(name), `README.md shows docs/images/${name}, which is not there`);
    // What vsce itself would put in the package, by .vscodeignore: a picture left out shows as broken in VS Code.
    const packaged = (await listFiles({ cwd: root, packageManager: PackageManager.None }))
      .filter((file) => file.startsWith('docs/images/')).map((file) => file.slice('docs/images/'.length));
    assert.deepEqual(packaged.sort(), [...new Set(shown)].sort());
  });

  it('every file the README and docs/*.md link to relatively is there', () => {
    const markdown = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
    for (const file of markdown) {
      const folder = file.startsWith('docs/') ? join(root, 'docs') : root;
      // Code spans and blocks are not links.
      const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      for (const [, link] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^\w+:/.test(link)) continue;
        assert.ok(existsSync(join(folder, link)), `${file} links to ${link}, which is not there`);
      }
    }
  });

  it(`the whole tour stays within ${TOUR_BOUND_BYTES / 1000} kB`, () => {
    const total = files.reduce((sum, name) => sum + readFileSync(join(images, name)).length, 0);
    assert.ok(total <= TOUR_BOUND_BYTES, `docs/images holds ${(total / 1000).toFixed(0)} kB of PNGs`);
  });
});
