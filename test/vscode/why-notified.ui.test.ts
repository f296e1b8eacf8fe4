import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { DoubleIssuable } from '../double/world/types';
import { isEventsRequest, useSignedInSession, waitFor, waitForExtensionRequest, type RunningDouble } from './harness';
import { pickContextMenuItem } from './harness/context-menu';
import { VIEW_CONTAINER } from './harness/workbench';

/** A title no other row of the double has, so the row is found by it alone. */
const TITLE = 'Why does this e-mail me';
const REFERENCE = `acme/website#1 "${TITLE}"`;

/** User 1's row for the issue: `true` subscribed, `false` unsubscribed, undefined none. */
const rowOf = (double: RunningDouble, issue: DoubleIssuable) =>
  double.data.subscriptions.find((s) => s.userId === 1 && s.subscribableType === 'Issue' && s.subscribableId === issue.id && s.projectId === issue.projectId)?.subscribed;

/** The workbench's modal dialog once shown: its message, detail and buttons. */
async function modalDialog(page: Page): Promise<{ message: string; detail: string; buttons: string[] }> {
  const box = page.locator('.monaco-dialog-box');
  await box.first().waitFor({ state: 'visible', timeout: 30_000 });
  return {
    message: (await box.locator('.dialog-message-text').first().innerText()).trim(),
    detail: (await box.locator('.dialog-message-detail').first().innerText()).trim(),
    buttons: (await box.locator('.dialog-buttons .monaco-button').allInnerTexts()).map((text) => text.trim()),
  };
}

/**
 * "Why Am I Notified About This?" and "Unsubscribe" on an Activity row naming an issue user 1 opened and subscribed
 * to (the double's issue 5001, acme/website#1): what GitLab says, the level in force, and Unsubscribe with Undo
 * reaching the double. The issue's title and user 1's row are put back after each test (the double is shared).
 */
describe('why am I notified about this', function () {
  this.timeout(120_000);
  const session = useSignedInSession({ name: 'why-notified' });
  let issue: DoubleIssuable;
  let title = '';

  before(function () {
    const { double } = session();
    issue = double!.data.issuables.find((i) => i.id === 5001)!;
    assert.deepEqual([issue.projectId, issue.iid, issue.authorId, rowOf(double!, issue)], [1, 1, 1, true], 'the world\'s issue 5001');
    title = issue.title;
    issue.title = TITLE;
    double!.addEvent({ action: 'created', targetType: 'Issue', projectId: 1, targetId: issue.id, targetIid: issue.iid, targetTitle: TITLE });
  });
  after(function () {
    issue.title = title;
  });

  /**
   * The event's row. The first test refreshes to bring it (a new row: found only once the refreshed list is drawn);
   * the next uses it as it stands, so no redraw replaces the row under the context menu.
   */
  async function eventRow(refresh: boolean) {
    const { workbench, double } = session();
    await workbench.openViewContainer(VIEW_CONTAINER);
    if (refresh) {
      const since = Date.now();
      await workbench.runCommand('GitLab: Refresh Activity');
      await waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r, '/events') && r.status === 200);
    }
    return workbench.waitForTreeRowByText(`#1 ${TITLE}`, 30_000);
  }

  it('explains an explicit subscription from an Activity row, with the level in force, and offers Unsubscribe', async function () {
    const { page, double } = session();
    await pickContextMenuItem(page, await eventRow(true), 'Why Am I Notified About This?');
    const dialog = await modalDialog(page);
    assert.equal(dialog.message, `You are subscribed to ${REFERENCE}.`);
    assert.match(dialog.detail, /You subscribed to it: GitLab e-mails you about its activity whatever your notification level, even Disabled\./);
    assert.match(dialog.detail, /You also take part in it: you opened it\./);
    assert.match(dialog.detail, /Notification level in force for acme\/website: /);
    assert.match(dialog.detail, /Not checked: subscriptions to its labels/);
    assert.ok(dialog.buttons.includes('Unsubscribe'), dialog.buttons.join(', '));
    await session().workbench.screenshot('why-notified-about-this');
    // Asked in one GraphQL request, with the filter that tells a subscription of one's own apart.
    assert.ok(double!.requests.some((r) => r.path === '/api/graphql' && /EXPLICITLY_UNSUBSCRIBED/.test(r.body ?? '') && /issue\(iid/.test(r.body ?? '')));
    await page.locator('.monaco-dialog-box .dialog-buttons .monaco-button').getByText('Unsubscribe', { exact: true }).click();
    await waitFor('the double to hold user 1 unsubscribed', () => rowOf(double!, issue) === false);
    const toast = await session().workbench.waitForNotification(`Unsubscribed from ${REFERENCE}.`);
    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await waitFor('the double to hold user 1 subscribed again', () => rowOf(double!, issue) === true);
    await session().workbench.waitForNotification(`Subscribed to ${REFERENCE} again.`);
  });

  it('Unsubscribe from the row\'s context menu reaches GitLab, and Undo subscribes again', async function () {
    const { page, double, workbench } = session();
    await pickContextMenuItem(page, await eventRow(false), 'Unsubscribe');
    await waitFor('the double to hold user 1 unsubscribed', () => rowOf(double!, issue) === false);
    const toast = await workbench.waitForNotification(`Unsubscribed from ${REFERENCE}.`);
    assert.ok(double!.requests.some((r) => r.path === '/api/graphql' && /issueSetSubscription/.test(r.body ?? '')), 'through GitLab\'s issueSetSubscription');
    await toast.locator('a.monaco-button', { hasText: 'Undo' }).click();
    await waitFor('the double to hold user 1 subscribed again', () => rowOf(double!, issue) === true);
  });
});
