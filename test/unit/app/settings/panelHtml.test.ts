import { strict as assert } from 'node:assert';
import { escapeHtml, panelHtml } from '../../../../src/ui/settings/panelHtml';

const page = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/settings.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/settings.css',
  title: 'GitLab Notification Settings',
  loadingText: 'Loading…',
  lang: 'en',
};

/** The policy as the page declares it (its attribute unescaped), and the nonce its one script carries. */
function parts(html: string): { csp: string; nonce: string } {
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1].replace(/&#39;/g, "'");
  const nonce = /<script nonce="([^"]*)" src="/.exec(html)?.[1];
  assert.ok(csp !== undefined && nonce !== undefined, html);
  return { csp, nonce };
}

describe('settings panel HTML', () => {
  it('has a strict CSP: nothing by default, the script by nonce, styles and fonts from the extension only', () => {
    const { csp, nonce } = parts(panelHtml(page));
    const directives = new Map(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));
    assert.deepEqual(directives.get('default-src'), ["'none'"]);
    assert.deepEqual(directives.get('script-src'), [`'nonce-${nonce}'`]);
    assert.deepEqual(directives.get('style-src'), [page.cspSource]);
    assert.deepEqual(directives.get('font-src'), [page.cspSource]);
    assert.deepEqual(directives.get('img-src'), [page.cspSource]);
    // No <base> to redirect relative URLs and no form to post anywhere, even if markup got in.
    assert.deepEqual(directives.get('base-uri'), ["'none'"]);
    assert.deepEqual(directives.get('form-action'), ["'none'"]);
    assert.deepEqual([...directives.keys()].sort(), ['base-uri', 'default-src', 'font-src', 'form-action', 'img-src', 'script-src', 'style-src']);
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval') && !csp.includes('connect-src'));
  });

  it('loads one script, carrying the nonce, and no inline script or style', () => {
    const html = panelHtml(page);
    const { nonce } = parts(html);
    assert.equal(html.match(/<script\b/g)?.length, 1);
    assert.ok(html.includes(`<script nonce="${nonce}" src="${page.scriptUri}"></script>`));
    assert.ok(!/<style\b/.test(html) && !/\sstyle=/.test(html) && !/\son\w+=/.test(html));
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`.replace(/'/g, '&#39;')));
  });

  it('escapes the texts it is given', () => {
    const html = panelHtml({ ...page, title: '<img src=x onerror=alert(1)>', loadingText: '"&' });
    assert.ok(!html.includes('<img'));
    assert.ok(html.includes('&#60;img src=x onerror=alert(1)&#62;'));
    assert.ok(html.includes('&#34;&#38;</p>'));
    assert.equal(escapeHtml(`<>&"'`), '&#60;&#62;&#38;&#34;&#39;');
  });

  it('renders a fresh, long base64 nonce each time, nothing that could leave its attribute', () => {
    const first = parts(panelHtml(page)).nonce;
    const second = parts(panelHtml(page)).nonce;
    assert.match(first, /^[A-Za-z0-9+/]{32}$/);
    assert.match(second, /^[A-Za-z0-9+/]{32}$/);
    assert.notEqual(first, second);
  });
});
