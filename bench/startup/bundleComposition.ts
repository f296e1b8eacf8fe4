import { build } from 'esbuild';

export interface BundlePart {
  /** An npm package, or `src/<folder>` for the extension's own code. */
  part: string;
  bytes: number;
}

/**
 * What the production extension bundle is made of: the same esbuild options as scripts/build.mjs (--production),
 * built in memory with a metafile, bytes of output grouped by package. Keep in step with the build script.
 */
export async function bundleComposition(root: string): Promise<BundlePart[]> {
  const result = await build({
    absWorkingDir: root, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', write: false, metafile: true,
    bundle: true, minify: true, sourcemap: false, legalComments: 'none', logLevel: 'silent',
    platform: 'node', format: 'cjs', target: 'node20.19', external: ['vscode'],
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint !== undefined)!;
  const parts = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
    const own = /^src\/([^/]+)\//.exec(input)?.[1];
    const part = pkg ?? (own ? `src/${own}` : input.startsWith('src/') ? 'src' : input);
    parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
  }
  const total = output.bytes;
  const listed = [...parts.entries()].map(([part, bytes]) => ({ part, bytes })).sort((a, b) => b.bytes - a.bytes);
  const accounted = listed.reduce((sum, p) => sum + p.bytes, 0);
  if (total > accounted) listed.push({ part: '(esbuild runtime and wrappers)', bytes: total - accounted });
  return listed;
}
