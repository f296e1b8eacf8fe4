import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  escapeMarkdown, escapeMarkdownLines, literalMarkdown, markdownLinkDestination, markdownQuote, type MarkdownPosition,
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

describe('literalMarkdown (the Markdown copy: escapes only what Markdown would misread where the text stands)', () => {
  const URL_SUFFIX = ` ([${literalMarkdown('link', 'linkText')}](https://gitlab.example.com/g/p/-/issues/1))`;

  /** The rendered HTML without the anchors linkify makes of bare URLs (they read the same), checked to be only that. */
  function withoutAutolinks(html: string): string {
    return html.replace(/<a href="([^"]*)">([^<]*)<\/a>/g, (_whole, href: string, inner: string) => {
      assert.match(decode(href), /^(https?:|mailto:)/, `an autolink to ${href}`);
      return inner;
    });
  }

  /** The text a document shows for `text` placed at `position`, failing when anything else renders. */
  function shown(text: string, position: MarkdownPosition): string {
    const escaped = literalMarkdown(text, position);
    assert.ok(!/[\r\n]/.test(escaped), 'one line');
    let match: RegExpExecArray | null;
    switch (position) {
      case 'block': {
        const html = renderer.render(`- ${escaped}${URL_SUFFIX}\n- next\n`);
        match = /^<ul>\n<li>([\s\S]*?) ?\(<a href="https:\/\/gitlab\.example\.com\/g\/p\/-\/issues\/1">link<\/a>\)<\/li>\n<li>next<\/li>\n<\/ul>\n$/.exec(html);
        assert.ok(match, `not one list item of text and its link: ${html}`);
        // Without a link after it, alone on its line, the text is a list item all the same.
        const alone = renderer.render(`- ${escaped}\n`);
        assert.match(alone, /^<ul>\n<li>[\s\S]*<\/li>\n<\/ul>\n$|^<ul>\n<li><\/li>\n<\/ul>\n$/, `alone: ${alone}`);
        const aloneText = /^<ul>\n<li>([\s\S]*)<\/li>\n<\/ul>\n$/.exec(alone)?.[1] ?? '';
        assert.ok(!/<(?!a |\/a>)/.test(aloneText), `markup alone: ${alone}`);
        break;
      }
      case 'heading': {
        const html = renderer.render(`## ${escaped}\n`);
        match = /^<h2>([\s\S]*)<\/h2>\n$/.exec(html);
        assert.ok(match, `not one heading: ${html}`);
        break;
      }
      case 'inline': {
        const html = renderer.render(`x ${escaped} y\n`);
        match = /^<p>x ([\s\S]*) y<\/p>\n$/.exec(html);
        assert.ok(match, `not one paragraph: ${html}`);
        break;
      }
      case 'linkText': {
        const html = renderer.render(`[${escaped}](https://gitlab.example.com/)\n`);
        match = /^<p><a href="https:\/\/gitlab\.example\.com\/">([\s\S]*)<\/a><\/p>\n$/.exec(html);
        assert.ok(match, `not one link: ${html}`);
        assert.ok(!match[1].includes('<'), `markup in the link text: ${html}`);
        return decode(match[1]);
      }
    }
    const inner = withoutAutolinks(match[1]);
    assert.ok(!inner.includes('<'), `markup inside: ${match[1]}`);
    return decode(inner);
  }

  const POSITIONS: MarkdownPosition[] = ['block', 'heading', 'inline', 'linkText'];

  it('leaves what Markdown reads as text alone: references, versions, paths, words', () => {
    for (const position of POSITIONS) {
      for (const text of ['#25 Remove CI', 'release/2.0', '!6 Fix it', 'R&D', 'a < b', 'snake_case_name', '2 * 3', 'C:\\Users',
        'v1.2.3', 'issue #12 · Crash on save', 'Jane Doe', 'what?', '50% done', 'a-b', '+1', 'see https://x.example/a_b']) {
        assert.equal(literalMarkdown(text, position), text, `${position}: ${text}`);
      }
    }
  });

  it('escapes what would be read as syntax where it stands', () => {
    assert.equal(literalMarkdown('# 25', 'block'), '\\# 25');
    assert.equal(literalMarkdown('2. Review', 'block'), '2\\. Review');
    assert.equal(literalMarkdown('2. Review', 'inline'), '2. Review');
    assert.equal(literalMarkdown('- item', 'block'), '\\- item');
    assert.equal(literalMarkdown('[x] done', 'block'), '\\[x] done');
    assert.equal(literalMarkdown('> quote', 'block'), '\\> quote');
    // A bare URL with an escape inside loses its autolink (a renderer would show the backslash in it).
    assert.equal(literalMarkdown('![img](https://e.example/x.png)', 'inline'), '\\![img\\](https\\://e\\.example/x\\.png)');
    assert.equal(literalMarkdown('[click](command:x)', 'inline'), '[click\\](command\\:x)');
    assert.equal(literalMarkdown('*em* and _em_', 'inline'), '\\*em\\* and \\_em\\_');
    assert.equal(literalMarkdown('`code`', 'inline'), '\\`code\\`');
    assert.equal(literalMarkdown('<b>bold</b>', 'inline'), '\\<b>bold\\</b>');
    assert.equal(literalMarkdown('&copy; 2026', 'inline'), '\\&copy; 2026');
    assert.equal(literalMarkdown('group/C #', 'heading'), 'group/C \\#');
    assert.equal(literalMarkdown('a]b[c', 'linkText'), 'a\\]b\\[c');
  });

  for (const position of POSITIONS) {
    it(`renders any text as that text and nothing else at position "${position}" (property)`, () => {
      for (const payload of HOSTILE) assert.equal(squeezed(shown(payload, position)), expectedText(payload), payload);
      const fragments = fc.constantFrom(...HOSTILE, '[', ']', '(', ')', '<', '>', '!', '\\', '`', '*', '_', '&', ':', '@', '.',
        '#', '-', '=', '|', '~', '$', '\n', ' ', '    ', 'http', 'www', 'a', '1', '2.', 'é', '\u202e', '&amp;', '**', '__', '~~',
        '+', '1)', '```', '<!--', '-->', '<a>', 'x@y.z', '![', '](', '][');
      const text = fc.oneof(
        fc.array(fragments, { maxLength: 12 }).map((parts) => parts.join('')),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
      );
      fc.assert(fc.property(text, (value) => {
        assert.equal(squeezed(shown(value, position)), expectedText(value));
      }), { numRuns: 1500 });
    });
  }
});
