import * as vscode from 'vscode';
import type { ActiveAccount } from '../app/activeAccount';
import { instanceNamedByRemotes } from '../app/gitRemotes';
import { idsFor } from '../app/instanceSettings';
import { ProjectDirectories } from '../app/projectDirectory';
import type { Clock } from '../app/snoozeTime';
import { COMMANDS, INSTANCE_ENV_VAR, OUTPUT_CHANNEL_NAME, SETTINGS_SECTION, TOKEN_ENV_VAR } from '../ids';
import { WorkspaceRepositories } from './workspace';
import { TokenStore } from './auth/tokenStore';
import { Failures } from './failures';
import { configReader, InstanceLists, type ExtensionConfig } from './config';
import { Log } from './log';
import { Session } from './session';
import type { Platform } from './platform';
import { systemClock } from './settings/snoozeClock';

/** What every feature is built from: the log, the session and its active account, the settings, the directories, the clock. */
export interface Shell {
  log: Log;
  session: Session;
  /** The active account: what the status bar, notification settings, snoozes and profiles follow. */
  account: ActiveAccount;
  /** How a command reports a failed request (a refused token: once, with Sign In Again). */
  failures: Failures;
  /** The settings as they are now, checked (what a workspace may not set is ignored, with a warning in the log). */
  readConfig: () => ExtensionConfig;
  /** The settings with the lists narrowed to the active instance's: what the status bar, notification settings and snoozes read. */
  activeConfig: () => ExtensionConfig;
  /** Per instance: its projects, named once for every view. */
  directories: ProjectDirectories;
  /** The workspace's folders as git repositories: their remotes and the projects those name. */
  repositories: WorkspaceRepositories;
  /** The per-instance lists of projects, users and groups, as commands edit them. */
  lists: InstanceLists;
  /** What differs between the Node host and a browser's worker. */
  platform: Platform;
  /** What snoozes (of notifications and of to-dos) end by; a test clock only when the environment names its file (tests of the workbench). */
  clock: Clock;
}

/**
 * Builds the shell's core and registers "Show Log" and what restores the session (a token, the instance setting, the
 * network settings or the workspace's folders changed). Nothing here touches the network.
 */
export function createShell(context: vscode.ExtensionContext, platform: Platform): Shell {
  const { env } = platform;
  // The log masks the tokens in use; the closure reads the session once it exists.
  const channel = vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true });
  const log: Log = new Log(channel, (): Array<string | undefined> => [...session.secrets, env(TOKEN_ENV_VAR)]);
  const tokens = new TokenStore(context.secrets, { token: env(TOKEN_ENV_VAR), instanceUrl: env(INSTANCE_ENV_VAR) }, (line) => log.warn(line));
  const version = String(context.extension.packageJSON.version ?? '0');
  const readConfig = configReader((line) => log.warn(line), env);
  const repositories = new WorkspaceRepositories(platform.localGitFiles);
  // The active instance: the one the workspace's git remotes name among those signed in, else the settings' one.
  const session: Session = new Session(tokens, readConfig, log, context.globalState, `gitlab-activity/${version} vscode/${vscode.version}`,
    (config) => platform.exchange(config, log),
    async (instances) => instanceNamedByRemotes(await repositories.remoteUrls(), instances, readConfig().instanceUrl));
  const account = session.active;
  const activeConfig = (): ExtensionConfig => {
    const config = readConfig();
    const active = account.instanceUrl;
    return { ...config, projects: idsFor(config.entries.projects, active), users: idsFor(config.entries.users, active), groups: idsFor(config.entries.groups, active) };
  };
  const directories = new ProjectDirectories((instance) => session.apiFor(instance), (line) => log.warn(line));
  const testClock = platform.testClock?.((line) => log.info(line));
  const clock = testClock ?? systemClock;
  context.subscriptions.push(
    log, tokens, session,
    ...(testClock ? [testClock] : []),
    tokens.onDidChange(() => void session.restore()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      const affects = (key: string) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`);
      if (affects('instanceUrl')) void session.restore();
      else if (['proxy', 'caFile', 'ignoreCertificateErrors', 'requestTimeout'].some(affects) || e.affectsConfiguration('http.proxy')) {
        session.rebuild();
      }
    }),
    // Another folder may bring a remote that names another signed-in instance.
    vscode.workspace.onDidChangeWorkspaceFolders(() => void session.restore()),
    vscode.commands.registerCommand(COMMANDS.showLog, () => log.show()),
  );
  const lists = new InstanceLists(env);
  return { log, session, account, failures: new Failures(session, log), readConfig, activeConfig, directories, repositories, lists, platform, clock };
}

/**
 * After activation returns: the user's lists name their instance, then the tokens are read (SecretStorage), and the
 * first requests follow from the session's change event.
 */
export function startSession({ log, session, lists }: Shell): void {
  setTimeout(() => void lists.migrate((line) => log.info(line))
    .catch((error) => log.error('Migrating the project, user and group lists', error))
    .then(() => session.restore())
    // Says what the restore decided, signed out included: a reader of the log (and a test) knows it has happened.
    .then(() => log.info(session.signedIn
      ? `Session restored: signed in to ${session.all.map((account) => account.instanceUrl).join(', ')}`
      : 'Session restored: signed out'))
    .catch((error) => log.error('Restoring the session', error)), 0);
}
