import { isGitLabError, type GitLabError } from '../../gitlab/errors';
import { permissionNames, quoteGitLab } from '../../gitlab/messages';
import type { AccountKey } from '../accountKey';
import { formatCount, type Localize } from '../localize';
import type { NotificationSetting } from '../../gitlab/types';
import type { ErrorInfo } from './shared/protocol';

/** What the user was doing when the error happened; it decides which scope is missing and which fix to offer. */
export type ErrorContext = 'load' | 'save' | 'add' | 'listGroups';

const MAX_MESSAGE = 1000;

/** Any failure's message, for logs and notifications. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Turns any failure into what the form shows next to itself. GitLab's own words (a 400's message, field errors)
 * are kept, since they name the exact problem; everything else gets a sentence that says what to do.
 */
export function describeError(error: unknown, context: ErrorContext, localize: Localize): ErrorInfo {
  const info = describe(error, context, localize);
  return info.message.length > MAX_MESSAGE ? { ...info, message: `${info.message.slice(0, MAX_MESSAGE - 1)}…` } : info;
}

/** GitLab's setting differs from the one the change was made against; nothing was written. */
export class SettingConflict extends Error {
  constructor(readonly server: NotificationSetting) {
    super('The setting changed on GitLab since it was loaded.');
  }
}

/**
 * The request was for one account (instance + user id), and another is in use now, or none: nothing was sent. A
 * read or a write made for a person (a snooze's end) never goes out with someone else's token.
 */
export class AccountChanged extends Error {
  /** `account`: the one it was for; undefined for a snooze that names no one. */
  constructor(readonly account?: AccountKey) {
    super('The account it was for is not the one signed in now.');
    this.name = 'AccountChanged';
  }
}

/** A numeric ID both a group and a project have, typed without saying which: the person chooses. */
export class AmbiguousScope extends Error {
  constructor(readonly id: number, localize: Localize) {
    super(localize('Both a group and a project have the ID {0}: choose which under Kind.', String(id)));
    this.name = 'AmbiguousScope';
  }
}

function describe(error: unknown, context: ErrorContext, t: Localize): ErrorInfo {
  if (error instanceof SettingConflict) return { kind: 'conflict', message: error.message, server: error.server };
  if (error instanceof AmbiguousScope) return { kind: 'validation', message: error.message, field: 'ref' };
  if (!isGitLabError(error)) return { kind: 'unexpected', message: t('Something went wrong: {0}', errorText(error)) };
  const { kind } = error;
  switch (kind) {
    case 'validation': {
      const fields = Object.entries(error.fieldErrors ?? {});
      if (fields.length === 0) return { kind, message: t('GitLab refused the change: {0}', error.message) };
      const label = (field: string) => (field === 'notification_email' ? t('Notification e-mail') : field === 'level' ? t('Level') : field);
      const message = fields.map(([field, problems]) => `${label(field)}: ${problems.join(', ')}`).join('; ');
      const field = (['notification_email', 'level'] as const).find((name) => fields.some(([key]) => key === name));
      return field ? { kind, message, field } : { kind, message };
    }
    case 'forbidden':
      if (error.missingPermissions) {
        if (error.missingPermissions.length === 0) return { kind, action: 'signIn', message: t('Sign in with a fine-grained personal access token that has the permissions this needs: GitLab refused the token in use.') };
        const quoted = quoteGitLab(error.missingPermissions.join(', '));
        const names = permissionNames(error.missingPermissions);
        return names
          ? { kind, action: 'signIn', message: t('Sign in with a fine-grained personal access token that has these permissions: {0}. GitLab requires them here and names them: {1}', names.join(', '), quoted) }
          : { kind, action: 'signIn', message: t('Sign in with a fine-grained personal access token that has the permissions GitLab asks for here. GitLab names them: {0}', quoted) };
      }
      if (!error.insufficientScope) return { kind, message: forbiddenMessage(error, t) };
      return {
        kind, action: 'signIn', message: context === 'save'
          ? t('Your token lacks the `api` scope needed to change settings.') : t('Your token lacks the `read_api` scope needed to read settings.'),
      };
    case 'notFound':
      return context === 'add'
        ? { kind, message: t('GitLab found no such group or project, or you cannot see it.'), field: 'ref' }
        : { kind, message: t('GitLab cannot find this group or project any more, or you no longer have access to it.') };
    case 'unauthorized':
      return { kind, message: t('GitLab did not accept your token. Sign in again.'), action: 'signIn' };
    case 'rateLimited': {
      const seconds = error.retryAfterMs !== undefined ? Math.max(1, Math.ceil(error.retryAfterMs / 1000)) : undefined;
      return {
        kind, action: 'retry', message: seconds !== undefined
          ? t('GitLab is limiting requests. Try again in {0} s.', formatCount(seconds, t)) : t('GitLab is limiting requests. Try again in a moment.'),
      };
    }
    case 'network':
      return { kind, message: t('Could not reach GitLab: {0}', error.message), action: 'retry' };
    case 'timeout':
      return { kind, message: t('GitLab did not answer in time.'), action: 'retry' };
    case 'server':
      return {
        kind, action: 'retry', message: error.status !== undefined
          ? t('GitLab had a problem (HTTP {0}). Try again later.', String(error.status)) : t('GitLab had a problem. Try again later.'),
      };
    case 'badResponse':
      if (error.limitBytes !== undefined) {
        const size = error.limitBytes >= 1048576 ? `${Math.round(error.limitBytes / 1048576)} MB` : `${Math.round(error.limitBytes / 1024)} kB`;
        return {
          kind, message: context === 'listGroups'
            ? t('GitLab\'s list of your groups is larger than {0}, more than this extension reads; it was not read. Add groups by ID or path instead.', size)
            : t('GitLab\'s answer is larger than {0}, more than this extension reads; it was not read.', size),
        };
      }
      return { kind, message: t('GitLab sent an answer this extension cannot read.'), action: 'retry' };
    case 'cancelled':
      return { kind, message: t('Cancelled.') };
    case 'unsupported':
      return { kind, message: t('This GitLab does not offer this: {0}', error.message) };
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
