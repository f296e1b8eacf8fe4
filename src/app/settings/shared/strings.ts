import type { Localize } from '../../localize';

/**
 * Every sentence the webview shows besides level and event labels, in English. The host localizes them and sends
 * them in the `state` message, so the front end never carries its own translations.
 */
export const WEBVIEW_STRINGS = {
  loading: 'Loading…',
  scopesHeading: 'Scopes',
  globalLabel: 'Global',
  globalDetail: 'Your default for every group and project',
  groupsHeading: 'Groups',
  projectsHeading: 'Projects',
  noGroups: 'No groups yet. Add one by ID or path.',
  groupsNotOffered: 'This server does not list your groups; add them by ID or path.',
  groupsListFailed: 'Your groups could not be listed: {0}',
  noProjects: 'No projects yet. Add one by ID or path.',
  refreshScopes: 'Refresh list',
  addScopeToggle: 'Add group/project by ID or path…',
  addScopeKindLabel: 'Kind',
  addScopeKindGroup: 'Group',
  addScopeKindProject: 'Project',
  addScopeRefLabel: 'ID, path or URL',
  addScopeRefPlaceholder: 'e.g. 42 or my-group/my-project',
  addScopeButton: 'Add',
  addScopeAdding: 'Adding…',
  invalidRef: 'Enter a numeric ID, a full path such as group/subgroup/project, or its GitLab URL.',
  selectForBulk: 'Select {0} for a bulk change',
  unsavedMarker: 'Unsaved changes',
  noScopeSelected: 'Select a scope on the left.',
  levelLabel: 'Notification level',
  unknownLevelLabel: '{0} (not known to this extension)',
  inheritsFromGlobal: 'Inherits {0} from global settings',
  inheritsFromGroup: 'Inherits {0} from group {1}',
  unknownLevelExplanation: 'GitLab reports a level this extension does not know. It is kept unless you choose another.',
  eventsLegend: 'Also notify me when',
  eventsBeforeSave: 'Once Custom is saved, GitLab may list more events for this scope.',
  eventsNotReturned: 'GitLab returned no event switches for this scope.',
  eventDefaultOn: 'default (on)',
  eventDefaultOff: 'default (off)',
  eventOn: 'on',
  eventOff: 'off',
  eventReset: 'Reset',
  eventResetTitle: 'Back to the value loaded from GitLab',
  unknownEventHint: 'not known to this extension',
  emailLabel: 'Notification e-mail',
  emailHint: 'One of your verified e-mail addresses. Leave it empty to use your primary address.',
  emailInvalid: 'Enter an e-mail address such as name@example.com, or leave the field empty.',
  saveButton: 'Save',
  savingButton: 'Saving…',
  revertButton: 'Discard changes',
  statusLoading: 'Loading…',
  statusUnsaved: 'Unsaved changes',
  statusSaved: 'Saved.',
  statusAlreadySaved: 'GitLab already had these settings.',
  statusUpToDate: 'Up to date',
  retryButton: 'Retry',
  signInButton: 'Sign in again',
  conflictTitle: 'This setting changed on GitLab since you loaded it.',
  conflictExplanation: 'Nothing was saved. Choose which version to keep.',
  conflictField: 'Setting',
  conflictYours: 'Yours',
  conflictTheirs: 'On GitLab now',
  conflictKeepMine: 'Keep mine and overwrite',
  conflictTakeTheirs: 'Take theirs',
  fieldLevel: 'Level',
  fieldEmail: 'Notification e-mail',
  valueAbsent: '—',
  bulkHeading: 'Change several at once',
  bulkSelected: '{0} selected',
  bulkLevelLabel: 'Level for the selected',
  bulkApply: 'Apply to selected',
  bulkCancel: 'Stop',
  bulkClear: 'Clear selection',
  bulkRunning: 'Applying…',
  bulkQueued: 'waiting',
  bulkStatusRunning: 'applying…',
  bulkStatusChanged: 'changed from {0} to {1}',
  bulkStatusUnchanged: 'already set to {0}',
  bulkStatusFailed: 'failed: {0}',
  bulkStatusCancelled: 'not changed (stopped)',
  bulkSummary: '{0} changed, {1} already set, {2} failed, {3} stopped.',
} as const;

export type WebviewStringKey = keyof typeof WEBVIEW_STRINGS;
export type WebviewStrings = Record<WebviewStringKey, string>;
export const WEBVIEW_STRING_KEYS = Object.keys(WEBVIEW_STRINGS) as WebviewStringKey[];

export function webviewStrings(localize: Localize): WebviewStrings {
  const strings = {} as WebviewStrings;
  for (const key of WEBVIEW_STRING_KEYS) strings[key] = localize(WEBVIEW_STRINGS[key]);
  return strings;
}
