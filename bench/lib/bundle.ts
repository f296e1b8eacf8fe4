import { build } from 'esbuild';

/**
 * Bundles a probe the way scripts/build.mjs bundles the extension for production (esbuild, CommonJS, Node 20.19,
 * minified, no source map), so CPU-bound code is timed as it ships: without tsx's per-module wrappers (getters on
 * every cross-module call, `__name` on every closure), which cost more than some of the functions they wrap.
 */
export async function bundleProbe(entry: string, outfile: string, external: string[] = [], alias: Record<string, string> = {}): Promise<string> {
  await build({
    entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20.19',
    minify: true, sourcemap: false, logLevel: 'warning', legalComments: 'none', external, alias,
  });
  return outfile;
}

/** As `bundleProbe`, for a few lines of source whose imports resolve from `resolveDir`. */
export async function bundleSource(contents: string, resolveDir: string, outfile: string): Promise<string> {
  await build({
    stdin: { contents, resolveDir, loader: 'js' }, outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20.19',
    minify: true, sourcemap: false, logLevel: 'warning', legalComments: 'none',
  });
  return outfile;
}
