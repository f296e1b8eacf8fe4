import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useSignedInSession } from './harness';
import { waitFor } from './harness/wait-for';
import { VIEW_CONTAINER } from './harness/workbench';

const root = path.join(__dirname, '..', '..');
/** The German the extension ships: the test reads what it expects from the translations, not from the code. */
const de: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'l10n', 'bundle.l10n.de.json'), 'utf8'));
const deManifest: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.nls.de.json'), 'utf8'));

/**
 * A day group's row as German writes it ("Di., 3. Nov. 2026", or the words for today and yesterday), then its count
 * ("2 Ereignisse"; the row's text runs the two together).
 */
const GERMAN_DAY = new RegExp(`^(${de.Today}|${de.Yesterday}|(Mo|Di|Mi|Do|Fr|Sa|So)\\., \\d{1,2}\\. \\S+ \\d{4})\\d+ Ereignis(se)?$`);
/** The English of the same rows: none may show. */
const ENGLISH_DAY = /^(Today|Yesterday|(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4})\d+ (events?|Ereignis(se)?)$/;

describe('display language: German', function () {
  this.timeout(180_000);
  // Over a thousand explicit subscriptions to issues: a count German writes with a point ("1.234").
  const session = useSignedInSession({
    name: 'locale-de', locale: 'de', fresh: 'its own display language, set when code-server starts', double: { subscriptions: { issues: 1_234 } },
  });

  it('names the views in German under GitLab\'s own name', async function () {
    const { workbench } = session();
    // The container keeps GitLab's name; its views are named in German.
    await workbench.openViewContainer(VIEW_CONTAINER);
    await workbench.waitForView(deManifest['views.activity.name']);
    assert.deepEqual(await workbench.visibleViews(),
      [deManifest['views.activity.name'], deManifest['views.todos.name'], deManifest['views.subscriptions.name'], deManifest['views.catchUp.name']]);
  });

  it('shows the views, their rows and their dates in German, and takes the tour\'s screenshot', async function () {
    const { workbench } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    const tree = workbench.tree(deManifest['views.activity.name']);
    await tree.waitForTreeRow(de['My Activity']);
    await tree.expandTreeRow(de['My Activity']);
    let rows: string[] = [];
    const days = await waitFor('German day groups under My Activity', async () => {
      rows = await tree.treeRows();
      return rows.some((row) => GERMAN_DAY.test(row)) ? rows : undefined;
    }).catch((error: Error) => { throw new Error(`${error.message}; the rows: ${rows.join(' | ')}`); });
    assert.deepEqual(days.filter((row) => ENGLISH_DAY.test(row)), [], 'no day group in English');
    for (const row of [de.Projects, de.Users]) assert.ok(days.some((text) => text.startsWith(row)), `a row "${row}" in ${days.join(' | ')}`);
    await workbench.screenshot('display-language-de');
  });

  it('shows the extension\'s settings in German in the Settings editor', async function () {
    const { workbench, page } = session();
    await session().executeCommand('workbench.action.openSettings', 'gitlabActivity.pageSize');
    const description = page.locator('.settings-editor .setting-item-contents[data-key="gitlabActivity.pageSize"] .setting-item-description');
    await description.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal((await description.innerText()).trim(), deManifest['configuration.pageSize.description']);
    // The settings' group is named as the manifest's German names the extension.
    await workbench.waitForText(deManifest['configuration.title']);
    await session().executeCommand('workbench.action.closeAllEditors');
  });

  it('runs a command by its German title and says what it did in German', async function () {
    const { workbench } = session();
    await workbench.runCommand(`GitLab: ${deManifest['commands.endSnooze.title']}`);
    await workbench.waitForNotification(de['Nothing is snoozed.']);
  });

  it('writes a count over a thousand as German does, with a point between the thousands', async function () {
    const { workbench } = session();
    await workbench.runCommand(`GitLab: ${deManifest['commands.showNotificationOverrides.title']}`);
    // The overview's line for the subscriptions GitLab counts instance-wide: "Sie haben außerdem 1.2xx Tickets abonniert: …".
    const [before, after] = de['You are also subscribed to {0}: they e-mail you whatever the level.'].split('{0}');
    const issues = de['{0} issues'].replace('{0}', '(\\d{1,3}(\\.\\d{3})+)');
    const counted = new RegExp(`^${escapeRegExp(before)}${issues}${escapeRegExp(after)}$`);
    let labels: string[] = [];
    await waitFor('the overview\'s count of subscribed issues, in German', async () => {
      labels = (await workbench.quickPickEntries()).map((entry) => entry.label);
      return labels.some((label) => counted.test(label)) || undefined;
    }).catch((error: Error) => { throw new Error(`${error.message}; the rows: ${labels.join(' | ')}`); });
    await workbench.dismissQuickInput();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
