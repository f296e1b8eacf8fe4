import * as vscode from 'vscode';
import { quieterLevels, withOwnLevel, type CatchUpLevels } from '../../app/catchUp/catchUpLevels';
import { thingLabel } from '../../app/catchUp/catchUpWords';
import { instanceHost } from '../../app/instance';
import { inert, truncate } from '../../app/plainText';
import { errorText } from '../../app/settings/errorInfo';
import type { NotificationSettingsService } from '../../app/settings/notificationSettingsService';
import { levelLabel } from '../../app/settings/shared/labels';
import type { LevelInForce } from '../../app/settings/shared/levelChain';
import type { ScopeRef } from '../../app/settings/shared/scopes';
import type { TodoService } from '../../app/todos/todoService';
import { isNotificationLevel, type NotificationLevel, type NotificationSetting } from '../../gitlab/types';
import { displayLocalize } from '../displayLanguage';
import * as plainWindow from '../plainWindow';
import type { Shell } from '../shell';
import { markDoneWithUndo } from '../todos/todoActionFlows';
import type { CatchUpRow } from './catchUpView';

/** A row's name in messages: its reference and title, plain and cut. */
const rowName = (row: CatchUpRow): string => truncate(thingLabel(row.thing), 100);

/**
 * Mark as Done on a Catch Up row: the To-Do List's own flow (`markDoneWithUndo`) on the row's pending to-dos, for the
 * account that read them. The To-Do List hides them at once and puts back what GitLab refused; the Catch Up rows,
 * computed from that list, follow it.
 */
export async function markRowDone(todos: TodoService, row: CatchUpRow): Promise<void> {
  const account = todos.accountAt(row.instance);
  if (!account) return void plainWindow.showErrorMessage(vscode.l10n.t('Not signed in to {0}.', row.instance));
  if (row.thing.todoIds.length === 0) return void plainWindow.showInformationMessage(vscode.l10n.t('{0} has no pending to-do.', rowName(row)));
  await markDoneWithUndo(todos, account, [...row.thing.todoIds], rowName(row));
}

export interface MuteDeps {
  shell: Pick<Shell, 'account' | 'failures' | 'log'>;
  levels: NotificationSettingsService;
  held: CatchUpLevels;
}

/**
 * Mute E-mail for This Project…: the project's own notification level set, through the one owner of levels, to a
 * quieter one the person picks (Participate or Disabled, as the level menus word them), then Undo puts back the
 * level it had. The rows follow the level being written at once (`CatchUpLevels.hold`) and come back if GitLab
 * refuses; the write is one PUT after a fresh read, checked against what was read, so a refusal changes nothing.
 * Levels are the active account's: a row of another instance says so and changes nothing.
 */
export async function muteProject({ shell, levels, held }: MuteDeps, row: CatchUpRow): Promise<void> {
  const t = displayLocalize();
  const { thing } = row;
  const path = thing.projectPath;
  if (!path || thing.ref.kind === 'epic') return void plainWindow.showInformationMessage(t('This row names no project.'));
  const projectId = thing.ref.projectId;
  const account = shell.account;
  const accountKey = account.accountKey;
  if (account.key !== row.instance || !account.api || accountKey === undefined) {
    return void plainWindow.showInformationMessage(t('Notification levels are changed for the active account ({0}) only.', instanceHost(account.instanceUrl)));
  }
  const name = inert(path);
  const scope: ScopeRef = { kind: 'project', id: path };
  let before: NotificationSetting;
  let inForce: LevelInForce;
  try {
    before = await levels.getSetting(scope, undefined, { fresh: true, path, account: accountKey });
    inForce = await levels.levelInForce(scope, { path });
  } catch (error) {
    shell.failures.report(error, account.instanceUrl, 'Mute e-mail for a project', t('Could not read the notification level of {0}: {1}', name, errorText(error)));
    return;
  }
  const offered = quieterLevels(inForce);
  const now = levelLabel(inForce.level, t);
  if (offered.length === 0) return void plainWindow.showInformationMessage(t('E-mail for {0} is {1} already.', name, now));
  const choices = offered.map((level) => ({ level, label: levelLabel(level, t) }));
  const picked = await plainWindow.showModalInformation(
    t('Lower the e-mail GitLab sends you about {0}?', name),
    t('Its level in force is {0}. Participate e-mails you only about threads you take part in; Disabled e-mails you about nothing there. Explicit subscriptions e-mail you whatever the level. Undo puts back the level it has now.', now),
    ...choices.map((choice) => choice.label),
  );
  const level = choices.find((choice) => choice.label === picked)?.level;
  if (!level) return;
  const written = await write(level, before, (why) => t('Could not change the notification level of {0}: {1}', name, why));
  if (!written) return;
  const done = t('E-mail for {0} is now {1}.', name, levelLabel(level, t));
  const previous = before.level;
  // A level GitLab named that this client does not know cannot be written back: no Undo is offered for it.
  if (!isNotificationLevel(previous)) return void plainWindow.showInformationMessage(done);
  const undo = t('Undo');
  if ((await plainWindow.showInformationMessage(done, undo)) !== undo) return;
  const back = await write(previous, written, (why) => t('Could not put back the notification level of {0}: {1}', name, why));
  if (back) void plainWindow.showInformationMessage(t('E-mail for {0} is back to {1}.', name, levelLabel(previous, t)));

  /** One checked write of the project's own level; the rows follow it while it is under way. */
  async function write(next: NotificationLevel, expected: NotificationSetting, failure: (why: string) => string): Promise<NotificationSetting | undefined> {
    held.hold(row.instance, projectId, withOwnLevel(inForce, next));
    try {
      const { setting } = await levels.save(scope, { level: next }, { expected, account: accountKey });
      held.release(row.instance, projectId, true);
      inForce = withOwnLevel(inForce, setting.level);
      return setting;
    } catch (error) {
      held.release(row.instance, projectId);
      shell.failures.report(error, account.instanceUrl, 'Mute e-mail for a project', failure(errorText(error)));
      return undefined;
    }
  }
}
