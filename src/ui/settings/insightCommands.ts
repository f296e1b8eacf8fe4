import * as vscode from 'vscode';
import type { ActiveAccount } from '../../app/activeAccount';
import * as plainWindow from '../plainWindow';
import { errorText } from '../../app/settings/errorInfo';
import { whyNotifiedView, type LinkRole } from '../../app/settings/effectiveLevel';
import type { LevelInForce } from '../../app/settings/shared/levelChain';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { OverridesOverview } from '../../app/settings/overview';
import { sentenceName } from '../../app/settings/scopeCatalog';
import { isScopeRef, type ScopeEntry } from '../../app/settings/shared/protocol';
import type { ScopeRef } from '../../app/settings/shared/scopes';
import { COMMANDS } from '../../ids';
import type { WorkspaceRepositories } from '../workspace';
import type { Log } from '../log';
import type { Shell } from '../shell';
import type { NotificationSettings } from './notificationSettings';
import { showOverridesOverview } from './overridesOverviewPick';
import { askForScope, knownScopes, scopeItems, type ScopeItem, type ScopeSources } from './scopeChoices';
import { displayLocalize } from '../displayLanguage';

interface InsightDeps {
  levels: NotificationSettingsService;
  /** The overview lists the catalog's scopes; the known ones are offered when the workspace has no project. */
  sources: ScopeSources;
  /** The active account: the workspace's project is looked for on its instance. */
  account: Pick<ActiveAccount, 'instanceUrl'>;
  repositories: Pick<WorkspaceRepositories, 'projectPaths'>;
  log: Log;
}

const t = displayLocalize();
const openSettings = (scope: ScopeRef) => vscode.commands.executeCommand(COMMANDS.openNotificationSettings, scope);

/** "Why Am I Notified About This Project?" and "Show Notification Overrides". */
export function registerInsight(context: vscode.ExtensionContext, { account, log, repositories }: Shell, { levels, sources }: NotificationSettings): void {
  const deps: InsightDeps = { levels, sources, account, repositories, log };
  // The active account's counts of explicit subscriptions: the overview is made anew when the account changes.
  const newOverview = () => new OverridesOverview({ catalog: sources.catalog, settings: levels, t, counts: account.subscriptionCounts });
  let overview = newOverview();
  context.subscriptions.push(
    { dispose: () => overview.dispose() },
    // A new client (sign-in, another instance): what the overview read belongs to the old one.
    account.onDidChange(() => {
      overview.dispose();
      overview = newOverview();
    }),
    vscode.commands.registerCommand(COMMANDS.whyNotified, (scope?: unknown) => whyNotified(deps, isScopeRef(scope) ? scope : undefined)),
    vscode.commands.registerCommand(COMMANDS.showNotificationOverrides,
      () => showOverridesOverview(overview, { openSettings, log: (message, error) => log.error(message, error) })),
  );
}

const ROLE_ICONS: Record<LinkRole, string> = { decides: 'arrow-right', passes: 'arrow-up', unused: 'circle-small' };

/**
 * "GitLab: Why Am I Notified About This Project?": the workspace's project (or one picked or typed), the chain that
 * decides its level, each link with its own level, and a way to open the settings editor where it is decided.
 */
async function whyNotified(deps: InsightDeps, scope?: ScopeRef): Promise<void> {
  const target = scope ? await deps.sources.catalog.named(scope) : await defaultTarget(deps);
  if (!target) return;
  const name = sentenceName(target, t);
  let result: LevelInForce;
  try {
    deps.levels.refresh(); // an explicit question reads GitLab again, as the status bar's refresh does
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: t('Reading notification levels…') },
      () => deps.levels.levelInForce(target.scope, { complete: true, path: target.path }),
    );
  } catch (error) {
    deps.log.error('Why am I notified', error);
    return void plainWindow.showErrorMessage(t('Could not work out the notification level of {0}: {1}', name, errorText(error)));
  }
  // The chain's groups named as the settings editor's list names them (listed already: the target was named from it).
  const view = whyNotifiedView(target, result, t, await knownScopes(deps.sources, false));
  const items: Array<plainWindow.PlainItem & { scope?: ScopeRef }> = [
    ...view.items.map((item) => ({ icon: ROLE_ICONS[item.role], label: item.label, description: item.description, detail: item.detail, scope: item.scope })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { icon: 'settings-gear', label: t('Open Settings at {0}', view.decidingName), scope: view.decidingScope },
  ];
  const choice = await plainWindow.showQuickPick(items, { title: view.title, placeHolder: view.summary, matchOnDescription: true });
  if (choice?.scope) await openSettings(choice.scope);
}

/** The workspace's project, as the status bar finds it; otherwise the person picks or types one. */
async function defaultTarget(deps: InsightDeps): Promise<ScopeEntry | undefined> {
  const { catalog } = deps.sources;
  const [project] = await deps.repositories.projectPaths(deps.account.instanceUrl);
  if (project) return catalog.named({ kind: 'project', id: project }, project);
  // The settings editor's list, as it names them.
  const items: Array<ScopeItem & { enter?: 'project' | 'group' }> = [
    ...scopeItems(await knownScopes(deps.sources, false)),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { icon: 'edit', label: t('Enter a Project ID or Path…'), enter: 'project' },
    { icon: 'edit', label: t('Enter a Group ID or Path…'), enter: 'group' },
  ];
  const title = t('Why Am I Notified About…');
  const choice = await plainWindow.showQuickPick(items, { title, placeHolder: t('This workspace has no GitLab project: choose one'), matchOnDescription: true });
  if (!choice?.enter) return choice?.entry;
  const typed = await askForScope(choice.enter, title);
  return typed && catalog.named(typed.scope, typed.path);
}
