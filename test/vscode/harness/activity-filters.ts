import type { LoggedRequest } from '../../double';
import { isEventsRequest, waitForExtensionRequest } from './double-reads';
import type { VscodeSession } from './session';

/** Runs a filter command and picks `item` from its quick pick; resolves with the extension's next events request. */
export async function pickFilter(session: VscodeSession, command: string, title: string, item: RegExp): Promise<LoggedRequest> {
  const { workbench, double } = session;
  const since = Date.now();
  await workbench.runCommand(command);
  await workbench.waitForQuickInput(title);
  await workbench.pickQuickItem(item);
  return waitForExtensionRequest(double!, (r) => r.at >= since && isEventsRequest(r));
}
