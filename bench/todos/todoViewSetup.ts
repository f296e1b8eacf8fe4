import * as vscode from 'vscode';
import { normalizeInstanceUrl } from '../../src/app/instance';
import { Transport } from '../../src/gitlab';
import { UndiciExchange } from '../../src/node/undiciExchange';
import { createDispatcher } from '../../src/node/dispatcher';
import { TodoClient } from '../../src/gitlab/todoClient';
import type { TodoApi } from '../../src/gitlab/todoApi';
import type { Todo } from '../../src/gitlab/todoTypes';
import type { Page, PageRequest } from '../../src/gitlab/types';
import { VIEWS } from '../../src/ids';
import { Log } from '../../src/ui/log';
import type { Session } from '../../src/ui/session';
import { systemClock } from '../../src/ui/settings/snoozeClock';
import { todoSource } from '../../src/app/todos/todoLists';
import { createTodoList } from '../../src/ui/todos/registerTodos';
import { benchHost } from '../startup/vscodeStub';

export type TodoRowNode = { type: string; instance: string; group?: { key: string; todos: Todo[]; reference: string } };

/** One call of the client, as the view made it: its method, its arguments, when it was made and answered. */
export interface TodoCall {
  method: string;
  args: unknown[];
  at: number;
  answeredAt?: number;
  /** What the client answered the view. */
  answer?: unknown;
}

/**
 * The real To-Do view (src/ui/todos/todoView.ts) under the bench's `vscode` stub, over the real To-Do client against
 * the double, signed in to one account; the client counted: calls by method, the most unanswered at once, and each
 * call with its times. `holdMs(call)` delays the answer of a call by that much more, as a slow server would.
 */
export interface TodoViewSetup {
  client: TodoClient;
  view: { dispose(): void };
  calls: Record<string, number>;
  inFlight: { now: number; peak: number };
  /** Every call, in the order made (cleared by the caller between phases). */
  log: TodoCall[];
  provider: { getChildren(node?: TodoRowNode): TodoRowNode[]; getTreeItem(node: TodoRowNode): unknown };
  onDidChange(listener: () => void): vscode.Disposable;
  nextChange(): Promise<void>;
  badge(): { value: number; tooltip?: string } | undefined;
  /** The rows and their items, as the workbench asks for them on a change. */
  build(): TodoRowNode[];
  /**
   * Reads the whole list, page after page through the view's Load more, without asking for its rows in between (so
   * that the first build after it is the first with rows). Answers how many to-dos the pages held.
   */
  readToTheEnd(): Promise<number>;
}

/** The view's own listing calls (pages of `pageSize`), not a count's one-item page. */
const pagesOf = (log: readonly TodoCall[], pageSize: number) =>
  log.filter((call) => call.method === 'listTodos' && (call.args[1] as PageRequest | undefined)?.perPage === pageSize);

export function setUpTodoView(url: string, token: string, pageSize: number, holdMs: (call: TodoCall) => number = () => 0): TodoViewSetup {
  const calls: Record<string, number> = {};
  const inFlight = { now: 0, peak: 0 };
  const log: TodoCall[] = [];
  const client = new TodoClient(new Transport({ instanceUrl: url, token: () => token, exchange: new UndiciExchange(createDispatcher()) }));
  const api = new Proxy(client as TodoApi, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return async (...args: unknown[]) => {
        const call: TodoCall = { method: prop, args, at: performance.now() };
        log.push(call);
        calls[prop] = (calls[prop] ?? 0) + 1;
        inFlight.now += 1;
        inFlight.peak = Math.max(inFlight.peak, inFlight.now);
        try {
          const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          call.answer = answer;
          const held = holdMs(call);
          if (held > 0) await new Promise((resolve) => setTimeout(resolve, held));
          return answer;
        } finally {
          inFlight.now -= 1;
          call.answeredAt = performance.now();
        }
      };
    },
  });
  const key = normalizeInstanceUrl(url);
  const changed = new vscode.EventEmitter<void>();
  const session = {
    signedIn: true, all: [{ instanceUrl: url, key, todos: api, username: 'alex' }], onDidChange: changed.event, onDidLearnUsername: changed.event,
  } as unknown as Session;
  const output = new Log(vscode.window.createOutputChannel('bench', { log: true }) as never, () => [token]);
  const values = new Map<string, unknown>();
  const memento = {
    get: (k: string, fallback?: unknown) => (values.has(k) ? values.get(k) : fallback),
    update: async (k: string, value: unknown) => { values.set(k, value); }, keys: () => [...values.keys()],
  } as unknown as vscode.Memento;
  const view = createTodoList({ session, pageSize: () => pageSize, log: output, state: memento, clock: systemClock });
  const tree = benchHost.treeViews.get(VIEWS.todos);
  if (!tree) throw new Error(`The view registered no tree ${VIEWS.todos}.`);
  const provider = tree.provider as unknown as TodoViewSetup['provider'];
  const onDidChange = (listener: () => void) => tree.provider.onDidChangeTreeData!(listener);
  const nextChange = () => new Promise<void>((resolve) => {
    const listening = onDidChange(() => { listening.dispose(); resolve(); });
  });
  // Load more… as a click runs it: the command and arguments of the list's own row (the list's key, not the instance's).
  const loadMore = tree.provider.getTreeItem({ type: 'loadMore', source: todoSource(key) } as never) as vscode.TreeItem;
  const readToTheEnd = async () => {
    let change = nextChange();
    for (;;) {
      await change;
      change = nextChange();
      const pages = pagesOf(log, pageSize);
      const last = pages.at(-1);
      if (last?.answeredAt === undefined) continue;
      if ((last.answer as Page<Todo>).nextPage === undefined) break;
      if (!loadMore.command) throw new Error('The Load more row runs no command.');
      await vscode.commands.executeCommand(loadMore.command.command, ...(loadMore.command.arguments ?? []));
      // A click that reads nothing leaves no change to wait for: said here, not left to an event loop that empties.
      if (pagesOf(log, pageSize).length === pages.length) throw new Error(`Load more (${JSON.stringify(loadMore.command.arguments)}) asked for no page.`);
    }
    return pagesOf(log, pageSize).reduce((sum, call) => sum + ((call.answer as Page<Todo> | undefined)?.items.length ?? 0), 0);
  };
  return {
    client, view, calls, inFlight, log, provider, onDidChange, nextChange, readToTheEnd,
    badge: () => tree.view.badge,
    build: () => {
      const rows = provider.getChildren();
      for (const row of rows) provider.getTreeItem(row);
      return rows;
    },
  };
}
