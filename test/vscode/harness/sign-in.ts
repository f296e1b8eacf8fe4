import type { VscodeSession } from './session';
import { VIEW_CONTAINER } from './workbench';

/**
 * "GitLab: Sign In…" as a person goes through it: the URL box left as prefilled unless `instanceUrl` is given, then
 * the token. Returns the token step's prompt.
 */
export async function signInThroughFlow(session: VscodeSession, token: string, instanceUrl?: string): Promise<string> {
  const { workbench, page } = session;
  // The view container shows once the extension's contributions are in; the palette lists its commands from then.
  await workbench.openViewContainer(VIEW_CONTAINER);
  await workbench.runCommand('GitLab: Sign In…');
  await workbench.waitForQuickInput('URL of the GitLab instance');
  if (instanceUrl === undefined) await page.keyboard.press('Enter');
  else await workbench.answerQuickInput(instanceUrl, { expect: 'URL of the GitLab instance' });
  await workbench.waitForQuickInput('Sign in to GitLab (2/2)');
  const prompt = await workbench.waitForQuickInputMessage(/Personal access token/);
  await workbench.answerQuickInput(token, { expect: 'Sign in to GitLab (2/2)' });
  await workbench.waitForQuickInputClosed();
  return prompt;
}
