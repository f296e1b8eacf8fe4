/** The settings editor's webview view type; package.json declares `onWebviewPanel:` + this for restoring it. */
export const NOTIFICATION_SETTINGS_VIEW_TYPE = 'gitlabActivity.notificationSettings';
