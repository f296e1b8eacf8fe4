import * as vscode from 'vscode';
import { errorText } from '../../app/settings/errorInfo';
import {
  applyProfile, describeRow, diffEntry, parseProfile, profileText, type ApplyReport, type ExportedScope,
  type ProfileSettings, type ScopeDiff,
} from '../../app/settings/profile';
import { scopeName } from '../../app/settings/shared/labels';
import { scopeKey, type ScopeRef } from '../../app/settings/shared/scopes';
import { GitLabError } from '../../gitlab';
import type { Log } from '../log';
import { knownScopes, type ScopeSources } from './scopeChoices';

export interface ProfileDeps {
  sources: ScopeSources;
  settings: ProfileSettings;
  /** A project's full path when it is known by ID only (undefined when it cannot be looked up). */
  pathOf(scope: ScopeRef): Promise<string | undefined>;
  instanceUrl(): string;
  log: Log;
  onUnauthorized(error: GitLabError): void;
}

/** "Export Notification Profile…" and "Import Notification Profile…"; a path (or URI) argument skips the dialog. */
export class ProfileCommands {
  constructor(private readonly deps: ProfileDeps) {}

  async export(target?: unknown): Promise<void> {
    const known = await knownScopes(this.deps.sources);
    const picked = await vscode.window.showQuickPick(known.map((choice) => ({ label: choice.name, picked: true, choice })), {
      title: vscode.l10n.t('Export Notification Profile'),
      placeHolder: vscode.l10n.t('The scopes whose levels and switches to export'),
      canPickMany: true,
    });
    if (!picked || picked.length === 0) return;
    const uri = toUri(target) ?? await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Save Notification Profile'),
      defaultUri: defaultFile(),
      filters: { [vscode.l10n.t('Notification profile')]: ['json'] },
    });
    if (!uri) return;
    const exported: ExportedScope[] = [];
    const failures: string[] = [];
    for (const { choice } of picked) {
      try {
        const setting = await this.deps.settings.getSetting(choice.scope, undefined, { fresh: true });
        const path = choice.path ?? (choice.scope.kind === 'global' ? undefined : await this.deps.pathOf(choice.scope));
        exported.push(path === undefined ? { scope: choice.scope, setting } : { scope: choice.scope, path, setting });
      } catch (error) {
        this.report(error);
        failures.push(vscode.l10n.t('{0} ({1})', choice.name, errorText(error)));
      }
    }
    if (exported.length === 0) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Nothing was exported: {0}', failures.join('; ')));
      return;
    }
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(profileText(exported, this.deps.instanceUrl(), new Date().toISOString())));
    const done = vscode.l10n.t('Exported the notification profile of {0} scopes to {1}.', exported.length, uri.fsPath);
    if (failures.length === 0) void vscode.window.showInformationMessage(done);
    else void vscode.window.showWarningMessage(vscode.l10n.t('{0} Not exported: {1}', done, failures.join('; ')));
  }

  async import(source?: unknown): Promise<void> {
    const uri = toUri(source) ?? (await vscode.window.showOpenDialog({
      title: vscode.l10n.t('Open Notification Profile'),
      canSelectMany: false,
      filters: { [vscode.l10n.t('Notification profile')]: ['json'] },
    }))?.[0];
    if (!uri) return;
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not read {0}: {1}', uri.fsPath, errorText(error)));
      return;
    }
    const parsed = parseProfile(text, vscode.l10n.t);
    if ('problems' in parsed) {
      for (const problem of parsed.problems) this.deps.log.warn(`Profile ${uri.fsPath}: ${problem.key}: ${problem.reason}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('The profile was not imported; nothing was changed. {0}',
        parsed.problems.map((problem) => `${problem.key}: ${problem.reason}`).join('; ')));
      return;
    }
    const previews: ScopeDiff[] = [];
    const unreadable: ApplyReport[] = [];
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading the current notification settings…') }, async () => {
      for (const entry of parsed.entries) {
        try {
          previews.push(diffEntry(entry, await this.deps.settings.getSetting(entry.scope, undefined, { fresh: true })));
        } catch (error) {
          this.report(error);
          unreadable.push({ scope: entry.scope, status: 'failed', reason: errorText(error) });
        }
      }
    });
    const changing = previews.filter((preview) => preview.rows.length > 0);
    if (changing.length === 0 && unreadable.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to change: every scope already matches the profile.'));
      return;
    }
    let confirmed = new Set<string>();
    if (changing.length > 0) {
      const picked = await vscode.window.showQuickPick(changing.map((preview) => ({
        label: scopeName(preview.entry.scope, vscode.l10n.t),
        description: vscode.l10n.t('{0} changes', preview.rows.length),
        detail: [
          ...preview.rows.map((row) => describeRow(row, vscode.l10n.t)),
          ...(preview.unknownKeys.length > 0 ? [vscode.l10n.t('unknown to GitLab here: {0}', preview.unknownKeys.join(', '))] : []),
        ].join('; '),
        picked: true,
        key: scopeKey(preview.entry.scope),
      })), {
        title: vscode.l10n.t('Import Notification Profile: apply these changes?'),
        placeHolder: vscode.l10n.t('Uncheck the scopes to leave as they are'),
        canPickMany: true,
        matchOnDetail: true,
      });
      if (!picked) return; // dismissed: nothing applied
      confirmed = new Set(picked.map((item) => item.key));
    }
    const reports = [...unreadable, ...await applyProfile(previews, confirmed, this.deps.settings, vscode.l10n.t)];
    this.announce(reports, uri);
  }

  private announce(reports: readonly ApplyReport[], uri: vscode.Uri): void {
    const lines = reports.map((report) => {
      // The statuses are English words: applied, unchanged, skipped, failed.
      const line = vscode.l10n.t('{0}: {1}', scopeName(report.scope, vscode.l10n.t), vscode.l10n.t(report.status));
      return report.reason ? vscode.l10n.t('{0} ({1})', line, report.reason) : line;
    });
    for (const line of lines) this.deps.log.info(`Profile ${uri.fsPath}: ${line}`);
    const text = vscode.l10n.t('Notification profile imported. {0}', lines.join('; '));
    if (reports.some((report) => report.status === 'failed')) void vscode.window.showWarningMessage(text);
    else void vscode.window.showInformationMessage(text);
  }

  private report(error: unknown): void {
    if (error instanceof GitLabError && error.kind === 'unauthorized') this.deps.onUnauthorized(error);
    this.deps.log.error('Notification profile', error);
  }
}

/** A command argument naming the file: a URI or a path (tests, other extensions); anything else is ignored. */
function toUri(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  if (typeof value === 'string' && value.trim() !== '') return vscode.Uri.file(value);
  return undefined;
}

function defaultFile(): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder ? vscode.Uri.joinPath(folder, 'gitlab-notifications.json') : undefined;
}

