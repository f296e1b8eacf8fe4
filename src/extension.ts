import * as vscode from 'vscode';
import * as plainWindow from './ui/plainWindow';
import { instanceNamedByRemotes } from './app/gitRemotes';
import { idsFor } from './app/instanceSettings';
import { instanceHost, normalizeInstanceUrl } from './app/instance';
import { ProjectDirectories } from './app/projectDirectory';
import { NotificationSettingsService } from './app/settings/notificationSettingsService';
import { ScopeCatalog } from './app/settings/scopeCatalog';
import { isScopeRef } from './app/settings/shared/protocol';
import type { ScopeRef } from './app/settings/shared/scopes';
import { localZone } from './app/activity/calendar';
import { projectInfo } from './app/activity/projectInfo';
import { snoozeInForce, SnoozeScheduler } from './app/settings/snooze';
import { COMMANDS, INSTANCE_ENV_VAR, OUTPUT_CHANNEL_NAME, SETTINGS_SECTION, TEST_CLOCK_ENV_VAR, TOKEN_ENV_VAR } from './ids';
import { ActivityView } from './ui/activity/activityView';
import { TodoView } from './ui/todos/todoView';
import { SignInFlow } from './ui/auth/signInFlow';
import { TokenStore } from './ui/auth/tokenStore';
import { addToList, configReader, migrateUserLists, type ExtensionConfig } from './ui/config';
import { AccountsProvider } from './ui/auth/accountsProvider';
import { workspaceRemoteUrls } from './ui/activity/workspaceProjects';
import { Log } from './ui/log';
import { Session } from './ui/session';
import { NotificationSettingsEditor } from './ui/settings/notificationSettingsEditor';
import { registerInsight } from './ui/settings/insightCommands';
import type { ActivityNode } from './ui/activity/nodes';
import { NotificationStatusBar, StatusBarScope } from './ui/statusBar/notificationStatusBar';
import { ProfileCommands } from './ui/settings/profileCommands';
import type { ScopeSources } from './ui/settings/scopeChoices';
import { FileOffsetClock, systemClock } from './ui/settings/snoozeClock';
import { SnoozeCommands } from './ui/settings/snoozeCommands';

/**
 * Composition root: builds the objects and registers them. Nothing here waits on the network: the stored token is
 * read and the first requests start after `activate` has returned.
 */
export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  // The log masks the token in use; the closure reads the session once it exists.
  const channel = vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true });
  const log: Log = new Log(channel, (): Array<string | undefined> => [...session.secrets, process.env[TOKEN_ENV_VAR]]);
  const tokens = new TokenStore(context.secrets, { token: process.env[TOKEN_ENV_VAR], instanceUrl: process.env[INSTANCE_ENV_VAR] }, (line) => log.warn(line));
  const version = String(context.extension.packageJSON.version ?? '0');
  const readConfig = configReader((line) => log.warn(line));
  // The active instance: the one the workspace's git remotes name among those signed in, else the settings' one.
  const session: Session = new Session(tokens, readConfig, log, context.globalState, `gitlab-activity/${version} vscode/${vscode.version}`,
    async (instances) => instanceNamedByRemotes(await workspaceRemoteUrls(), instances, readConfig().instanceUrl));
  // What the status bar, notification settings and snoozes read: the active instance's lists.
  const activeConfig = (): ExtensionConfig => {
    const config = readConfig();
    const active = session.instanceUrl;
    return { ...config, projects: idsFor(config.entries.projects, active), users: idsFor(config.entries.users, active), groups: idsFor(config.entries.groups, active) };
  };
  const directories = new ProjectDirectories((instance) => session.apiFor(instance), (line) => log.warn(line));
  const directory = { get: (id: number | string) => directories.for(normalizeInstanceUrl(session.instanceUrl)).get(id), resolve: (ids: Iterable<number | string>) => directories.for(normalizeInstanceUrl(session.instanceUrl)).resolve(ids) };
  const levels = new NotificationSettingsService(() => session.api, context.globalState, () => session.instanceUrl, async (id) => {
    await directory.resolve([id]);
    return directory.get(id);
  }, (line) => log.warn(line));
  const activity = new ActivityView(session, readConfig, directories, context.workspaceState, context.globalState, log);
  const todos = new TodoView(session, () => readConfig().pageSize, log);
  // Snooze and profiles. The test clock exists only when the environment names its file (tests of the workbench).
  const clockFile = process.env[TEST_CLOCK_ENV_VAR];
  const clock = clockFile ? new FileOffsetClock(clockFile, (line) => log.info(line)) : systemClock;
  const statusBarScope = new StatusBarScope(activeConfig, () => session.instanceUrl);
  // The groups and projects the person has, listed once for the settings editor, the overview and the quick picks.
  const catalog = new ScopeCatalog({
    api: () => session.api, settings: levels, projects: () => activity.projectScopes(), addedGroups: () => activeConfig().groups,
    nameProjects: (ids) => directory.resolve(ids),
    // Added groups and projects are kept where the activity tree's lists are (see `addToList`).
    rememberGroup: (ref) => addToList('groups', session.instanceUrl, ref),
    rememberProject: (ref) => addToList('projects', session.instanceUrl, ref),
    localize: vscode.l10n.t, log: (line) => log.info(line),
  });
  const scopeSources: ScopeSources = { workspace: () => statusBarScope.resolve(), catalog };
  const snoozeCommands = new SnoozeCommands(scopeSources, clock, localZone, log, () => session.instanceUrl,
    (error, instanceUrl) => session.reportUnauthorized(error, instanceUrl));
  const snoozes = new SnoozeScheduler(levels, context.globalState, clock, () => normalizeInstanceUrl(session.instanceUrl),
    () => session.signedIn, snoozeCommands, (line) => log.info(line));
  snoozeCommands.scheduler = snoozes;
  const profiles = new ProfileCommands({
    sources: scopeSources, settings: levels, instanceUrl: () => session.instanceUrl, log,
    onUnauthorized: (error, instanceUrl) => session.reportUnauthorized(error, instanceUrl),
    pathOf: async (scope) => {
      if (scope.kind !== 'project') return undefined;
      await directory.resolve([scope.id]);
      return projectInfo(directory.get(scope.id))?.pathWithNamespace;
    },
  });
  const statusBar = new NotificationStatusBar(session, statusBarScope, levels, log, (scope, inForce) => {
    const snooze = snoozeInForce(scope, inForce, snoozes.list());
    return snooze && snoozeCommands.formatEnd(snooze.until);
  });
  const signIn = new SignInFlow(session, readConfig);
  const settingsEditor = new NotificationSettingsEditor({
    extensionUri: context.extensionUri,
    api: () => session.api,
    instanceUrl: () => (session.signedIn ? session.instanceUrl : undefined),
    settings: levels,
    catalog,
    log: (line) => log.info(line),
    snoozes: {
      list: () => snoozes.list(), end: (scope) => snoozes.end(scope), onDidChange: snoozes.onDidChange,
      formatEnd: (until) => snoozeCommands.formatEnd(until),
    },
  });

  const accounts = new AccountsProvider(session, (instanceUrl) => signIn.run(instanceUrl));

  context.subscriptions.push(
    todos,
    log, tokens, session, activity, statusBar, settingsEditor, accounts,
    snoozes, snoozes.onDidChange(() => statusBar.render()),
    ...(clock instanceof FileOffsetClock ? [clock] : []),
    session.onDidChange(() => {
      activity.sessionChanged();
      // Ends that passed while VS Code was closed or signed out.
      void snoozes.check();
      catalog.forget();
      void settingsEditor.refreshScopes();
    }),
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
    // Another folder may bring a remote that names another signed-in instance.
    vscode.workspace.onDidChangeWorkspaceFolders(() => void session.restore()),
    registerInsight({ levels, sources: scopeSources, instanceUrl: () => session.instanceUrl, onDidChangeSession: session.onDidChange, log }),
    vscode.commands.registerCommand(COMMANDS.signIn, (instanceUrl?: unknown) => signIn.run(instanceUrl)),
    vscode.commands.registerCommand(COMMANDS.signOut, () => signOut()),
    vscode.commands.registerCommand(COMMANDS.showLog, () => log.show()),
    vscode.commands.registerCommand(COMMANDS.setNotificationLevel, () => statusBar.pickLevel()),
    vscode.commands.registerCommand(COMMANDS.toggleMute, () => statusBar.toggleMute()),
    vscode.commands.registerCommand(COMMANDS.snoozeNotifications, () => snoozeCommands.snooze()),
    vscode.commands.registerCommand(COMMANDS.endSnooze, () => snoozeCommands.endSnooze()),
    vscode.commands.registerCommand(COMMANDS.exportNotificationProfile, (target?: unknown) => profiles.export(target)),
    vscode.commands.registerCommand(COMMANDS.importNotificationProfile, (source?: unknown) => profiles.import(source)),
    vscode.commands.registerCommand(COMMANDS.openNotificationSettings, (scope?: ScopeRef) => settingsEditor.open(isScopeRef(scope) ? scope : undefined)),
    vscode.commands.registerCommand(COMMANDS.projectNotificationSettings, (node?: ActivityNode) => {
      if (node?.type === 'source' && node.source.source.kind === 'project') return settingsEditor.open({ kind: 'project', id: node.source.ref });
      return settingsEditor.open();
    }),
  );

  /** With several instances signed in, the person picks which one to sign out of. */
  async function signOut(): Promise<void> {
    const all = session.all;
    if (all.length <= 1) return session.signOut();
    const pick = await plainWindow.showQuickPick(all.map((account) => ({ label: instanceHost(account.instanceUrl), description: account.username, account })), {
      title: vscode.l10n.t('Sign out of a GitLab instance'),
    });
    if (pick) await session.signOut(pick.account.instanceUrl);
  }

  // After activation returns: the user's lists name their instance, then the tokens are read (SecretStorage), and
  // the first requests follow from the change event.
  setTimeout(() => void migrateUserLists((line) => log.info(line))
    .catch((error) => log.error('Migrating the project, user and group lists', error))
    .then(() => session.restore())
    // Says what the restore decided, signed out included: a reader of the log (and a test) knows it has happened.
    .then(() => log.info(session.signedIn
      ? `Session restored: signed in to ${session.all.map((account) => account.instanceUrl).join(', ')}`
      : 'Session restored: signed out'))
    .catch((error) => log.error('Restoring the session', error)), 0);
  // The epoch time is taken here, in the extension host, as activate() returns: the log's own line time is stamped
  // where the line is written, a moment later, so it cannot order the line against a request.
  log.info(`Activated in ${(performance.now() - started).toFixed(1)} ms (returned at ${Date.now()})`);
}

export function deactivate(): void {}
