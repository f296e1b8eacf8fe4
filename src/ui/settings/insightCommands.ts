import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { errorText } from '../../app/settings/errorInfo';
import { whyNotifiedView, type LinkRole } from '../../app/settings/effectiveLevel';
import type { LevelInForce } from '../../app/settings/shared/levelChain';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { OverridesOverview } from '../../app/settings/overview';
import { scopeName } from '../../app/settings/shared/labels';
import { isScopeRef } from '../../app/settings/shared/protocol';
import type { ScopeRef } from '../../app/settings/shared/scopes';
import { COMMANDS } from '../../ids';
import { workspaceProjectPaths } from '../activity/workspaceProjects';
import type { Log } from '../log';
import { showOverridesOverview } from './overridesOverviewPick';
import { askForScope, knownScopes, type ScopeChoice, type ScopeSources } from './scopeChoices';

interface InsightDeps {
  levels: NotificationSettingsService;
  /** The overview lists the catalog's scopes; the known ones are offered when the workspace has no project. */
  sources: ScopeSources;
  instanceUrl: () => string;
  /** A new client (sign-in, another instance): what the overview read belongs to the old one. */
  onDidChangeSession: vscode.Event<unknown>;
  log: Log;
}

const t = vscode.l10n.t;
const openSettings = (scope: ScopeRef) => vscode.commands.executeCommand(COMMANDS.openNotificationSettings, scope);

/** "Why Am I Notified About This Project?" and "Show Notification Overrides". */
export function registerInsight(deps: InsightDeps): vscode.Disposable {
  const newOverview = () => new OverridesOverview({ catalog: deps.sources.catalog, settings: deps.levels, t });
  let overview = newOverview();
  return vscode.Disposable.from(
    { dispose: () => overview.dispose() },
    deps.onDidChangeSession(() => {
      overview.dispose();
      overview = newOverview();
    }),
    vscode.commands.registerCommand(COMMANDS.whyNotified, (scope?: unknown) => whyNotified(deps, isScopeRef(scope) ? scope : undefined)),
    vscode.commands.registerCommand(COMMANDS.showNotificationOverrides,
      () => showOverridesOverview(overview, { openSettings, log: (message, error) => deps.log.error(message, error) })),
  );
}

const ROLE_ICONS: Record<LinkRole, string> = { decides: 'arrow-right', passes: 'arrow-up', unused: 'circle-small' };
const KIND_ICONS = { project: 'repo', group: 'organization', global: 'globe' };

/**
 * "GitLab: Why Am I Notified About This Project?": the workspace's project (or one picked or typed), the chain that
 * decides its level, each link with its own level, and a way to open the settings editor where it is decided.
 */
async function whyNotified(deps: InsightDeps, scope?: ScopeRef): Promise<void> {
  const target = scope ? { scope, name: scopeName(scope, t) } : await defaultTarget(deps);
  if (!target) return;
  let result: LevelInForce;
  try {
    deps.levels.refresh(); // an explicit question reads GitLab again, as the status bar's refresh does
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: t('Reading notification levels…') },
      () => deps.levels.levelInForce(target.scope, { complete: true, path: target.path }),
    );
  } catch (error) {
    deps.log.error('Why am I notified', error);
    return void plainWindow.showErrorMessage(t('Could not work out the notification level of {0}: {1}', target.name, errorText(error)));
  }
  const view = whyNotifiedView(target.name, target.scope, result, t);
  const items: Array<plainWindow.PlainItem & { scope?: ScopeRef }> = [
    ...view.items.map((item) => ({ icon: ROLE_ICONS[item.role], label: item.label, description: item.description, scope: item.scope })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { icon: 'settings-gear', label: t('Open Settings at {0}', view.decidingName), scope: view.decidingScope },
  ];
  const choice = await plainWindow.showQuickPick(items, { title: view.title, placeHolder: view.summary, matchOnDescription: true });
  if (choice?.scope) await openSettings(choice.scope);
}

/** The workspace's project, as the status bar finds it; otherwise the person picks or types one. */
async function defaultTarget(deps: InsightDeps): Promise<ScopeChoice | undefined> {
  const [project] = await workspaceProjectPaths(deps.instanceUrl());
  if (project) return { scope: { kind: 'project', id: project }, name: t('project {0}', project), path: project };
  // Projects, then groups, then global last.
  const known = (await knownScopes(deps.sources, false)).sort((a, b) => Number(a.scope.kind === 'global') - Number(b.scope.kind === 'global'));
  const items: Array<plainWindow.PlainItem & { target?: ScopeChoice; enter?: 'project' | 'group' }> = [
    ...known.map((target) => ({
      icon: KIND_ICONS[target.scope.kind], label: target.scope.kind === 'global' ? t('Global') : target.path ?? target.name, target,
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { icon: 'edit', label: t('Enter a Project ID or Path…'), enter: 'project' },
    { icon: 'edit', label: t('Enter a Group ID or Path…'), enter: 'group' },
  ];
  const title = t('Why Am I Notified About…');
  const choice = await plainWindow.showQuickPick(items, { title, placeHolder: t('This workspace has no GitLab project: choose one') });
  return choice?.enter ? askForScope(choice.enter, title) : choice?.target;
}
