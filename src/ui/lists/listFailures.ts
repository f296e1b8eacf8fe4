import type * as vscode from 'vscode';
import { isUnauthorized, type GitLabError } from '../../gitlab';
import type { UnauthorizedReporter } from '../failures';
import type { Log } from '../log';

/**
 * The one way a list's failed load is reported, in every list view: a line in the log, and a refused token to the
 * session, which says so once with "Sign In Again" naming the list's instance. The list's own error row says the rest.
 */
export function reportListFailures(
  lists: { onDidChange(listener: (key: string | undefined) => void): { dispose(): void }; errorOf(key: string): GitLabError | undefined },
  instanceOf: (key: string) => string | undefined,
  session: UnauthorizedReporter,
  log: Pick<Log, 'warn'>,
): vscode.Disposable {
  return lists.onDidChange((key) => {
    if (key === undefined) return;
    const error = lists.errorOf(key);
    if (!error) return;
    log.warn(`Loading ${key} failed: ${error.message}`);
    const instance = instanceOf(key);
    if (isUnauthorized(error) && instance !== undefined) session.reportUnauthorized(error, instance);
  });
}
