import type { Edition } from '../types';

/** Custom-level e-mail event keys per edition and scope, and their column defaults (behaviour note §2.3, §2.4). */

export const LEVELS = ['disabled', 'participating', 'watch', 'global', 'mention', 'custom'] as const;

export type SettingScopeKind = 'global' | 'group' | 'project';

/** The 12 keys of the interface spec (GitLab 2018). */
export const SPEC_KEYS = [
  'new_note', 'new_issue', 'reopen_issue', 'close_issue', 'reassign_issue', 'new_merge_request', 'reopen_merge_request',
  'close_merge_request', 'reassign_merge_request', 'merge_merge_request', 'failed_pipeline', 'success_pipeline',
] as const;

/** CE `EMAIL_EVENTS`, current order (19 keys). */
export const CE_KEYS = [
  'new_release', 'new_note', 'new_issue', 'reopen_issue', 'close_issue', 'reassign_issue', 'issue_due',
  'new_merge_request', 'push_to_merge_request', 'reopen_merge_request', 'close_merge_request',
  'reassign_merge_request', 'change_reviewer_merge_request', 'merge_merge_request',
  'failed_pipeline', 'fixed_pipeline', 'success_pipeline', 'moved_project', 'merge_when_pipeline_succeeds',
] as const;

const SERVICE_ACCOUNT_KEYS = [
  'service_account_failed_pipeline', 'service_account_success_pipeline', 'service_account_fixed_pipeline',
];

/** EE adds keys per source class; global is the union in mapping order (24), group and project 23 each. */
const EE_KEYS: Record<SettingScopeKind, readonly string[]> = {
  global: [...CE_KEYS, 'new_epic', ...SERVICE_ACCOUNT_KEYS, 'approver'],
  group: [...CE_KEYS, 'new_epic', ...SERVICE_ACCOUNT_KEYS],
  project: [...CE_KEYS, 'approver', ...SERVICE_ACCOUNT_KEYS],
};

export function eventKeys(edition: Edition, scope: SettingScopeKind): readonly string[] {
  switch (edition) {
    case 'spec': return SPEC_KEYS;
    case 'ce': return CE_KEYS;
    case 'ee': return EE_KEYS[scope];
  }
}

/**
 * The value shown for a key never set: the raw column default. Most columns are nullable (null); `moved_project`
 * defaults to true, `merge_when_pipeline_succeeds` and the service-account columns to false. A spec-only server
 * answers the spec's "12 booleans": false.
 */
export function columnDefault(edition: Edition, key: string): boolean | null {
  if (edition === 'spec') return false;
  if (key === 'moved_project') return true;
  if (key === 'merge_when_pipeline_succeeds' || key.startsWith('service_account_')) return false;
  return null;
}
