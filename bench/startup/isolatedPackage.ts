import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipEntries, type ZipEntry } from '../lib/zipEntries';

export interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PackageResult {
  /** The folder holding the production build and package.json (what a .vsix unpacks to). */
  dir: string;
  buildMs: number;
  files: FileSize[];
  vsix?: { bytes: number; packageMs: number; entries: ZipEntry[]; withPlaceholderBaseUrls: boolean };
  /** Why `vsce package` failed as the project runs it (the size above then comes from a second try, see below). */
  vsixError?: string;
}

/** Used only when packaging as is fails on relative README links: lets the size still be measured. */
const PLACEHOLDER_BASE = 'https://example.invalid/';

const COPIED = ['package.json', 'package.nls.json', 'package.nls.de.json', 'package.nls.zh-cn.json', 'l10n', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'tsconfig.json', 'images', 'docs/images'];

/**
 * `node scripts/build.mjs --production` and `vsce package` with the project's flags in a folder of their own, so the
 * checkout's dist/ (which other work may be using at the same moment) is left alone. The sources are linked in for
 * the build (esbuild follows the links to the real files and their node_modules) and unlinked before packaging.
 */
export function isolatedPackage(root: string, workDir: string): PackageResult {
  const dir = join(workDir, 'package');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'media'), { recursive: true });
  for (const name of COPIED) if (existsSync(join(root, name))) cpSync(join(root, name), join(dir, name), { recursive: true });
  // Everything under media/ but the webview's sources, which are linked in for the build below.
  for (const name of readdirSync(join(root, 'media'))) {
    if (name !== 'src') cpSync(join(root, 'media', name), join(dir, 'media', name), { recursive: true });
  }
  const links = [['src', 'src'], ['media/src', 'media/src'], ['node_modules', 'node_modules']].filter(([from]) => existsSync(join(root, from)));
  for (const [from, to] of links) symlinkSync(join(root, from), join(dir, to));

  const started = performance.now();
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production'], { cwd: dir, encoding: 'utf8' });
  const buildMs = performance.now() - started;
  for (const [, to] of links) rmSync(join(dir, to));
  if (build.status !== 0) throw new Error(`The production build failed:\n${build.stderr || build.stdout}`);

  const files: FileSize[] = [];
  const add = (file: string) => {
    const content = readFileSync(join(dir, file));
    files.push({ file, bytes: content.length, gzipBytes: gzipSync(content).length });
  };
  add('dist/extension.js');
  if (existsSync(join(dir, 'dist', 'webview'))) for (const name of readdirSync(join(dir, 'dist', 'webview')).sort()) add(`dist/webview/${name}`);

  const vsixPath = join(workDir, 'gitlab-activity.vsix');
  const vsce = join(root, 'node_modules', '.bin', 'vsce');
  const first = runVsce(vsce, dir, vsixPath, []);
  if (first.ok) return { dir, buildMs, files, vsix: { ...first.vsix!, withPlaceholderBaseUrls: false } };
  // The usual cause: README images or links relative to a repository package.json does not name.
  const second = runVsce(vsce, dir, vsixPath, ['--baseContentUrl', PLACEHOLDER_BASE, '--baseImagesUrl', PLACEHOLDER_BASE]);
  return { dir, buildMs, files, vsixError: first.error, vsix: second.ok ? { ...second.vsix!, withPlaceholderBaseUrls: true } : undefined };
}

/** The flags `npm run package` gives vsce (its `--out` left out), so the benchmark packages as the project does. */
function projectVsceFlags(dir: string): string[] {
  const script = String(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.package ?? '');
  const words = (/vsce package([^&|;]*)/.exec(script)?.[1] ?? ' --no-dependencies').trim().split(/\s+/).filter(Boolean);
  const out = words.indexOf('--out');
  if (out >= 0) words.splice(out, 2);
  return words;
}

function runVsce(vsce: string, dir: string, vsixPath: string, extra: string[]):
  { ok: boolean; error?: string; vsix?: { bytes: number; packageMs: number; entries: ZipEntry[] } } {
  rmSync(vsixPath, { force: true });
  const started = performance.now();
  // No stdin: vsce asks yes/no questions (e.g. about a missing LICENSE) and must fail instead of waiting.
  const pack = spawnSync(vsce, ['package', ...projectVsceFlags(dir), '--out', vsixPath, ...extra], {
    cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000,
  });
  const packageMs = performance.now() - started;
  if (pack.status !== 0 || !existsSync(vsixPath)) {
    const reason = `${pack.stderr ?? ''}${pack.stdout ?? ''}`.trim().split('\n').slice(-5).join(' ') || String(pack.error ?? pack.signal);
    return { ok: false, error: `vsce package failed: ${reason}` };
  }
  return { ok: true, vsix: { bytes: statSync(vsixPath).size, packageMs, entries: zipEntries(vsixPath) } };
}
