import * as vscode from 'vscode';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { OverridesOverview } from '../../app/settings/overview';
import type { ScopeRef } from '../../app/settings/shared/scopes';
import type { GitLabApi } from '../../gitlab';
import { COMMANDS } from '../../ids';
import type { ExtensionConfig } from '../config';
import type { Log } from '../log';
import { OverridesOverviewPick } from './overridesOverviewPick';
import { whyNotified } from './whyNotifiedCommand';

export interface InsightDeps {
  api: () => GitLabApi | undefined;
  levels: NotificationSettingsService;
  config: () => ExtensionConfig;
  /** The activity tree's projects. */
  projects: () => ReadonlyArray<{ id: string | number; label?: string; path?: string }>;
  /** A new client (sign-in, another instance): what the overview read belongs to the old one. */
  onDidChangeSession: vscode.Event<unknown>;
  log: Log;
}

/** "Why Am I Notified About This Project?" and "Show Notification Overrides". */
export function registerInsight(deps: InsightDeps): vscode.Disposable {
  const log = (message: string, error: unknown) => deps.log.error(message, error);
  const openSettings = (scope: ScopeRef) => vscode.commands.executeCommand(COMMANDS.openNotificationSettings, scope);
  const newOverview = () => new OverridesOverview({
    api: deps.api,
    settings: deps.levels,
    known: () => [
      ...deps.projects().map((project) => ({ kind: 'project' as const, id: project.id, name: project.label, path: project.path })),
      ...deps.config().groups.map((group) => ({ kind: 'group' as const, id: /^\d+$/.test(group) ? Number(group) : group })),
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
      instanceUrl: () => deps.config().instanceUrl,
      levelInForce: (target, options) => {
        deps.levels.refresh(); // an explicit question reads GitLab again, as the status bar's refresh does
        return deps.levels.levelInForce(target, options);
      },
      projects: deps.projects,
      groups: () => deps.config().groups,
      log,
    }, isScope(scope) ? scope : undefined)),
    vscode.commands.registerCommand(COMMANDS.showNotificationOverrides, () => new OverridesOverviewPick(overview, { openSettings, log }).show()),
  );
}

/** Commands can be called with anything from the palette or other extensions: accept only a real scope. */
function isScope(value: unknown): value is ScopeRef {
  if (!value || typeof value !== 'object') return false;
  const scope = value as { kind?: unknown; id?: unknown };
  return scope.kind === 'global' || ((scope.kind === 'group' || scope.kind === 'project') && (typeof scope.id === 'string' || typeof scope.id === 'number'));
}
