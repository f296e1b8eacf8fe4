import type { VscodeSession } from './session';
import { waitFor } from './wait-for';
import type { StatusBarItem } from './workbench';

/** The notification level's status bar item, as the workbench names it (`<publisher>.<name>.<id>`). */
export const STATUS_ITEM = 'gitlab-activity.gitlab-activity.gitlabActivity.notificationLevel';

/** Waits for the level's item to pass `test`; a time-out says what it showed last. */
export async function waitForStatus(session: VscodeSession, what: string, test: (text: string) => boolean): Promise<StatusBarItem> {
  let last = '';
  try {
    return await waitFor(`the status bar to show ${what}`, async () => {
      const item = (await session.workbench.statusBarItems()).find((candidate) => candidate.id === STATUS_ITEM);
      last = item?.text ?? '';
      return item && test(item.text) && item;
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; it showed ${JSON.stringify(last)}`);
  }
}
