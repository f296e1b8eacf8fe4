import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { errorText } from '../../app/settings/errorInfo';
import {
  applyProfile, changeCount, describeRow, diffEntry, exportedText, MAX_PROFILE_BYTES, notSentText, parseProfile, problemText,
  profileText, statusText, type ApplyReport, type ProfileSettings,
} from '../../app/settings/profile';
import { sentenceName } from '../../app/settings/scopeCatalog';
import type { ScopeEntry } from '../../app/settings/shared/protocol';
import { scopeKey, type ScopeRef } from '../../app/settings/shared/scopes';
import type { ActiveAccount } from '../../app/activeAccount';
import { projectInfo } from '../../app/activity/projectInfo';
import { COMMANDS } from '../../ids';
import type { Failures } from '../failures';
import type { Log } from '../log';
import type { Shell } from '../shell';
import type { NotificationSettings } from './notificationSettings';
import { knownScopes, scopeItems, type ScopeSources } from './scopeChoices';
import { displayLocalize } from '../displayLanguage';
import { formatCount } from '../../app/localize';

export interface ProfileDeps {
  sources: ScopeSources;
  settings: ProfileSettings;
  /** A project's full path when it is known by ID only (undefined when it cannot be looked up). */
  pathOf(scope: ScopeRef): Promise<string | undefined>;
  /** The active account: the one whose client the next request goes through. */
  account: Pick<ActiveAccount, 'instanceUrl'>;
  failures: Pick<Failures, 'report'>;
  log: Log;
  /** Where the save dialog starts (the home folder), where the host has one; else the dialog's own choice. */
  homeFolder?: string;
}

const t = displayLocalize();
const filters = () => ({ [t('Notification profile')]: ['json'] });

/** "Export Notification Profile…" and "Import Notification Profile…"; a path (or URI) argument skips the dialog. */
export class ProfileCommands {
  constructor(private readonly deps: ProfileDeps) {}

  async export(target?: unknown): Promise<void> {
    // The settings editor's list, groups included, named as it names them; shown at once, busy while groups are listed.
    const items = knownScopes(this.deps.sources).then((entries) => scopeItems(entries).map((item) => (item.entry ? { ...item, picked: true } : item)));
    const picked = (await plainWindow.showQuickPickMany(items, {
      title: t('Export Notification Profile'), placeHolder: t('The scopes whose levels and switches to export'), matchOnDescription: true,
    }))?.flatMap((item) => (item.entry ? [item.entry] : []));
    if (!picked?.length) return;
    // A profile is personal: proposed in the home folder, never in the repository open here (where it could be committed).
    const uri = toUri(target) ?? await vscode.window.showSaveDialog({
      title: t('Save Notification Profile'), defaultUri: this.deps.homeFolder ? vscode.Uri.joinPath(vscode.Uri.file(this.deps.homeFolder), 'gitlab-notifications.json') : undefined, filters: filters(),
    });
    if (!uri) return;
    const { read: exported, failed } = await this.readEach(picked, async ({ scope, path }) => {
      const setting = await this.deps.settings.getSetting(scope, undefined, { fresh: true });
      path ??= scope.kind === 'global' ? undefined : await this.deps.pathOf(scope);
      return path === undefined ? { scope, setting } : { scope, path, setting };
    });
    const failures = failed.map(({ item, reason }) => t('{0} ({1})', sentenceName(item, t), reason)).join('; ');
    if (exported.length === 0) return void plainWindow.showErrorMessage(t('Nothing was exported: {0}', failures));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(profileText(exported, this.deps.account.instanceUrl, new Date().toISOString())));
    const done = exportedText(exported.length, uri.fsPath, t);
    if (failed.length === 0) void plainWindow.showInformationMessage(done);
    else void plainWindow.showWarningMessage(t('{0} Not exported: {1}', done, failures));
  }

  async import(source?: unknown): Promise<void> {
    const uri = toUri(source) ?? (await vscode.window.showOpenDialog({ title: t('Open Notification Profile'), canSelectMany: false, filters: filters() }))?.[0];
    if (!uri) return;
    let text: string;
    try {
      // Looked at before it is read: a FIFO would never end, a huge file would fill the memory (the file is someone else's).
      const { type, size } = await vscode.workspace.fs.stat(uri);
      if (!(type & vscode.FileType.File)) return void plainWindow.showErrorMessage(t('Could not read {0}: it is not a file.', uri.fsPath));
      if (size > MAX_PROFILE_BYTES) {
        return void plainWindow.showErrorMessage(t('Could not read {0}: it is larger than a notification profile can be ({1} kB).', uri.fsPath, formatCount(MAX_PROFILE_BYTES / 1024, t)));
      }
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (error) {
      return void plainWindow.showErrorMessage(t('Could not read {0}: {1}', uri.fsPath, errorText(error)));
    }
    const parsed = parseProfile(text, t);
    if ('problems' in parsed) {
      const problems = parsed.problems.map((problem) => problemText(problem, t));
      for (const problem of problems) this.deps.log.warn(`Profile ${uri.fsPath}: ${problem}`);
      return void plainWindow.showErrorMessage(t('The profile was not imported; nothing was changed. {0}', problems.join('; ')));
    }
    const { read: previews, failed } = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('Reading the current notification settings…') },
      () => this.readEach(parsed.entries, async (entry) => diffEntry(entry, await this.deps.settings.getSetting(entry.scope, undefined, { fresh: true }))),
    );
    const unreadable = failed.map(({ item, reason }): ApplyReport => ({ scope: item.scope, status: 'failed', reason }));
    // Named as the settings editor names them.
    const names = new Map<string, ScopeEntry>();
    for (const { scope } of parsed.entries) names.set(scopeKey(scope), await this.deps.sources.catalog.named(scope));
    const nameOf = (scope: ScopeRef): ScopeEntry => names.get(scopeKey(scope)) as ScopeEntry;
    const changing = previews.filter((preview) => preview.rows.length > 0);
    if (changing.length === 0 && unreadable.length === 0) {
      // Switches left out are still named, even when nothing else is to be done.
      const leftOut = previews.filter(({ notSent }) => notSent.length > 0)
        .map(({ entry, notSent }) => t('{0} ({1})', sentenceName(nameOf(entry.scope), t), notSentText(notSent, t)));
      for (const line of leftOut) this.deps.log.info(`Profile ${uri.fsPath}: ${line}`);
      const nothing = t('Nothing to change: every scope already matches the profile.');
      return void plainWindow.showInformationMessage(leftOut.length === 0 ? nothing : t('{0} {1}', nothing, leftOut.join('; ')));
    }
    let confirmed = new Set<string>();
    if (changing.length > 0) {
      const picked = await plainWindow.showQuickPickMany(changing.map(({ entry, rows, notSent }) => ({
        label: nameOf(entry.scope).label,
        description: [nameOf(entry.scope).detail, changeCount(rows.length, t)].filter((part) => part !== undefined).join(t(' · ')),
        detail: [
          ...rows.map((row) => describeRow(row, t)),
          ...(notSent.length > 0 ? [notSentText(notSent, t)] : []),
        ].join('; '),
        picked: true,
        key: scopeKey(entry.scope),
      })), {
        title: t('Import Notification Profile: apply these changes?'), placeHolder: t('Uncheck the scopes to leave as they are'),
        matchOnDetail: true,
      });
      if (!picked) return; // dismissed: nothing applied
      confirmed = new Set(picked.map((item) => item.key));
    }
    const reports = [...unreadable, ...await applyProfile(previews, confirmed, this.deps.settings, t)];
    const lines = reports.map((report) => {
      const line = t('{0}: {1}', sentenceName(nameOf(report.scope), t), statusText(report.status, t));
      return report.reason ? t('{0} ({1})', line, report.reason) : line;
    });
    for (const line of lines) this.deps.log.info(`Profile ${uri.fsPath}: ${line}`);
    const done = t('Notification profile imported. {0}', lines.join('; '));
    void (reports.some((report) => report.status === 'failed') ? plainWindow.showWarningMessage(done) : plainWindow.showInformationMessage(done));
  }

  /** Reads GitLab for each item in turn; a failure is logged (a refused token told to the session) and kept with its reason. */
  private async readEach<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<{ read: R[]; failed: Array<{ item: T; reason: string }> }> {
    const result = { read: [] as R[], failed: [] as Array<{ item: T; reason: string }> };
    for (const item of items) {
      const instanceUrl = this.deps.account.instanceUrl;
      try {
        result.read.push(await read(item));
      } catch (error) {
        this.deps.failures.report(error, instanceUrl, 'Notification profile');
        result.failed.push({ item, reason: errorText(error) });
      }
    }
    return result;
  }
}

/** A command argument naming the file: a URI or a path (tests, other extensions); anything else is ignored. */
function toUri(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  return typeof value === 'string' && value.trim() !== '' ? vscode.Uri.file(value) : undefined;
}

/** "Export Notification Profile…" and "Import Notification Profile…". */
export function registerProfiles(context: vscode.ExtensionContext, { account, failures, log, platform }: Shell, { levels, sources, project }: NotificationSettings): void {
  const profiles = new ProfileCommands({
    sources, settings: levels, account, failures, log, homeFolder: platform.homeFolder,
    pathOf: async (scope) => (scope.kind === 'project' ? projectInfo(await project(scope.id))?.pathWithNamespace : undefined),
  });
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.exportNotificationProfile, (target?: unknown) => profiles.export(target)),
    vscode.commands.registerCommand(COMMANDS.importNotificationProfile, (source?: unknown) => profiles.import(source)),
  );
}
