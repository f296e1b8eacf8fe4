// Bundles the extension twice (Node and a browser's web worker, both CommonJS with `vscode` external) and the webview
// front end (browser, IIFE).
import * as esbuild from 'esbuild';
import { existsSync, rmSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    // The oldest supported desktop VS Code, 1.90 (engines.vscode), runs extensions on Electron 29.4.0's Node 20.9.0.
    target: 'node20.9',
    external: ['vscode'],
    metafile: true,
  },
  {
    ...common,
    // The browser entry: a web worker extension host loads it as CommonJS with `vscode` given; no Node module exists
    // there, so a `node:` import fails the build here rather than the activation there.
    entryPoints: ['src/extension.web.ts'],
    outfile: 'dist/web/extension.js',
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    metafile: true,
  },
];
if (existsSync('media/src/settings/app.ts')) {
  builds.push({
    ...common,
    entryPoints: ['media/src/settings/app.ts'],
    outfile: 'dist/webview/settings.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  });
}

// A production build starts from an empty dist/, so no source map of a development build is packaged.
if (production) rmSync('dist', { recursive: true, force: true });

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  for (const options of builds) await esbuild.build(options);
}
