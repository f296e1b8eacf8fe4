import assert from 'node:assert/strict';
import fc from 'fast-check';
import { redact } from '../../../src/gitlab/redact';

const TOKEN = 'glpat-AbC_12-xyz.9';

/** `text` with some of its characters written as JSON escapes (`\u0067`, either case of hex). */
const jsonEscaped = (text: string, which: (index: number) => boolean, upper = false): string =>
  [...text].map((char, index) => {
    if (!which(index)) return char;
    const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upper ? hex.toUpperCase() : hex}`;
  }).join('');

describe('redact', () => {
  it('masks every occurrence of each secret', () => {
    assert.equal(redact('a glpat-123 b glpat-123', ['glpat-123', undefined]), 'a ••• b •••');
    assert.equal(redact('abc', ['ab']), 'abc');
  });

  it('masks a secret whose characters a server wrote as JSON escapes, so the decoded text has none', () => {
    const body = `{"message":"blocked PRIVATE-TOKEN: ${jsonEscaped(TOKEN, (i) => i === 0)}"}`;
    assert.ok(body.includes('\\u0067lpat-'));
    const masked = redact(body, [TOKEN]);
    assert.equal((JSON.parse(masked) as { message: string }).message, 'blocked PRIVATE-TOKEN: •••');
    for (const escaped of [jsonEscaped(TOKEN, () => true), jsonEscaped(TOKEN, (i) => i % 2 === 1, true), jsonEscaped(TOKEN, (i) => i > 10)]) {
      assert.equal(redact(`[${escaped}]`, [TOKEN]), '[•••]', escaped);
    }
  });

  it('masks a secret written with URL escapes, and JSON\'s escaped slash, quote and backslash', () => {
    assert.equal(redact('?token=%67lpat%2DAbC%5f12-xyz.9&x', [TOKEN]), '?token=•••&x');
    assert.equal(redact('"a\\/b\\"c\\\\d"', ['a/b"c\\d']), '"•••"');
    assert.equal(redact('one \\u0067lpat-abc two', ['glpat-abd']), 'one \\u0067lpat-abc two', 'another text is left alone');
  });

  it('leaves no secret in the decoded text, however a server escapes it (property)', () => {
    // Token characters (GitLab's: letters, digits, `_`, `-`, `.`) and `/`, which JSON may write as `\/`. A quote or a
    // backslash in a secret (above) can meet JSON's own quotes, which no mask can tell from the secret's.
    const secret = fc.stringMatching(/^[A-Za-z0-9_./-]{4,24}$/);
    /** One character as JSON may write it: itself (escaped where JSON must), `\u` lower or upper case, or `\/`. */
    const write = (char: string, form: number): string => {
      const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
      if (form === 1) return `\\u${hex}`;
      if (form === 2) return `\\u${hex.toUpperCase()}`;
      if (form === 3 && char === '/') return '\\/';
      return char === '"' || char === '\\' ? `\\${char}` : char;
    };
    fc.assert(fc.property(secret, fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 24 }), fc.string(), (token, forms, around) => {
      const echoed = [...token].map((char, i) => write(char, forms[i] ?? 0)).join('');
      const body = `{"message":${JSON.stringify(around)},"echo":"${echoed}"}`;
      assert.equal((JSON.parse(body) as { echo: string }).echo, token, 'the echo decodes to the token');
      const decoded = JSON.parse(redact(body, [token])) as { echo: string };
      assert.ok(!decoded.echo.includes(token), `${echoed} kept the token`);
    }), { numRuns: 1000 });
  });
});
