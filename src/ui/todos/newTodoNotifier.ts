import * as vscode from 'vscode';
import { groupTodos } from '../../app/todos/todoGroups';
import { KnownTodos, newTodoToast, type InstanceTodo, type NewTodoToast } from '../../app/todos/newTodos';
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

const HOUR_MS = 3_600_000;
/** The first page of the pending list, newest first: new to-dos come on top, so one request a check finds them. */
const CHECK_PAGE_SIZE = 20;

export interface NewTodoNotifierOptions {
  intervalSeconds(): number;
  /** The action names that notify (the setting); empty: no check runs at all. */
  reasons(): ReadonlySet<string>;
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
  /** Instances not checked until the session changes: refused (401), or without a To-Do List. */
  private readonly skipped = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];

  /** `todos`: the To-Do List's actions (Done and Snooze with Undo), what each GitLab offers, and its pending count. */
  constructor(private readonly session: Session, private readonly todos: TodoService, private readonly clock: Clock,
    private readonly options: NewTodoNotifierOptions, private readonly log: Log) {
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
    this.known.keepOnly(new Set(this.session.all.map((account) => account.key)));
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
        } else {
          failure ??= error;
        }
      }
    }
    // The list and its badge have not read these: they show them at once.
    for (const instance of new Set(found.map((entry) => entry.instance))) {
      this.todos.arrived(instance, found.filter((entry) => entry.instance === instance).map((entry) => entry.todo));
    }
    const toast = newTodoToast(found, this.options.reasons(), vscode.l10n.t);
    if (toast) void this.show(toast, readers).catch((error) => this.log.error('Showing new to-dos', error));
    if (failure !== undefined) throw failure;
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
      const name = single ? single.reference || single.title : vscode.l10n.t('{0} new to-dos', ids.length);
      const account = readers.get(instance);
      if (account) await action(account, ids, name);
    }));
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
