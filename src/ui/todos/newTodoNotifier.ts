import * as vscode from 'vscode';
import { groupTodos } from '../../app/todos/todoGroups';
import { heldSummary, KnownTodos, newTodoToast, type InstanceTodo, type NewTodoToast } from '../../app/todos/newTodos';
import { WorkingHoursGate } from '../../app/todos/workingHours';
import { todoWebUrl } from '../../app/todos/todoUrl';
import { GitLabError } from '../../gitlab';
import { VIEWS } from '../../ids';
import type { Log } from '../log';
import * as plainWindow from '../plainWindow';
import { FocusedPoller } from '../polling/focusedPoller';
import type { Account, Session } from '../session';
import type { Clock } from '../../app/snoozeTime';
import type { TodoAccount, TodoService } from '../../app/todos/todoService';
import { markDoneWithUndo, snoozeWithUndo } from './todoActionFlows';
import { displayCount, displayLocalize } from '../displayLanguage';

const HOUR_MS = 3_600_000;
/** The first page of the pending list, newest first: new to-dos come on top, so one request a check finds them. */
const CHECK_PAGE_SIZE = 20;

export interface NewTodoNotifierOptions {
  intervalSeconds(): number;
  /** The action names that notify (the setting); empty: no check runs at all. */
  reasons(): ReadonlySet<string>;
  /** Notify at any hour, whatever the working hours set in GitLab (the setting). */
  ignoreWorkingHours(): boolean;
}

/** A server without GitLab's To-Do List answers 404 on `/todos` (the interface spec has none). */
const hasNoTodoList = (error: unknown): boolean =>
  error instanceof GitLabError && (error.kind === 'notFound' || error.kind === 'unsupported');

/**
 * New to-dos as a notification: on the Activity check's schedule, focus rules and backoff (`FocusedPoller`), reads
 * the first page of each signed-in instance's pending to-dos (one request an instance a check) and shows at most one
 * notification a check for those new ones whose reason the setting names, with Open, Done and Snooze 1 Hour (only
 * where that GitLab can snooze). Done and Snooze act for the account that read the to-dos, never one signed in since.
 */
export class NewTodoNotifier implements vscode.Disposable {
  private readonly loop: FocusedPoller;
  private readonly known = new KnownTodos();
  /** New to-dos found outside their instance's working hours wait here until the hours begin. */
  private readonly hours: WorkingHoursGate;
  /** Instances not checked until the session changes: refused (401, or a fine-grained permission missing), or without a To-Do List. */
  private readonly skipped = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];

  /** `todos`: the To-Do List's actions (Done and Snooze with Undo), what each GitLab offers, and its pending count. */
  constructor(private readonly session: Session, private readonly todos: TodoService, private readonly clock: Clock,
    private readonly options: NewTodoNotifierOptions, private readonly log: Log) {
    this.hours = new WorkingHoursGate(async (instance) => {
      const account = this.session.all.find((candidate) => candidate.key === instance);
      return account ? account.todos.getWorkingHours() : undefined;
    }, (line) => log.info(line));
    this.loop = new FocusedPoller({
      name: 'New to-do check',
      intervalSeconds: () => options.intervalSeconds(),
      ready: () => options.reasons().size > 0 && this.instances().length > 0,
      check: () => this.check(),
      // 401s are reported per instance in `check`, which never rejects with one.
      onUnauthorized: () => undefined,
      log: (message) => log.warn(message),
    });
    this.disposables.push(this.loop, session.onDidChange(() => this.sessionChanged()));
  }

  /** The settings changed (interval or reasons). */
  restart(): void {
    this.loop.restart();
  }

  private sessionChanged(): void {
    const signedIn = new Set(this.session.all.map((account) => account.key));
    this.known.keepOnly(signedIn);
    this.hours.keepOnly(signedIn);
    this.skipped.clear();
    this.loop.restart();
  }

  private instances() {
    return this.session.all.filter((account) => !this.skipped.has(account.key));
  }

  /** One request an instance; a failure of one (other than a 401) is the check's, for the backoff, after the others. */
  private async check(): Promise<void> {
    const found: InstanceTodo[] = [];
    /** Who read each instance's to-dos: the notification's buttons act for them. */
    const readers = new Map<string, Account>();
    let failure: unknown;
    for (const account of this.instances()) {
      try {
        const page = await account.todos.listTodos({}, { page: 1, perPage: CHECK_PAGE_SIZE });
        readers.set(account.key, account);
        for (const todo of this.known.take(account.key, page.items)) found.push({ instance: account.key, todo });
      } catch (error) {
        if (error instanceof GitLabError && error.kind === 'unauthorized') {
          this.skipped.add(account.key);
          this.session.reportUnauthorized(error, account.instanceUrl);
        } else if (hasNoTodoList(error)) {
          this.skipped.add(account.key);
          this.log.info(`${account.instanceUrl} has no To-Do List: no new to-do checks there`);
        } else if (error instanceof GitLabError && error.missingPermissions) {
          // The token will not gain the permission: asked again after the next sign-in; the view says why.
          this.skipped.add(account.key);
          this.log.info(`${account.instanceUrl} refused the token for the To-Do List: no new to-do checks there until the next sign-in (${error.message})`);
        } else {
          failure ??= error;
        }
      }
    }
    // The list and its badge have not read these: they show them at once, whatever the hour.
    for (const instance of new Set(found.map((entry) => entry.instance))) {
      this.todos.arrived(instance, found.filter((entry) => entry.instance === instance).map((entry) => entry.todo));
    }
    const told = await this.followWorkingHours(found);
    const toast = newTodoToast(told, this.options.reasons(), displayLocalize());
    if (toast) void this.show(toast, readers).catch((error) => this.log.error('Showing new to-dos', error));
    if (failure !== undefined) throw failure;
  }

  /**
   * GitLab's working hours, where the person set them (19.3+): the new to-dos to tell now; those of an instance
   * outside its hours are held, and once the hours of an instance holding some have begun, one summary is shown.
   */
  private async followWorkingHours(found: InstanceTodo[]): Promise<InstanceTodo[]> {
    const { tell, held, summary } = await this.hours.sort(found, this.options.reasons(), this.clock.now(), this.options.ignoreWorkingHours());
    if (held > 0) this.log.info(`New to-dos held until the working hours set in GitLab begin: ${held}`);
    if (summary > 0) void this.showSummary(summary).catch((error) => this.log.error('Showing the summary of new to-dos', error));
    return tell;
  }

  /** The held to-dos, once the working hours began: one notification, its Open showing the To-Do List. */
  private async showSummary(count: number): Promise<void> {
    const open = vscode.l10n.t('Open');
    const choice = await plainWindow.showInformationMessage(heldSummary(count, displayLocalize()), open);
    if (choice === open) await vscode.commands.executeCommand(`${VIEWS.todos}.focus`);
  }

  private async show(toast: NewTodoToast, readers: ReadonlyMap<string, TodoAccount>): Promise<void> {
    const open = vscode.l10n.t('Open');
    const done = vscode.l10n.t('Done');
    const snooze = vscode.l10n.t('Snooze 1 Hour');
    const instances = [...new Set(toast.todos.map(({ instance }) => instance))];
    const canSnooze = (await Promise.all(instances.map((instance) => this.todos.features.of(instance)))).every((features) => features.snooze);
    const choice = await plainWindow.showInformationMessage(toast.message, open, done, ...(canSnooze ? [snooze] : []));
    if (choice === open) await this.open(toast);
    else if (choice === done) await this.each(toast, readers, (account, ids, name) => markDoneWithUndo(this.todos, account, ids, name));
    else if (choice === snooze) {
      const until = this.clock.now() + HOUR_MS;
      await this.each(toast, readers, (account, ids, name) => snoozeWithUndo(this.todos, this.clock, account, ids, name, until));
    }
  }

  /** One thing: its page in the browser; several: the To-Do List view. */
  private async open(toast: NewTodoToast): Promise<void> {
    const single = toast.single;
    const instanceUrl = single && this.session.urlOf(single.instance);
    const url = single && instanceUrl ? todoWebUrl(single.todo.target_url, instanceUrl) : undefined;
    if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
    else await vscode.commands.executeCommand(`${VIEWS.todos}.focus`);
  }

  /** An action on the notification's to-dos, per instance for the account that read them there. */
  private async each(toast: NewTodoToast, readers: ReadonlyMap<string, TodoAccount>,
    action: (account: TodoAccount, ids: number[], name: string) => Promise<void>): Promise<void> {
    const byInstance = new Map<string, number[]>();
    for (const { instance, todo } of toast.todos) byInstance.set(instance, [...(byInstance.get(instance) ?? []), todo.id]);
    const single = toast.single && groupTodos(toast.todos.map(({ todo }) => todo))[0];
    await Promise.all([...byInstance].map(async ([instance, ids]) => {
      const name = single ? single.reference || single.title : vscode.l10n.t('{0} new to-dos', displayCount(ids.length));
      const account = readers.get(instance);
      if (account) await action(account, ids, name);
    }));
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
