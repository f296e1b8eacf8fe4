import * as vscode from 'vscode';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { OverridesOverview } from '../../app/settings/overview';
import { isScopeRef, type ScopeRef } from '../../app/settings/shared/scopes';
import type { GitLabApi } from '../../gitlab';
import { COMMANDS } from '../../ids';
import type { Log } from '../log';
import { OverridesOverviewPick } from './overridesOverviewPick';
import { scopeId, type ScopeSources } from './scopeChoices';
import { whyNotified } from './whyNotifiedCommand';

/** "Why Am I Notified About This Project?" and "Show Notification Overrides". */
export function registerInsight(deps: {
  api: () => GitLabApi | undefined;
  levels: NotificationSettingsService;
  sources: ScopeSources;
  instanceUrl: () => string;
  /** A new client (sign-in, another instance): what the overview read belongs to the old one. */
  onDidChangeSession: vscode.Event<unknown>;
  log: Log;
}): vscode.Disposable {
  const log = (message: string, error: unknown) => deps.log.error(message, error);
  const openSettings = (scope: ScopeRef) => vscode.commands.executeCommand(COMMANDS.openNotificationSettings, scope);
  const newOverview = () => new OverridesOverview({
    api: deps.api,
    settings: deps.levels,
    known: () => [
      ...deps.sources.projects().map((project) => ({ kind: 'project' as const, id: project.id, name: project.label, path: project.path })),
      ...deps.sources.groups().map((group) => ({ kind: 'group' as const, id: scopeId(group) })),
    ],
    t: vscode.l10n.t,
  });
  let overview = newOverview();
  return vscode.Disposable.from(
    { dispose: () => overview.dispose() },
    deps.onDidChangeSession(() => {
      overview.dispose();
      overview = newOverview();
    }),
    vscode.commands.registerCommand(COMMANDS.whyNotified, (scope?: unknown) => whyNotified({
      instanceUrl: deps.instanceUrl,
      levelInForce: (target, options) => {
        deps.levels.refresh(); // an explicit question reads GitLab again, as the status bar's refresh does
        return deps.levels.levelInForce(target, options);
      },
      sources: deps.sources,
      log,
    }, isScopeRef(scope) ? scope : undefined)),
    vscode.commands.registerCommand(COMMANDS.showNotificationOverrides, () => new OverridesOverviewPick(overview, { openSettings, log }).show()),
  );
}
