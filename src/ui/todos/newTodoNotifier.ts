import * as vscode from 'vscode';
import { KnownTodos, newTodoToast, type InstanceTodo, type NewTodoToast } from '../../app/todos/newTodos';
import { markTodosDone, snoozeTodos, type TodoBulkResult } from '../../app/todos/todoBulk';
import { todoWebUrl } from '../../app/todos/todoUrl';
import { GitLabError } from '../../gitlab';
import type { TodoApi } from '../../gitlab/todoApi';
import type { TodoFeatures } from '../../gitlab/todoTypes';
import { COMMANDS, VIEWS } from '../../ids';
import type { Log } from '../log';
import * as plainWindow from '../plainWindow';
import { FocusedPoller } from '../polling/focusedPoller';
import type { Session } from '../session';

const HOUR_MS = 3_600_000;
/** The first page of the pending list, newest first: new to-dos come on top, so one request a check finds them. */
const CHECK_PAGE_SIZE = 20;

export interface NewTodoNotifierOptions {
  intervalSeconds(): number;
  /** The action names that notify (the setting); empty: no check runs at all. */
  reasons(): ReadonlySet<string>;
  /** The extension's clock (tests move it): when a snooze of an hour ends. */
  now(): number;
}

/** A server without GitLab's To-Do List answers 404 on `/todos` (the interface spec has none). */
const hasNoTodoList = (error: unknown): boolean =>
  error instanceof GitLabError && (error.kind === 'notFound' || error.kind === 'unsupported');

/**
 * New to-dos as a notification: on the Activity check's schedule, focus rules and backoff (`FocusedPoller`), reads
 * the first page of each signed-in instance's pending to-dos (one request an instance a check) and shows at most one
 * notification a check for those new ones whose reason the setting names, with Open, Done and Snooze 1 Hour (only
 * where that GitLab can snooze).
 */
export class NewTodoNotifier implements vscode.Disposable {
  private readonly loop: FocusedPoller;
  private readonly known = new KnownTodos();
  /** Instances not checked until the session changes: refused (401), or without a To-Do List. */
  private readonly skipped = new Set<string>();
  private readonly features = new Map<string, Promise<TodoFeatures | undefined>>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly session: Session, private readonly options: NewTodoNotifierOptions, private readonly log: Log) {
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

  /** Checks done, for tests and the log. */
  get cycles(): number {
    return this.loop.cycles;
  }

  /** The settings changed (interval or reasons). */
  restart(): void {
    this.loop.restart();
  }

  private sessionChanged(): void {
    const signedIn = new Set(this.session.all.map((account) => account.key));
    for (const instance of [...this.features.keys()]) if (!signedIn.has(instance)) this.features.delete(instance);
    this.known.keepOnly(signedIn);
    this.skipped.clear();
    this.loop.restart();
  }

  private instances() {
    return this.session.all.filter((account) => !this.skipped.has(account.key));
  }

  /** One request an instance; a failure of one (other than a 401) is the check's, for the backoff, after the others. */
  private async check(): Promise<void> {
    const found: InstanceTodo[] = [];
    let failure: unknown;
    for (const account of this.instances()) {
      try {
        const page = await account.todos.listTodos({}, { page: 1, perPage: CHECK_PAGE_SIZE });
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
    const toast = newTodoToast(found, this.options.reasons(), vscode.l10n.t);
    if (toast) void this.show(toast).catch((error) => this.log.error('Showing new to-dos', error));
    if (failure !== undefined) throw failure;
  }

  private async show(toast: NewTodoToast): Promise<void> {
    const open = vscode.l10n.t('Open');
    const done = vscode.l10n.t('Done');
    const snooze = vscode.l10n.t('Snooze 1 Hour');
    const canSnooze = await this.allCanSnooze(toast.todos);
    const choice = await plainWindow.showInformationMessage(toast.message, open, done, ...(canSnooze ? [snooze] : []));
    if (choice === open) await this.open(toast);
    else if (choice === done) {
      await this.act(toast, (api, ids) => markTodosDone(api, ids), (why) => vscode.l10n.t('Could not mark as done: {0}', why));
    } else if (choice === snooze) {
      const until = new Date(this.options.now() + HOUR_MS);
      await this.act(toast, (api, ids) => snoozeTodos(api, ids, until), (why) => vscode.l10n.t('Could not snooze: {0}', why));
    }
  }

  /** Whether every instance of these to-dos can snooze (GitLab 17.4+), asked once an instance. */
  private async allCanSnooze(todos: readonly InstanceTodo[]): Promise<boolean> {
    const instances = [...new Set(todos.map(({ instance }) => instance))];
    const answers = await Promise.all(instances.map((instance) => this.featuresOf(instance)));
    return answers.every((features) => features?.snooze === true);
  }

  private featuresOf(instance: string): Promise<TodoFeatures | undefined> {
    let features = this.features.get(instance);
    if (!features) {
      const api = this.session.todosFor(instance);
      features = api ? api.getTodoFeatures().catch((error) => {
        this.features.delete(instance);
        this.log.warn(`Reading what the To-Do List of ${instance} offers: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }) : Promise.resolve(undefined);
      this.features.set(instance, features);
    }
    return features;
  }

  /** One thing: its page in the browser; several: the To-Do List view. */
  private async open(toast: NewTodoToast): Promise<void> {
    if (!toast.single) {
      await vscode.commands.executeCommand(`${VIEWS.todos}.focus`);
      return;
    }
    const instanceUrl = this.session.all.find((account) => account.key === toast.single?.instance)?.instanceUrl ?? toast.single.instance;
    const url = todoWebUrl(toast.single.todo.target_url, instanceUrl);
    if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
    else await vscode.commands.executeCommand(`${VIEWS.todos}.focus`);
  }

  /** Done or Snooze on the notification's to-dos, per instance with its own client; the view reads its list again. */
  private async act(toast: NewTodoToast, action: (api: TodoApi, ids: number[]) => Promise<TodoBulkResult>,
    failedMessage: (why: string) => string): Promise<void> {
    const byInstance = new Map<string, number[]>();
    for (const { instance, todo } of toast.todos) byInstance.set(instance, [...(byInstance.get(instance) ?? []), todo.id]);
    let failed: GitLabError | undefined;
    for (const [instance, ids] of byInstance) {
      const api = this.session.todosFor(instance);
      if (!api) continue;
      const result = await action(api, ids);
      if (result.failed.length > 0) {
        failed ??= result.failed[0].error;
        this.log.error('Acting on new to-dos', result.failed[0].error);
      }
    }
    await vscode.commands.executeCommand(COMMANDS.todosRefresh);
    if (failed) void plainWindow.showErrorMessage(failedMessage(failed.message));
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
