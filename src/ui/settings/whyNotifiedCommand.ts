import * as vscode from 'vscode';
import type { LevelInForce } from '../../app/settings/effectiveLevel';
import type { LevelInForceOptions } from '../../app/settings/notificationSettingsService';
import { parseScopeInput, type ScopeRef } from '../../app/settings/shared/scopes';
import { whyNotifiedView, type LinkRole } from '../../app/settings/whyNotified';
import { COMMANDS } from '../../ids';
import { workspaceProjectPaths } from '../activity/workspaceProjects';

export interface WhyNotifiedDeps {
  instanceUrl: () => string;
  levelInForce: (scope: ScopeRef, options: LevelInForceOptions) => Promise<LevelInForce>;
  /** The tree's projects and the configured groups, offered when the workspace has no project. */
  projects: () => ReadonlyArray<{ id: string | number; label?: string; path?: string }>;
  groups: () => readonly string[];
  log: (message: string, error: unknown) => void;
}

interface Target {
  scope: ScopeRef;
  name: string;
  path?: string;
}

const ROLE_ICONS: Record<LinkRole, string> = { decides: '$(arrow-right)', passes: '$(arrow-up)', unused: '$(circle-small)' };

/** `$(…)` in a quick pick label draws an icon: keep a server-sent name from doing so. */
const plain = (text: string) => text.replace(/\$\(/g, '$\u200b(');

/**
 * "GitLab: Why Am I Notified About This Project?": the workspace's project (or one picked or typed), the chain that
 * decides its level, each link with its own level, and a way to open the settings editor where it is decided.
 */
export async function whyNotified(deps: WhyNotifiedDeps, scope?: ScopeRef): Promise<void> {
  const target = scope ? { scope, name: scopeName(scope) } : await defaultTarget(deps);
  if (!target) return;
  let result: LevelInForce;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading notification levels…') },
      () => deps.levelInForce(target.scope, { complete: true, path: target.path }),
    );
  } catch (error) {
    deps.log('Why am I notified', error);
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not work out the notification level of {0}: {1}', target.name,
      error instanceof Error ? error.message : String(error)));
    return;
  }
  const view = whyNotifiedView(target.name, target.scope, result, vscode.l10n.t);
  type Item = vscode.QuickPickItem & { scope?: ScopeRef };
  const items: Item[] = view.items.map((item) => ({
    label: `${ROLE_ICONS[item.role]} ${plain(item.label)}`,
    description: plain(item.description),
    scope: item.scope,
  }));
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({ label: `$(settings-gear) ${vscode.l10n.t('Open Settings at {0}', plain(view.decidingName))}`, scope: view.decidingScope });
  const choice = await vscode.window.showQuickPick(items, {
    title: plain(view.title),
    placeHolder: plain(view.summary),
    matchOnDescription: true,
  });
  if (choice?.scope) await vscode.commands.executeCommand(COMMANDS.openNotificationSettings, choice.scope);
}

/** The workspace's project, as the status bar finds it; otherwise the person picks or types one. */
async function defaultTarget(deps: WhyNotifiedDeps): Promise<Target | undefined> {
  const [project] = await workspaceProjectPaths(deps.instanceUrl());
  if (project) return { scope: { kind: 'project', id: project }, name: vscode.l10n.t('project {0}', project), path: project };
  type Pick = vscode.QuickPickItem & { target?: Target; enter?: 'project' | 'group' };
  const items: Pick[] = [];
  for (const source of deps.projects()) {
    const path = source.path ?? (typeof source.id === 'string' ? source.id : undefined);
    const name = vscode.l10n.t('project {0}', path ?? String(source.id));
    items.push({ label: `$(repo) ${plain(source.label ?? path ?? String(source.id))}`, description: path, target: { scope: { kind: 'project', id: source.id }, name, path } });
  }
  for (const group of deps.groups()) {
    const id = /^\d+$/.test(group) ? Number(group) : group;
    items.push({ label: `$(organization) ${plain(group)}`, target: { scope: { kind: 'group', id }, name: vscode.l10n.t('group {0}', group) } });
  }
  items.push({ label: `$(globe) ${vscode.l10n.t('Global')}`, target: { scope: { kind: 'global' }, name: vscode.l10n.t('global settings') } });
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({ label: `$(edit) ${vscode.l10n.t('Enter a Project ID or Path…')}`, enter: 'project' });
  items.push({ label: `$(edit) ${vscode.l10n.t('Enter a Group ID or Path…')}`, enter: 'group' });
  const choice = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Why Am I Notified About…'),
    placeHolder: vscode.l10n.t('This workspace has no GitLab project: choose one'),
  });
  if (!choice) return undefined;
  if (choice.target) return choice.target;
  const kind = choice.enter ?? 'project';
  const input = await vscode.window.showInputBox({
    title: vscode.l10n.t('Why Am I Notified About…'),
    prompt: kind === 'project' ? vscode.l10n.t('Project ID, full path or URL') : vscode.l10n.t('Group ID, full path or URL'),
    validateInput: (text) => (parseScopeInput(text) === undefined
      ? vscode.l10n.t('Enter a numeric ID, a full path such as group/subgroup/project, or its GitLab URL.') : undefined),
  });
  const id = input === undefined ? undefined : parseScopeInput(input);
  if (id === undefined) return undefined;
  const scope: ScopeRef = { kind, id };
  return { scope, name: scopeName(scope), path: typeof id === 'string' ? id : undefined };
}

function scopeName(scope: ScopeRef): string {
  if (scope.kind === 'global') return vscode.l10n.t('global settings');
  return scope.kind === 'group' ? vscode.l10n.t('group {0}', String(scope.id)) : vscode.l10n.t('project {0}', String(scope.id));
}
