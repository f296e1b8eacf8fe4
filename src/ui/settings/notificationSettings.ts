import * as vscode from 'vscode';
import { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { ScopeCatalog } from '../../app/settings/scopeCatalog';
import type { Project } from '../../gitlab';
import type { ActivityService } from '../../app/activity/activityService';
import type { Shell } from '../shell';
import { StatusBarScope } from '../workspace';
import type { ScopeSources } from './scopeChoices';
import { displayLocalize } from '../displayLanguage';

/** What the status bar, the settings editor, snoozes, profiles and the insight commands share. */
export interface NotificationSettings {
  /** The one owner of every read and write of a level. */
  levels: NotificationSettingsService;
  /** The status bar's scope and the one list of scopes, named one way. */
  sources: ScopeSources;
  statusBarScope: StatusBarScope;
  /** A project of the active instance by ID, looked up when not known yet. */
  project(id: number | string): Promise<Project | undefined>;
}

/** Builds the shared owner of levels and the list of scopes (listed once; forgotten when the session changes). */
export function createNotificationSettings(
  context: vscode.ExtensionContext, { account, activeConfig, directories, log, repositories, lists }: Shell, activity: Pick<ActivityService, 'projectScopes'>,
): NotificationSettings {
  const directory = () => directories.for(account.key);
  const project = async (id: number | string): Promise<Project | undefined> => {
    await directory().resolve([id]);
    return directory().get(id);
  };
  const levels = new NotificationSettingsService(account, context.globalState, project, (line) => log.warn(line));
  const statusBarScope = new StatusBarScope(activeConfig, account, repositories);
  // The groups and projects the person has, listed once for the settings editor, the overview and the quick picks.
  const catalog = new ScopeCatalog({
    account, settings: levels, projects: () => activity.projectScopes(), addedGroups: () => activeConfig().groups,
    nameProjects: (ids) => directory().resolve(ids),
    // Added groups and projects are kept where the activity tree's lists are (see `InstanceLists`).
    rememberGroup: (ref) => lists.add('groups', account.instanceUrl, ref),
    rememberProject: (ref) => lists.add('projects', account.instanceUrl, ref),
    localize: displayLocalize(), log: (line) => log.info(line),
  });
  context.subscriptions.push(account.onDidChange(() => catalog.forget()));
  return { levels, sources: { workspace: () => statusBarScope.resolve(), catalog }, statusBarScope, project };
}
