import { strict as assert } from 'node:assert';
import { contentSecurityPolicy, escapeHtml, renderPanelHtml } from '../../../../src/ui/settings/panelHtml';

const options = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'c29tZSByYW5kb20gbm9uY2UgdmFsdWUx',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/settings.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/settings.css',
  title: 'GitLab Notification Settings',
  loadingText: 'Loading…',
  lang: 'en',
};

describe('settings panel HTML', () => {
  it('has a strict CSP: nothing by default, the script by nonce, styles and fonts from the extension only', () => {
    const csp = contentSecurityPolicy(options.cspSource, options.nonce);
    const directives = new Map(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));
    assert.deepEqual(directives.get('default-src'), ["'none'"]);
    assert.deepEqual(directives.get('script-src'), [`'nonce-${options.nonce}'`]);
    assert.deepEqual(directives.get('style-src'), [options.cspSource]);
    assert.deepEqual(directives.get('font-src'), [options.cspSource]);
    assert.deepEqual(directives.get('img-src'), [options.cspSource]);
    // No <base> to redirect relative URLs and no form to post anywhere, even if markup got in.
    assert.deepEqual(directives.get('base-uri'), ["'none'"]);
    assert.deepEqual(directives.get('form-action'), ["'none'"]);
    assert.deepEqual([...directives.keys()].sort(), ['base-uri', 'default-src', 'font-src', 'form-action', 'img-src', 'script-src', 'style-src']);
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval') && !csp.includes('connect-src'));
  });

  it('loads one script, carrying the nonce, and no inline script or style', () => {
    const html = renderPanelHtml(options);
    assert.equal(html.match(/<script\b/g)?.length, 1);
    assert.ok(html.includes(`<script nonce="${options.nonce}" src="${options.scriptUri}"></script>`));
    assert.ok(!/<style\b/.test(html) && !/\sstyle=/.test(html) && !/\son\w+=/.test(html));
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`.replace(/'/g, '&#39;')));
  });

  it('escapes the texts it is given', () => {
    const html = renderPanelHtml({ ...options, title: '<img src=x onerror=alert(1)>', loadingText: '"&' });
    assert.ok(!html.includes('<img'));
    assert.ok(html.includes('&#60;img src=x onerror=alert(1)&#62;'));
    assert.equal(escapeHtml(`<>&"'`), '&#60;&#62;&#38;&#34;&#39;');
  });

  it('refuses a short or malformed nonce', () => {
    assert.throws(() => renderPanelHtml({ ...options, nonce: 'abc' }));
    assert.throws(() => renderPanelHtml({ ...options, nonce: `${'a'.repeat(20)}" onload="x` }));
  });
});
