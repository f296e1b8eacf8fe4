import { isGitLabError, type GitLabError } from '../../gitlab/errors';
import type { Localize } from '../localize';
import { SettingConflict } from './notificationSettingsService';
import type { ErrorInfo } from './shared/protocol';

/** What the user was doing when the error happened; it decides which scope is missing and which fix to offer. */
export type ErrorContext = 'load' | 'save' | 'add' | 'listGroups';

const MAX_MESSAGE = 1000;

/** Any failure's message, for logs and notifications. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

function fieldLabel(field: string, localize: Localize): string {
  return field === 'notification_email' ? localize('Notification e-mail') : field === 'level' ? localize('Level') : field;
}

/**
 * Turns any failure into what the form shows next to itself. GitLab's own words (a 400's message, field errors)
 * are kept, since they name the exact problem; everything else gets a sentence that says what to do.
 */
export function describeError(error: unknown, context: ErrorContext, localize: Localize): ErrorInfo {
  if (error instanceof SettingConflict) return { kind: 'conflict', message: error.message, server: error.server };
  if (!isGitLabError(error)) return { kind: 'unexpected', message: clip(localize('Something went wrong: {0}', errorText(error))) };
  const retry = { action: 'retry' } as const;
  switch (error.kind) {
    case 'validation': {
      const fields = Object.entries(error.fieldErrors ?? {});
      if (fields.length === 0) return { kind: 'validation', message: clip(localize('GitLab refused the change: {0}', error.message)) };
      const message = clip(fields.map(([field, problems]) => `${fieldLabel(field, localize)}: ${problems.join(', ')}`).join('; '));
      const field = (['notification_email', 'level'] as const).find((name) => fields.some(([key]) => key === name));
      return field ? { kind: 'validation', message, field } : { kind: 'validation', message };
    }
    case 'forbidden':
      if (!error.insufficientScope) return { kind: 'forbidden', message: clip(forbiddenMessage(error, localize)) };
      return {
        kind: 'forbidden',
        message: context === 'save'
          ? localize('Your token lacks the `api` scope needed to change settings.')
          : localize('Your token lacks the `read_api` scope needed to read settings.'),
        action: 'signIn',
      };
    case 'notFound':
      return context === 'add'
        ? { kind: 'notFound', message: localize('GitLab found no such group or project, or you cannot see it.'), field: 'ref' }
        : { kind: 'notFound', message: localize('GitLab cannot find this group or project any more, or you no longer have access to it.') };
    case 'unauthorized':
      return { kind: 'unauthorized', message: localize('GitLab did not accept your token. Sign in again.'), action: 'signIn' };
    case 'rateLimited': {
      const seconds = error.retryAfterMs !== undefined ? Math.max(1, Math.ceil(error.retryAfterMs / 1000)) : undefined;
      return {
        kind: 'rateLimited', ...retry,
        message: seconds !== undefined
          ? localize('GitLab is limiting requests. Try again in {0} s.', seconds)
          : localize('GitLab is limiting requests. Try again in a moment.'),
      };
    }
    case 'network':
      return { kind: 'network', message: clip(localize('Could not reach GitLab: {0}', error.message)), ...retry };
    case 'timeout':
      return { kind: 'timeout', message: localize('GitLab did not answer in time.'), ...retry };
    case 'server':
      return {
        kind: 'server', ...retry,
        message: error.status !== undefined
          ? localize('GitLab had a problem (HTTP {0}). Try again later.', error.status)
          : localize('GitLab had a problem. Try again later.'),
      };
    case 'badResponse':
      return { kind: 'badResponse', message: localize('GitLab sent an answer this extension cannot read.'), ...retry };
    case 'cancelled':
      return { kind: 'cancelled', message: localize('Cancelled.') };
  }
}

/**
 * A refusal in one sentence. The client's own message is already a sentence ("GitLab refused access (403): …"), so
 * only GitLab's reason is kept, without the status line it starts with ("403 Forbidden - Your account has been blocked.").
 */
function forbiddenMessage(error: GitLabError, localize: Localize): string {
  const text = error.serverMessage ?? (error.status === undefined ? error.message : undefined);
  const reason = (text ?? '').replace(/^403\s+Forbidden\b\s*[-–:]?\s*/i, '').trim();
  if (reason === '') return localize('GitLab does not allow this (403 Forbidden).');
  return localize('GitLab does not allow this: {0}', /[.!?…]$/.test(reason) ? reason : `${reason}.`);
}

export function signedOutError(localize: Localize): ErrorInfo {
  return { kind: 'signedOut', message: localize('Sign in to GitLab to see and change notification settings.'), action: 'signIn' };
}
