import assert from 'node:assert/strict';
import fc from 'fast-check';
import { instancePage } from '../../../src/app/instance';
import { apiBase, apiUrl, decodedPathStaysUnder, pathStaysUnder } from '../../../src/gitlab/url';
import { GitLabError } from '../../../src/gitlab';
import { readsOutside } from './serverReads';

const ROOTED = 'https://host.example/gitlab';
const page = (url: string, instance = ROOTED): string | undefined => instancePage(url, instance)?.href;

describe('a page of the instance, as the server reads its path', () => {
  it('is refused when a decoded separator or dot segment leaves the instance\'s path', () => {
    for (const outside of [
      `${ROOTED}/..%2Fother`, `${ROOTED}/..%2fother/x`, `${ROOTED}/%2e%2e/x`, `${ROOTED}/.%2E/x`, `${ROOTED}/x/..%2F..%2Fother`,
      `${ROOTED}/%2e%2e%2fother`, `${ROOTED}/..%5Cother`, `${ROOTED}/..%252Fother`, `${ROOTED}/%252e%252e/other`,
      `${ROOTED}/%%32e%%32e/other`, `${ROOTED}/%252f%5c%2e%%32e%2F..`, `${ROOTED}/x/.%2e/.%2E/other`, `${ROOTED}/..%3F/gitlab/x`, `${ROOTED}/../other`, `${ROOTED}`, 'https://host.example/gitlabx/a',
    ]) assert.equal(page(outside), undefined, outside);
  });

  it('is kept when the decoded path stays inside, escapes and all', () => {
    for (const inside of [
      `${ROOTED}/acme/web/-/issues/1#note_2`, `${ROOTED}/acme/web/-/tree/fix%2Fa`, `${ROOTED}/acme/x/..%2Fweb`,
      `${ROOTED}/acme/web/-/blob/main/100%25`, `${ROOTED}/acme/web/-/wikis/a%20b?x=..%2F..%2F`, `${ROOTED}/`,
    ]) assert.equal(page(inside), new URL(inside).href, inside);
    assert.equal(page('https://host.example/a/..%2Fb', 'https://host.example'), 'https://host.example/a/..%2Fb', 'nothing is above the origin\'s root');
  });

  it('is on the instance\'s origin, http(s), without credentials', () => {
    for (const foreign of ['https://evil.example/gitlab/a', 'http://host.example/gitlab/a', 'https://host.example:8443/gitlab/a',
      'https://u:p@host.example/gitlab/a', 'javascript:alert(1)//host.example/gitlab/a', 'not a url', 42, null]) {
      assert.equal(instancePage(foreign, ROOTED), undefined, String(foreign));
    }
    assert.equal(instancePage(`${ROOTED}/a`, 'not a url'), undefined);
  });

  it('never leaves the instance\'s path, however many times a server decodes it (property)', () => {
    const part = fc.constantFrom('..', '.', 'gitlab', 'x', '%2e', '%2E', '%2f', '%2F', '%5c', '%25', '%252f', '%2e%2e', '.%2e', '%%32e',
      '%3F', '%23', '/', '\\', '%09', '%', 'é', '..%2F', '%2e%2e%2f', '..%5c', '%252e%252e%252f');
    const paths = fc.array(part, { maxLength: 10 }).map((parts) => parts.join(''));
    const roots = fc.constantFrom('https://host.example/gitlab', 'https://host.example/gitlab/', 'https://host.example', 'https://host.example/a/b');
    let kept = 0;
    let refused = 0;
    fc.assert(fc.property(roots, paths, (root, path) => {
      const result = instancePage(`${root.replace(/\/$/, '')}/${path}`, root);
      if (!result) { refused++; return; }
      kept++;
      assert.deepEqual(readsOutside(result, new URL(root).pathname), [], `${result.href} leaves ${root}`);
    }), { numRuns: 3000 });
    assert.ok(kept > 300 && refused > 300, `kept ${kept}, refused ${refused}`);
  });
});

describe('pathStaysUnder and the API', () => {
  it('decides on the decoded, resolved path', () => {
    assert.ok(pathStaysUnder('/gitlab/a', '/gitlab'));
    assert.ok(pathStaysUnder('/gitlab/a', '/gitlab/'));
    assert.ok(pathStaysUnder('/a', '/'));
    assert.ok(!pathStaysUnder('/gitlab/..%2Fa', '/gitlab'));
    assert.ok(!pathStaysUnder('/gitlab', '/gitlab'));
  });

  it('answers as the long way does, plain paths included (property)', () => {
    const part = fc.constantFrom('..', '.', 'gitlab', 'gitlab-x', 'a', '.x', 'x.', '...', '%2e', '%2F', '\\', '?', '#', '/', '//', 'é', '-');
    const tail = fc.array(part, { maxLength: 8 }).map((parts) => parts.join(''));
    const root = fc.oneof(fc.constantFrom('/', '/gitlab', '/gitlab/', '/a/b', '/gitlab/.', '/a/../gitlab'), tail.map((t) => `/${t}`));
    // Most paths start with the root, as a server's links do: the cases where a dot segment or an escape decides.
    const pair = fc.tuple(root, tail, fc.boolean()).map(([r, t, prefixed]) => [prefixed ? `${r.replace(/\/+$/, '')}/${t}` : `/${t}`, r] as const);
    let plain = 0;
    fc.assert(fc.property(pair, ([p, r]) => {
      if (!/[%\\?#]|(^|\/)\.\.?(\/|$)/.test(p + r)) plain++;
      assert.equal(pathStaysUnder(p, r), decodedPathStaysUnder(p, r), `${p} under ${r}`);
    }), { numRuns: 5000 });
    assert.ok(plain > 500, `only ${plain} plain cases`);
  });

  it('apiUrl refuses a raw path that leaves the API once decoded', () => {
    const base = apiBase('https://host.example/gitlab');
    for (const path of ['/projects/..%2F..%2Fadmin', '/%2e%2e/x', '/..%252F..%252Fx', '/projects/a%2F..%2F..%2F..%2Fusers']) {
      assert.throws(() => apiUrl(base, path), (error: unknown) => error instanceof GitLabError && error.kind === 'validation', path);
    }
    assert.equal(apiUrl(base, '/projects/acme%2Fweb/events').href, 'https://host.example/gitlab/api/v4/projects/acme%2Fweb/events');
  });
});
