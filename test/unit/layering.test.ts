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
});
