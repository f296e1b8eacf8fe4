import assert from 'node:assert/strict';
import type { Frame, Locator, Page } from 'playwright-core';
import { useSignedInSession, waitForFeedFromDouble, type RunningDouble } from './harness';
import { VIEW_CONTAINER } from './harness/workbench';
import { hoverFor } from './harness/hover';
import { SettingsEditor } from './harness/settings-editor';
import { expandOnlyRoot, treeRowsLabelled } from './harness/tree-rows';

/**
 * Names and texts from GitLab are data, never markup or commands. Every payload below would set a window flag if any
 * surface parsed it as HTML, ran it as script or followed it as a link; the tests check the flag stays unset, no
 * element was made from the payload, and the text reads exactly as GitLab sent it.
 */
const FLAG = '__gitlabActivityHostile';
const IMG = `<img src=x onerror="window.${FLAG}='img'">`;
const SCRIPT = `<script>window.${FLAG}='script'</script>`;
const COMMAND_LINK = '[quit](command:workbench.action.quit)';
const JS_LINK = `[run](javascript:window.${FLAG}='link')`;

const GROUP_NAME = `${IMG}${SCRIPT} Acme`;
const PROJECT_NAME = `${IMG} lab`;
const ISSUE_TITLE = `${COMMAND_LINK} ${IMG}`;
const NOTE_TITLE = `Note target ${JS_LINK}`;
const NOTE_BODY = `${COMMAND_LINK} ${IMG} ${SCRIPT} ${JS_LINK}`;
/** The double's project with a hostile name (`hostileNames`). */
const XSS_PROJECT = 'acme/xss-lab';

/**
 * Gives the double's acme groups and its xss-lab project flag-setting names, and user 1 two new events whose
 * title and comment carry markup, a command link and a javascript: link.
 */
function makeWorldHostile(double: RunningDouble): void {
  const acme = double.data.groups.find((group) => group.fullPath === 'acme')!;
  const platform = double.data.groups.find((group) => group.fullPath === 'acme/platform')!;
  acme.name = GROUP_NAME;
  acme.fullName = GROUP_NAME;
  platform.fullName = `${GROUP_NAME} / ${platform.name}`;
  const lab = double.data.projects.find((project) => project.pathWithNamespace === XSS_PROJECT);
  assert.ok(lab, 'hostileNames gives the double the acme/xss-lab project');
  lab.name = PROJECT_NAME;
  lab.nameWithNamespace = `${GROUP_NAME} / ${PROJECT_NAME}`;

  double.addEvent({ projectId: lab.id, action: 'created', targetType: 'Issue', targetTitle: ISSUE_TITLE });
  const note = double.addEvent({ projectId: lab.id, action: 'commented', targetType: 'Note' });
  note.targetTitle = NOTE_TITLE;
  assert.ok(note.note, 'a comment event has a note');
  note.note.body = NOTE_BODY;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function flagIn(target: Page | Frame): Promise<unknown> {
  return target.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], FLAG);
}

/** Elements a payload could have created, and links to commands or scripts, inside `root`. */
async function dangerousElements(root: Locator): Promise<{ images: number; scripts: number; badLinks: string[] }> {
  return root.evaluate((element) => ({
    images: element.querySelectorAll('img').length,
    scripts: element.querySelectorAll('script').length,
    badLinks: Array.from(element.querySelectorAll('a, [data-href]'))
      .map((link) => link.getAttribute('href') ?? link.getAttribute('data-href') ?? '')
      .filter((href) => /^\s*(command|javascript):/i.test(href)),
  }));
}

/** The default page size (`gitlabActivity.pageSize`): My Activity's first page. */
const PAGE_SIZE = 20;

describe('hostile content from GitLab', function () {
  this.timeout(120_000);
  const session = useSignedInSession({
    name: 'hostile-content',
    double: { hostileNames: true },
    settings: { 'gitlabActivity.projects': ['acme/website'] },
  });

  // Runs after the session started and before anything asked for groups, projects or events; then waits for the
  // extension to be signed in (its status bar item shows), so its commands are there.
  before(async function () {
    makeWorldHostile(session().double!);
    await session().workbench.waitForStatusBarItem(/GitLab notifications for /, 60_000);
  });

  it('renders group and project names in the settings editor as inert text', async function () {
    const { workbench, double } = session();
    const acme = double!.data.groups.find((group) => group.fullPath === 'acme')!;
    const lab = double!.data.projects.find((project) => project.pathWithNamespace === XSS_PROJECT)!;
    const page = new SettingsEditor(workbench);
    await page.openFromPalette();

    let frame = await page.frameWith(`[data-scope-key="group:${acme.id}"]`);
    assert.equal(await frame.locator(`[data-scope-key="group:${acme.id}"] .scope-label`).textContent(), GROUP_NAME);

    // A project added by path is named from GitLab's answer.
    await page.click('#add-scope-toggle');
    frame = await page.frameWith('#add-scope-kind');
    await frame.locator('#add-scope-kind').selectOption('project');
    await frame.locator('#add-scope-ref').fill(XSS_PROJECT);
    await frame.locator('#add-scope-submit').click();
    const labKey = `project:${lab.id}`;
    frame = await page.waitForForm(labKey);
    assert.equal(await frame.locator(`[data-scope-key="${labKey}"] .scope-label`).textContent(), lab.nameWithNamespace);
    assert.equal(await page.text('#scope-title'), lab.nameWithNamespace);

    await page.selectScope(`group:${acme.id}`);
    assert.equal(await page.text('#scope-title'), GROUP_NAME);
    frame = await page.frame();
    assert.deepEqual(await dangerousElements(frame.locator('#app')), { images: 0, scripts: 0, badLinks: [] });
    assert.equal(await flagIn(frame), undefined, 'a payload ran in the editor');
    assert.equal(await flagIn(workbench.page), undefined, 'a payload ran in the workbench');
    await workbench.screenshot('hostile-settings-editor');
  });

  it('ignores messages posted into the settings editor from inside it, malformed or not, and keeps working', async function () {
    const { workbench } = session();
    const page = new SettingsEditor(workbench);
    let frame = await page.frameWith('#scope-list');
    const labels = () => frame.locator('#scope-list .scope-label').allTextContents();
    const before = await labels();
    const current = await frame.locator('#settings-form').getAttribute('data-scope-key');
    assert.ok(current && current !== 'global', 'the editor shows a group or project, so a move to Global is seen');
    // Each is wrong in one detail a renderer would not notice, and each would show if it were applied; the last is
    // well-formed. Only the host's channel (VS Code's frame around the page) is listened to.
    const posted: unknown[] = [
      { type: 'scopes', scopes: { entries: [{ key: 'project:424242', scope: { kind: 'group', id: 424242 }, label: `Injected ${IMG}`, origin: 'added' }], groupsOffered: true } },
      { type: 'settingChanged', key: current, setting: { level: IMG } },
      { type: 'reply', id: 1, result: { level: 'watch' } },
      { type: 'focusScope', key: 'group:not-a-number' },
      { type: 'bulk', bulk: { level: 'watch', items: [], done: true } },
      { type: 'ready' },
      'just text', null, 42, [],
      { type: 'focusScope', key: 'global' },
    ];
    // Messages are handled in order: once a listener added after the page's own hears the last one, all were seen.
    await frame.evaluate((messages) => new Promise<void>((resolve) => {
      const sentinel = { sentinel: true };
      window.addEventListener('message', (event) => { if ((event.data as { sentinel?: boolean })?.sentinel) resolve(); });
      for (const message of [...messages, sentinel]) window.postMessage(message, '*');
    }), posted);
    assert.equal(await frame.locator('#settings-form').getAttribute('data-scope-key'), current, 'a posted focusScope moved the editor');
    assert.deepEqual(await labels(), before, 'the scope list changed');
    assert.deepEqual(await dangerousElements(frame.locator('#app')), { images: 0, scripts: 0, badLinks: [] });
    assert.equal(await flagIn(frame), undefined, 'a payload ran in the editor');
    // Still working: the host's answers are heard.
    frame = await page.selectScope('global');
    await page.selectScope(current);
  });

  it('shows hostile names and event texts literally in tree labels and tooltips, with no command links', async function () {
    const { workbench, page } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);

    // Hovered once My Activity is drawn as it stays: every project its rows name looked up and shown (a project looked
    // up later draws its days again, and a row drawn again under the mouse loses the hover it was about to show).
    await waitForFeedFromDouble(session(), { parent: 'My Activity', apiPath: '/events', perPage: PAGE_SIZE, projectsNamed: true });
    // The row shows the title as sent, and (once the project is fetched) the project's name as its description.
    const issueRow = await workbench.waitForTreeRow(new RegExp(`${escapeRegExp(ISSUE_TITLE)}[\\s\\S]*${escapeRegExp(PROJECT_NAME)}`));
    const issueHover = await hoverFor(page, issueRow, ISSUE_TITLE);
    assert.deepEqual(await dangerousElements(issueHover), { images: 0, scripts: 0, badLinks: [] });
    await workbench.screenshot('hostile-event-tooltip');

    const noteRow = await workbench.waitForTreeRow(new RegExp(`${escapeRegExp(NOTE_TITLE)}[\\s\\S]*${escapeRegExp(PROJECT_NAME)}`));
    const noteHover = await hoverFor(page, noteRow, NOTE_BODY);
    assert.ok(((await noteHover.textContent()) ?? '').includes(NOTE_TITLE));
    assert.deepEqual(await dangerousElements(noteHover), { images: 0, scripts: 0, badLinks: [] });
    await workbench.screenshot('hostile-comment-tooltip');
    await page.mouse.move(1, 1);

    // The project's row in the tree is named from GitLab too (the editor above added it to the tree's projects).
    await expandOnlyRoot(workbench, 'Projects');
    const projectRow = treeRowsLabelled(page, `${GROUP_NAME} / ${PROJECT_NAME}`).first();
    await projectRow.waitFor({ state: 'visible', timeout: 20_000 });

    const sidebar = page.locator('.part.sidebar');
    assert.deepEqual(await dangerousElements(sidebar), { images: 0, scripts: 0, badLinks: [] });
    assert.equal(await page.locator('img[src="x"]').count(), 0, 'an image was made from a payload');
    assert.equal(await flagIn(page), undefined, 'a payload ran in the workbench');
    await workbench.screenshot('hostile-activity-tree');
  });

  describe('settings editor content security policy', function () {
    interface PageFacts {
      csp: string | null;
      cspInHead: boolean;
      scripts: Array<{ id: string; src: string | null; nonce: string; beforeCsp: boolean }>;
    }

    async function pageFacts(frame: Frame): Promise<PageFacts> {
      return frame.evaluate(() => {
        const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
        return {
          csp: meta?.getAttribute('content') ?? null,
          cspInHead: meta?.parentElement === document.head,
          scripts: Array.from(document.scripts).map((script) => ({
            id: script.id,
            src: script.getAttribute('src'),
            nonce: script.nonce ?? '',
            // The policy applies to what follows it in the document.
            beforeCsp: meta !== null && Boolean(script.compareDocumentPosition(meta) & Node.DOCUMENT_POSITION_FOLLOWING),
          })),
        };
      });
    }

    function directives(csp: string): Map<string, string[]> {
      return new Map(csp.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
        const [name, ...sources] = part.split(/\s+/);
        return [name.toLowerCase(), sources];
      }));
    }

    it('declares default-src none, scripts by nonce only, nothing unsafe; every page script carries the nonce', async function () {
      const { workbench } = session();
      const frame = await new SettingsEditor(workbench).openFromPalette();
      const facts = await pageFacts(frame);
      assert.ok(facts.csp, 'the page declares a Content-Security-Policy');
      assert.ok(facts.cspInHead);
      assert.doesNotMatch(facts.csp, /unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic/);
      const policy = directives(facts.csp);
      assert.deepEqual(policy.get('default-src'), ["'none'"]);
      const scriptSources = policy.get('script-src') ?? [];
      assert.equal(scriptSources.length, 1, `script-src allows only a nonce: ${scriptSources.join(' ')}`);
      const nonce = /^'nonce-([A-Za-z0-9+/_=-]{16,})'$/.exec(scriptSources[0])?.[1];
      assert.ok(nonce, `script-src is a nonce: ${scriptSources[0]}`);

      // VS Code's own API script is inserted ahead of the page's policy; every script of the page follows it.
      const pageScripts = facts.scripts.filter((script) => !script.beforeCsp);
      assert.deepEqual(facts.scripts.filter((script) => script.beforeCsp).map((script) => script.id), ['_vscodeApiScript']);
      assert.ok(pageScripts.length > 0 && pageScripts.some((script) => script.src?.endsWith('/settings.js')));
      for (const script of pageScripts) assert.equal(script.nonce, nonce, `script ${script.src ?? script.id} carries the nonce`);
    });

    it('blocks inline scripts and inline event handlers in the editor’s page', async function () {
      const { workbench } = session();
      const frame = await new SettingsEditor(workbench).frame();
      const outcome = await frame.evaluate(async (flag) => {
        const seen: string[] = [];
        // No named functions in here: the test runner's compiler would wrap them in a helper the page lacks.
        const controller = new AbortController();
        document.addEventListener('securitypolicyviolation', (event) => seen.push(event.effectiveDirective), { signal: controller.signal });
        const probe = document.createElement('div');
        probe.id = 'csp-probe';
        const script = document.createElement('script');
        script.textContent = `window.${flag} = 'inline script'`;
        probe.append(script);
        probe.insertAdjacentHTML('beforeend', `<button onclick="window.${flag} = 'handler'">x</button>`);
        document.body.append(probe);
        probe.querySelector('button')?.click();
        // Violation reports are dispatched as tasks: wait for both of them, or give up after a few seconds.
        const deadline = Date.now() + 5000;
        while (seen.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        controller.abort();
        probe.remove();
        return { flag: (window as unknown as Record<string, unknown>)[flag], violations: seen.sort() };
      }, FLAG);
      assert.equal(outcome.flag, undefined, 'injected code ran');
      assert.ok(outcome.violations.includes('script-src-elem'), `violations: ${outcome.violations.join(', ')}`);
      assert.ok(outcome.violations.includes('script-src-attr'), `violations: ${outcome.violations.join(', ')}`);
    });
  });
});
