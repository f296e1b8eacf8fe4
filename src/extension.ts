import * as vscode from 'vscode';
import { SettingChanges } from './app/notifications/settingChanges';
import { ProjectDirectory } from './app/projectDirectory';
import { COMMANDS, OUTPUT_CHANNEL_NAME, SETTINGS_SECTION, TOKEN_ENV_VAR } from './ids';
import { ActivityView } from './ui/activity/activityView';
import { SignInFlow } from './ui/auth/signInFlow';
import { TokenStore } from './ui/auth/tokenStore';
import { readConfig } from './ui/config';
import { Log } from './ui/log';
import { Session } from './ui/session';
import { NotificationStatusBar } from './ui/statusBar/notificationStatusBar';
import { StatusBarScope } from './ui/statusBar/statusBarScope';

/**
 * Composition root: builds the objects and registers them. Nothing here waits on the network: the stored token is
 * read and the first requests start after `activate` has returned.
 */
export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const tokens = new TokenStore(context.secrets, process.env[TOKEN_ENV_VAR]);
  // The log masks the token in use; the closure reads the session once it exists.
  const log: Log = new Log(OUTPUT_CHANNEL_NAME, (): Array<string | undefined> => [session.secret, process.env[TOKEN_ENV_VAR]]);
  const version = String(context.extension.packageJSON.version ?? '0');
  const session: Session = new Session(tokens, readConfig, log, context.globalState, `gitlab-activity/${version} vscode/${vscode.version}`);
  const directory = new ProjectDirectory(() => session.api);
  const changes = new SettingChanges();
  const activity = new ActivityView(session, readConfig, directory, context.workspaceState, log);
  const statusBar = new NotificationStatusBar(session, new StatusBarScope(readConfig), changes, context.globalState, log);
  const signIn = new SignInFlow(session);

  context.subscriptions.push(
    log, tokens, session, activity, statusBar,
    session.onDidChange(() => activity.sessionChanged()),
    tokens.onDidChange(() => void session.restore()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SETTINGS_SECTION) && !e.affectsConfiguration('http.proxy')) return;
      const affects = (key: string) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`);
      if (affects('instanceUrl')) void session.restore();
      else if (['proxy', 'caFile', 'ignoreCertificateErrors', 'requestTimeout'].some(affects) || e.affectsConfiguration('http.proxy')) {
        session.rebuild();
      }
      if (affects('statusBar.scope')) void statusBar.refresh();
      activity.configChanged(affects);
    }),
    vscode.commands.registerCommand(COMMANDS.signIn, () => signIn.run()),
    vscode.commands.registerCommand(COMMANDS.signOut, () => session.signOut()),
    vscode.commands.registerCommand(COMMANDS.showLog, () => log.show()),
    vscode.commands.registerCommand(COMMANDS.setNotificationLevel, () => statusBar.pickLevel()),
    vscode.commands.registerCommand(COMMANDS.toggleMute, () => statusBar.toggleMute()),
  );

  // After activation returns: read the token (SecretStorage), then the first requests follow from the change event.
  setTimeout(() => void session.restore().catch((error) => log.error('Restoring the session', error)), 0);
  log.info(`Activated in ${(performance.now() - started).toFixed(1)} ms`);
}

export function deactivate(): void {}
