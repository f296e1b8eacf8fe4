import assert from 'node:assert/strict';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { FakeMemento } from '../../ui/fakeVscode';
import { BROWSER_INSTALL_TIMEOUT_MS, launchTestBrowser } from '../../browser';
import { makeClient, type TestClient } from '../../gitlab/helpers';
import { GitLabDouble } from '../../../double';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { formatMessage } from '../../../../src/app/localize';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { ScopeCatalog } from '../../../../src/app/settings/scopeCatalog';
import { SettingsRequestHandler } from '../../../../src/app/settings/settingsRequestHandler';
import type { HostMessage } from '../../../../src/app/settings/shared/protocol';

/** Markup that would run or draw if a name were parsed as HTML: it sets `window.__hostile`. */
const HOSTILE = '<img src=x onerror="window.__hostile=1"><b>Acme</b>';

/** The settings page as the extension bundles it, with a stand-in for VS Code's webview API that hands messages to Node. */
async function pageBundle(): Promise<string> {
  const built = await esbuild.build({
    entryPoints: [path.resolve(__dirname, '../../../../media/src/settings/app.ts')],
    bundle: true, write: false, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'silent',
  });
  return built.outputFiles[0].text;
}

const API = `window.acquireVsCodeApi = () => ({
  postMessage: (message) => window.toHost(JSON.parse(JSON.stringify(message))),
  getState: () => undefined,
  setState: () => undefined,
});`;

/**
 * The settings page in Chromium, talking to the extension's own host side (`SettingsRequestHandler`) in Node, which
 * asks the GitLab double: the host's messages reach the page as VS Code's frame delivers them (not from the page's own
 * window). What only the workbench saw before: the page hears only that channel, draws GitLab's names as text, and
 * keeps an edit GitLab refused.
 */
describe('the settings page in a real browser, with the host side against the double', function () {
  this.timeout(60_000);
  let bundle: string;
  let double: GitLabDouble;
  let client: TestClient;
  let browser: Browser;
  let page: Page;

  before(async function () {
    this.timeout(BROWSER_INSTALL_TIMEOUT_MS);
    [bundle, double] = await Promise.all([pageBundle(), GitLabDouble.start({ events: 5 })]);
    const acme = double.data.groups.find((group) => group.fullPath === 'acme')!;
    acme.name = acme.fullName = HOSTILE;
    client = makeClient(double.url);
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await client?.close();
    await double?.close();
  });

  /** A new page and a new host side for it: the page says it is ready, the host answers with the scopes. */
  beforeEach(async () => {
    page = await browser.newPage();
    const settings = new NotificationSettingsService(fixedAccount(double.url, client.client), new FakeMemento());
    const catalog = new ScopeCatalog({ account: { get api() { return client.client; } }, settings, projects: () => [], addedGroups: () => [], localize: formatMessage });
    let delivered = Promise.resolve();
    const handler = new SettingsRequestHandler({
      settings, catalog, signedIn: () => true, localize: formatMessage, log: () => undefined,
      // In order, as VS Code's frame delivers them: the event's source is not the page's own window.
      post: (message: HostMessage) => {
        const sent = JSON.parse(JSON.stringify(message)) as HostMessage;
        delivered = delivered.then(() => page.evaluate((data) => { window.dispatchEvent(new MessageEvent('message', { data })); }, sent));
      },
    });
    await page.exposeFunction('toHost', (message: unknown) => handler.receive(message));
    await page.setContent(`<!doctype html><div id="app">Loading…</div><script>${API}</script><script>${bundle}</script>`);
    await page.waitForSelector('#scope-list [data-scope-key="global"]');
  });
  afterEach(async () => page?.close());

  it('draws group names from GitLab as text: no element of theirs, nothing run', async () => {
    const acme = double.data.groups.find((group) => group.fullPath === 'acme')!;
    const label = page.locator(`[data-scope-key="group:${acme.id}"] .scope-label`);
    assert.equal(await label.textContent(), HOSTILE);
    await label.click();
    await page.waitForSelector(`#settings-form[data-scope-key="group:${acme.id}"]`);
    assert.equal(await page.locator('#scope-title').textContent(), HOSTILE);
    assert.deepEqual(await page.evaluate(() => ({
      images: document.querySelectorAll('#app img').length, bold: document.querySelectorAll('#app b').length,
      ran: (window as unknown as { __hostile?: unknown }).__hostile,
    })), { images: 0, bold: 0, ran: undefined });
  });

  it('hears only the host\'s channel: what the page posts to its own window changes nothing', async () => {
    const before = await page.locator('#scope-list .scope-label').allTextContents();
    const injected = { type: 'scopes', scopes: { entries: [{ key: 'project:424242', scope: { kind: 'project', id: 424242 }, label: 'Injected', origin: 'added' }], groupsOffered: true } };
    await page.evaluate((data) => new Promise<void>((resolve) => {
      // Listened to after the page's own listener: once this hears it, the page has too.
      window.addEventListener('message', () => resolve(), { once: true });
      window.postMessage(data, '*');
    }), injected);
    assert.deepEqual(await page.locator('#scope-list .scope-label').allTextContents(), before);
  });

  it('keeps an edit GitLab refused (an unverified e-mail), the refusal at the field', async () => {
    const me = double.data.users.find((user) => user.id === 1)!;
    const unverified = me.secondaryEmails.find((email) => !email.verified)?.email;
    assert.ok(unverified, 'user 1 has an unverified secondary e-mail');
    await page.waitForSelector('#settings-form[data-scope-key="global"] #notification-email');
    await page.locator('#notification-email').fill(unverified);
    await page.locator('#save-button').click();
    await page.waitForSelector('#notification-email-error:not([hidden])');
    assert.match(await page.locator('#notification-email-error').textContent() ?? '', /must be an email you have verified/);
    assert.equal(await page.locator('#notification-email').inputValue(), unverified, 'the edit is kept');
    assert.equal(await page.locator('#revert-button').isEnabled(), true, 'and can be discarded');
    assert.equal(me.notificationEmail, null, 'GitLab kept the primary address');
  });
});
