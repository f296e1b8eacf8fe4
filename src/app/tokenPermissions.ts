import type { GitLabError } from '../gitlab/errors';
import { missingPermissionsText } from '../gitlab/messages';
import type { Localize } from './localize';

/**
 * What a fine-grained personal access token needs, feature by feature, in the names GitLab's token page gives the
 * permissions (`config/authz/permissions/<resource>/<action>.yml`; behaviour note §3B). Sign-in names them so, and a
 * view whose feature the token lacks one for says which (`permissionLine`).
 */
export type TokenFeature = 'activity' | 'settings' | 'todos' | 'subscriptions' | 'why';

export const FEATURE_PERMISSIONS: ReadonlyArray<{ feature: TokenFeature; permissions: readonly string[] }> = [
  // `read_project`: the names of projects in the rows, and Add Project's list of them.
  { feature: 'activity', permissions: ['read_event', 'read_project'] },
  // `read_group`, `read_project`: the groups and projects whose levels the editor lists.
  { feature: 'settings', permissions: ['read_notification_setting', 'update_notification_setting', 'read_group', 'read_project'] },
  // `read_user_preference`: new-to-do notifications follow the working hours set in GitLab.
  { feature: 'todos', permissions: ['read_todo', 'update_todo', 'read_user_preference'] },
  // Issues and epics are read as work items; merge requests, epics and labels are looked for in the person's groups and
  // projects; each kind has its own subscribe.
  {
    feature: 'subscriptions',
    permissions: [
      'read_work_item', 'read_merge_request', 'read_label', 'read_group', 'read_project', 'subscribe_issue', 'subscribe_merge_request',
      'subscribe_work_item', 'subscribe_label',
    ],
  },
  // The thing, the level in force where it lives, and Unsubscribe.
  { feature: 'why', permissions: ['read_work_item', 'read_merge_request', 'read_notification_setting', 'subscribe_issue', 'subscribe_merge_request', 'subscribe_work_item'] },
];

/** A feature as the sign-in prompt and the views name it. */
export function featureName(feature: TokenFeature, t: Localize): string {
  switch (feature) {
    case 'activity': return t('Activity');
    case 'settings': return t('Notification settings');
    case 'todos': return t('To-Do List');
    case 'subscriptions': return t('Subscriptions');
    case 'why': return t('Why am I notified');
  }
}

/** Every feature with the permissions it needs: "Activity: read_event; Notification settings: …". */
export function permissionsByFeature(t: Localize): string {
  return FEATURE_PERMISSIONS.map(({ feature, permissions }) => t('{0}: {1}', featureName(feature, t), permissions.join(', '))).join('; ');
}

/**
 * The one calm line a view shows in place of its list when GitLab refused the token for want of a fine-grained
 * permission (the token will not gain it: only another sign-in helps), or undefined for any other failure. What is
 * missing comes first: a narrow side bar cuts the end of a row.
 */
export function permissionLine(feature: TokenFeature, error: GitLabError | undefined, t: Localize): string | undefined {
  if (!error?.missingPermissions) return undefined;
  const named = error.missingPermissions.length > 0
    ? missingPermissionsText(error.missingPermissions)
    : FEATURE_PERMISSIONS.find((entry) => entry.feature === feature)!.permissions.join(', ');
  return t('{1} missing: {0} needs it. Sign in with a fine-grained token that has it to see this here.', featureName(feature, t), named);
}
