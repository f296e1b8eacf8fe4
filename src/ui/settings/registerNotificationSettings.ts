import * as vscode from 'vscode';
import { NotificationSettingsEditor, type NotificationSettingsEditorDeps } from './notificationSettingsEditor';
import { NotificationSettingsSerializer } from './notificationSettingsSerializer';
import { NOTIFICATION_SETTINGS_VIEW_TYPE } from './viewType';

/**
 * Builds the settings editor and registers its panel serializer. The caller keeps the returned disposable in the
 * extension's subscriptions and opens the editor from its commands with `editor.open(scope?)`.
 */
export function registerNotificationSettingsEditor(deps: NotificationSettingsEditorDeps): {
  editor: NotificationSettingsEditor;
  disposable: vscode.Disposable;
} {
  const editor = new NotificationSettingsEditor(deps);
  const serializer = vscode.window.registerWebviewPanelSerializer(
    NOTIFICATION_SETTINGS_VIEW_TYPE,
    new NotificationSettingsSerializer(editor, deps.log),
  );
  return { editor, disposable: vscode.Disposable.from(serializer, editor) };
}
