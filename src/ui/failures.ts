import { isUnauthorized, type GitLabError } from '../gitlab';
import type { Log } from './log';
import * as plainWindow from './plainWindow';

/** Who tells the person that an instance refused its token: once, with "Sign In Again" (the session). */
export interface UnauthorizedReporter {
  reportUnauthorized(error: GitLabError, instanceUrl: string): void;
}

/**
 * The one way a command's failed request is reported: a refused token goes to the session, which says so once with
 * "Sign In Again" naming `instanceUrl` (the instance whose client was used, taken when the request started, never
 * the one active when the answer came); the error is logged under `what`; `message`, when given, is shown.
 */
export class Failures {
  constructor(private readonly session: UnauthorizedReporter, private readonly log: Pick<Log, 'error'>) {}

  report(error: unknown, instanceUrl: string, what: string, message?: string): void {
    if (isUnauthorized(error)) this.session.reportUnauthorized(error, instanceUrl);
    this.log.error(what, error);
    if (message !== undefined) void plainWindow.showErrorMessage(message);
  }
}
