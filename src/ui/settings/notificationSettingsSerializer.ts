import * as vscode from 'vscode';
import { parsePersistedState } from '../../app/settings/messageValidators';
import type { PersistedState } from '../../app/settings/protocol';
import type { NotificationSettingsEditor } from './notificationSettingsEditor';

/**
 * Brings the settings editor back after a window reload. The front end keeps its unsaved edits in the webview
 * state and reads them back itself; the state is checked here (an unusable one is logged and dropped) and handed
 * to the page again in case it finds none.
 */
export class NotificationSettingsSerializer implements vscode.WebviewPanelSerializer<unknown> {
  constructor(private readonly editor: NotificationSettingsEditor, private readonly log: (line: string) => void) {}

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    let restored: PersistedState | undefined;
    if (state !== undefined && state !== null) {
      const parsed = parsePersistedState(state);
      if (parsed.ok) restored = parsed.value;
      else this.log(`Settings view: the saved state cannot be used (${parsed.reason}); starting afresh.`);
    }
    this.editor.restore(panel, restored);
  }
}
