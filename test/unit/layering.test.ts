import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

describe('direction of dependencies', () => {
  it('src/gitlab imports neither vscode nor the layers above it', () => {
    for (const file of files(join(root, 'src', 'gitlab'))) {
      for (const spec of imports(file)) {
        assert.notEqual(spec, 'vscode', relative(root, file));
        assert.ok(!/\.\.\/(app|ui)\b|\.\.\/extension/.test(spec), `${relative(root, file)} imports ${spec}`);
      }
    }
  });

  it('src/app imports neither vscode nor the shell', () => {
    for (const file of files(join(root, 'src', 'app'))) {
      for (const spec of imports(file)) {
        assert.notEqual(spec, 'vscode', relative(root, file));
        assert.ok(!/\/ui\b|\/extension$/.test(spec), `${relative(root, file)} imports ${spec}`);
      }
    }
  });

  it('the settings page imports only the shared folder and its template library, and the shared folder nothing of the host', () => {
    const shared = join(root, 'src', 'app', 'settings', 'shared');
    for (const file of files(join(root, 'media', 'src'))) {
      for (const spec of imports(file)) {
        const target = join(file, '..', spec);
        const library = /^lit-html(\/|$)/.test(spec);
        assert.ok(library || spec.startsWith('./') || target.startsWith(shared + '/'), `${relative(root, file)} imports ${spec}`);
      }
    }
    // What the shared folder may take along into the page's bundle: itself, the API's types, the message formatter,
    // and of the packages only the schema library its descriptions are written in.
    const allowed = [shared, join(root, 'src', 'gitlab', 'types'), join(root, 'src', 'gitlab', 'errors'), join(root, 'src', 'app', 'localize')];
    for (const file of files(shared)) {
      for (const spec of imports(file)) {
        if (!spec.startsWith('.')) {
          assert.equal(spec, 'valibot', `${relative(root, file)} imports the package ${spec}`);
          continue;
        }
        const target = join(file, '..', spec);
        assert.ok(allowed.some((path) => target === path || target.startsWith(shared + '/')), `${relative(root, file)} imports ${spec}`);
      }
    }
  });

  it('the extension and its page import only runtime dependencies: no dev dependency (the double\'s graphql) is bundled', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
    for (const file of [...files(join(root, 'src')), ...files(join(root, 'media', 'src'))]) {
      for (const spec of imports(file)) {
        if (spec.startsWith('.') || spec.startsWith('node:') || spec === 'vscode') continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        assert.ok(runtime.has(name), `${relative(root, file)} imports ${spec}, which is not a runtime dependency`);
      }
    }
  });

  it('only the Node side uses Node: node: modules, undici, process and Buffer stay in src/node and the Node entry', () => {
    const nodeSide = (file: string) => file.startsWith(join(root, 'src', 'node') + '/') || file === join(root, 'src', 'extension.ts');
    for (const file of files(join(root, 'src'))) {
      if (nodeSide(file)) continue;
      for (const spec of imports(file)) {
        assert.ok(!spec.startsWith('node:') && spec !== 'undici' && !/\/node\//.test(spec) && !/\/extension$/.test(spec),
          `${relative(root, file)} imports ${spec}, which only the Node host has`);
      }
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      assert.ok(!/\bprocess\.|\bBuffer\b|\bsetImmediate\b|\brequire\(/.test(code), `${relative(root, file)} uses what only Node has`);
    }
  });

  it('the browser entry and its platform import nothing of the Node side', () => {
    for (const file of [join(root, 'src', 'extension.web.ts'), ...files(join(root, 'src', 'web'))]) {
      for (const spec of imports(file)) assert.ok(!/\/node\/|^node:|^undici$/.test(spec), `${relative(root, file)} imports ${spec}`);
    }
  });

  it('the settings page has no import circle: its parts take the page\'s actions as an interface of the model', () => {
    const circle = importCircle(files(join(root, 'media', 'src')));
    assert.equal(circle, undefined, `import circle: ${circle?.map((file) => relative(root, file)).join(' → ')}`);
  });

  // A circle, even of types only, means two files that cannot be read, tested or changed apart: the lower one should
  // take what it needs as an interface, or the shared part should move down.
  it('the extension has no import circle: each file reads only what is below it', () => {
    const circle = importCircle(files(join(root, 'src')));
    assert.equal(circle, undefined, `import circle: ${circle?.map((file) => relative(root, file)).join(' → ')}`);
  });
});

/** The first circle of relative imports among `sources` (files, as `files` lists them), or undefined. */
function importCircle(sources: string[]): string[] | undefined {
  const known = new Set(sources);
  // `./gitlab` names the folder's index.
  const resolve = (file: string, spec: string): string => {
    const target = join(file, '..', spec);
    return known.has(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts');
  };
  const edges = new Map(sources.map((file) => [file, imports(file).filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(file, spec)).filter((target) => known.has(target))]));
  const done = new Set<string>();
  const visit = (file: string, path: string[]): string[] | undefined => {
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return undefined;
    for (const target of edges.get(file) ?? []) {
      const found = visit(target, [...path, file]);
      if (found) return found;
    }
    done.add(file);
    return undefined;
  };
  for (const file of sources) {
    const found = visit(file, []);
    if (found) return found;
  }
  return undefined;
}
