import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  escapeMarkdown, escapeMarkdownLines, markdownLinkDestination, markdownQuote,
} from '../../../../src/app/activity/markdownEscape';
import { stripInvisible } from '../../../../src/app/plainText';
import { HOSTILE } from './hostileText';

// A full CommonMark + GFM renderer with raw HTML and bare-URL linking switched ON: stricter than VS Code's
// hovers, so text that renders as plain text here renders as plain text there.
const MarkdownIt = require('markdown-it') as new (options: object) => { render(source: string): string };
const renderer = new MarkdownIt({ html: true, linkify: true, typographer: false });

function decode(html: string): string {
  return html.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The text of a single rendered paragraph; fails when the HTML has anything but that paragraph. */
function renderedText(markdown: string): string {
  const html = renderer.render(markdown);
  if (html === '') return '';
  const match = /^<p>([\s\S]*)<\/p>\n$/.exec(html);
  assert.ok(match, `not one paragraph: ${html}`);
  assert.ok(!match[1].includes('<'), `markup inside: ${html}`);
  return decode(match[1]);
}

/** Whitespace runs (non-breaking too) as one space: indentation is kept as text, its width does not matter here. */
function squeezed(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** What the reader should see: the same text on one line, invisible controls gone. */
function expectedText(text: string): string {
  return squeezed(stripInvisible(text));
}


describe('escapeMarkdown', () => {
  for (const payload of HOSTILE) {
    it(`renders literally: ${JSON.stringify(payload)}`, () => {
      assert.equal(squeezed(renderedText(escapeMarkdown(payload))), expectedText(payload));
    });
  }

  it('escapes the characters that start constructs', () => {
    assert.equal(escapeMarkdown('[a](b)'), '\\[a\\]\\(b\\)');
    assert.equal(escapeMarkdown('a,b;c/d?e%f\'g"h^'), 'a,b;c/d?e%f\'g"h^');
    assert.equal(escapeMarkdown('  x'), '\u00a0\u00a0x');
    assert.equal(escapeMarkdown('a\nb\r\nc'), 'a b c');
  });

  it('renders any text as that text and nothing else (property)', () => {
    const fragments = fc.constantFrom(...HOSTILE, '[', ']', '(', ')', '<', '>', '!', '\\', '`', '*', '_', '&', ':', '@', '.',
      '#', '-', '=', '|', '~', '$', '\n', ' ', '    ', 'http', 'www', 'a', '1', 'é', '\u202e');
    const text = fc.oneof(
      fc.array(fragments, { maxLength: 12 }).map((parts) => parts.join('')),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(fc.property(text, (value) => {
      assert.equal(squeezed(renderedText(escapeMarkdown(value))), expectedText(value));
    }), { numRuns: 2000 });
  });
});

describe('markdownQuote', () => {
  it('quotes each line as plain text with hard breaks', () => {
    const body = 'first [link](command:x)\n<b>second</b>\n\n# third';
    const html = renderer.render(markdownQuote(body));
    assert.equal(html,
      '<blockquote>\n<p>first [link](command:x)<br>\n&lt;b&gt;second&lt;/b&gt;</p>\n<p># third</p>\n</blockquote>\n');
  });

  it('never renders markup from any body (property)', () => {
    const lines = fc.array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 20 })), { maxLength: 6 });
    fc.assert(fc.property(lines, (parts) => {
      const html = renderer.render(markdownQuote(parts.join('\n')));
      const tags = html.match(/<\/?[a-z][^>]*>/g) ?? [];
      for (const tag of tags) assert.match(tag, /^<\/?(blockquote|p|br)>$/, html);
    }), { numRuns: 500 });
  });

  it('keeps line structure in escapeMarkdownLines', () => {
    assert.deepEqual(escapeMarkdownLines('a*\r\n  b\u2028c'), ['a\\*', '\u00a0\u00a0b', 'c']);
  });
});

describe('markdownLinkDestination', () => {
  it('allows only http(s) and encodes what could end the destination', () => {
    assert.equal(markdownLinkDestination('https://gitlab.example.com/g/p/-/tree/a(b)'),
      'https://gitlab.example.com/g/p/-/tree/a%28b%29');
    assert.equal(markdownLinkDestination('http://h/x#note_1'), 'http://h/x#note_1');
    for (const bad of ['javascript:alert(1)', 'command:x', 'data:text/html,x', 'file:///etc/passwd', 'nonsense']) {
      assert.equal(markdownLinkDestination(bad), undefined, bad);
    }
  });

  it('renders as exactly one link to the same page', () => {
    const destination = markdownLinkDestination('https://h.example/a)b<c>d e`f\\g');
    assert.ok(destination);
    const html = renderer.render(`[x](${destination})`);
    assert.equal((html.match(/<a /g) ?? []).length, 1, html);
    const href = /href="([^"]*)"/.exec(html)?.[1];
    assert.equal(new URL(decode(href ?? '')).pathname, new URL('https://h.example/a)b<c>d e`f\\g').pathname.replace(/[()]/g,
      (c) => (c === '(' ? '%28' : '%29')));
  });
});
