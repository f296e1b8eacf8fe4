import * as vscode from 'vscode';
import { normalizeInstanceUrl } from '../../src/app/instance';
import { groupTodos } from '../../src/app/todos/todoGroups';
import { createDispatcher, Transport } from '../../src/gitlab';
import { TodoClient } from '../../src/gitlab/todoClient';
import type { TodoApi } from '../../src/gitlab/todoApi';
import type { Todo } from '../../src/gitlab/todoTypes';
import { COMMANDS, VIEWS } from '../../src/ids';
import { Log } from '../../src/ui/log';
import type { Session } from '../../src/ui/session';
import { systemClock } from '../../src/ui/settings/snoozeClock';
import { TodoView } from '../../src/ui/todos/todoView';
import { reportResult } from '../lib/child';
import { summarize, type Summary } from '../lib/stats';
import { benchHost } from '../startup/vscodeStub';

/**
 * The real To-Do view (src/ui/todos/todoView.ts), bundled like the production extension with `vscode` answered by the
 * bench's stub, over the real To-Do client against the double, in a fresh process:
 *   node todoViewProbe.cjs <double URL> <token> <rows|bulk> <group reference> <pending to-dos listed> <group size>
 * `rows`: the list read to its end (100 a page), then its rows built as the workbench asks for them (`getChildren`,
 * `getTreeItem` of each row): the first time (cold code) and warm, next to the floor (a bare `TreeItem` per to-do with
 * its title, no grouping); then Mark as Done on a row of one to-do while the double holds its answer: when the view's
 * redraw no longer shows the row, against when the answer came. `bulk`: Mark as Done on the row of the group's
 * to-dos, with the client's requests and the most in flight at once.
 */
export interface TodoRowsResult {
  todos: number;
  rows: number;
  firstBuildMs: number;
  warm: Summary;
  floorFirstMs: number;
  floorWarm: Summary;
  /** `groupTodos` alone, warm. */
  grouping: Summary;
  markDone?: { clickToRedrawMs: number; clickToAnswerMs: number; rowGoneAtRedraw: boolean; rowBackAfter: boolean };
}

export interface TodoBulkRun {
  groupTodos: number;
  /** The client's calls, by method, and the most in flight at once. */
  calls: Record<string, number>;
  peakInFlight: number;
  from: number;
  to: number;
  rowGone: boolean;
  messages: string[];
}

type Node = { type: string; instance: string; group?: { key: string; todos: Todo[]; reference: string } };

/** Counts the client's calls and how many are unanswered at once; stamps when each answer came. */
function counted(api: TodoApi, calls: Record<string, number>, inFlight: { now: number; peak: number }, answered: (method: string) => void): TodoApi {
  return new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return async (...args: unknown[]) => {
        calls[prop] = (calls[prop] ?? 0) + 1;
        inFlight.now += 1;
        inFlight.peak = Math.max(inFlight.peak, inFlight.now);
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          inFlight.now -= 1;
          answered(prop);
        }
      };
    },
  });
}

async function main(): Promise<void> {
  const [url, token, mode, groupReference, expectedText, groupText] = process.argv.slice(2);
  const expected = Number(expectedText);
  const expectedGroup = Number(groupText);
  const calls: Record<string, number> = {};
  const inFlight = { now: 0, peak: 0 };
  const answers: Array<{ method: string; at: number }> = [];
  const client = new TodoClient(new Transport({ instanceUrl: url, token: () => token, dispatcher: createDispatcher() }));
  const api = counted(client, calls, inFlight, (method) => answers.push({ method, at: performance.now() }));
  const key = normalizeInstanceUrl(url);
  const changed = new vscode.EventEmitter<void>();
  const session = {
    signedIn: true, all: [{ instanceUrl: url, key, todos: api, username: 'alex' }], todosFor: () => api, onDidChange: changed.event, onDidLearnUsername: changed.event,
  } as unknown as Session;
  const log = new Log(vscode.window.createOutputChannel('bench', { log: true }) as never, () => [token]);
  const values = new Map<string, unknown>();
  const memento = {
    get: (k: string, fallback?: unknown) => (values.has(k) ? values.get(k) : fallback),
    update: async (k: string, value: unknown) => { values.set(k, value); }, keys: () => [...values.keys()],
  } as unknown as vscode.Memento;
  const view = new TodoView(session, () => 100, log, memento, systemClock);
  const tree = benchHost.treeViews.get(VIEWS.todos);
  if (!tree) throw new Error(`The view registered no tree ${VIEWS.todos}.`);
  const provider = tree.provider as unknown as { getChildren(node?: Node): Node[]; getTreeItem(node: Node): unknown };
  const nextChange = () => new Promise<void>((resolve) => {
    const listening = tree.provider.onDidChangeTreeData!(() => { listening.dispose(); resolve(); });
  });
  const badge = () => tree.view.badge;

  // Read to the end without drawing in between: the first build below is the first with rows (cold code). The badge
  // counts the loaded to-dos, "at least" while the list has a next page and is not loading it.
  if (provider.getChildren().some((node) => node.type !== 'loading')) throw new Error('Rows before the first page.');
  for (;;) {
    await nextChange();
    const shown = badge();
    if (shown?.value === expected && !shown.tooltip?.startsWith('At least')) break;
    if (shown?.tooltip?.startsWith('At least')) await vscode.commands.executeCommand(COMMANDS.todosLoadMore, { type: 'loadMore', instance: key });
  }
  const build = () => {
    const rows = provider.getChildren();
    for (const row of rows) provider.getTreeItem(row);
    return rows;
  };

  if (mode === 'bulk') {
    const rows = build();
    // The reference alone is not unique (each project has its !1): the row of the group's to-dos, then its key.
    const row = rows.find((node) => node.group?.reference === groupReference && node.group.todos.length === expectedGroup);
    if (!row?.group) throw new Error(`No row ${groupReference} of ${expectedGroup} to-dos.`);
    const groupKey = row.group.key;
    for (const k of Object.keys(calls)) delete calls[k];
    inFlight.peak = 0;
    const from = Date.now();
    await vscode.commands.executeCommand(COMMANDS.todosMarkDone, row);
    const to = Date.now();
    const run: TodoBulkRun = {
      groupTodos: row.group.todos.length, calls: { ...calls }, peakInFlight: inFlight.peak, from, to,
      rowGone: !build().some((node) => node.group?.key === groupKey), messages: benchHost.messages,
    };
    reportResult(run);
    view.dispose();
    return;
  }

  let started = performance.now();
  const rows = build();
  const firstBuildMs = performance.now() - started;
  const todos = badge()?.value ?? 0;
  // The floor: the same to-dos, read again, each a bare TreeItem with its title (no grouping, reasons, icons or times).
  const items: Todo[] = [];
  for (let page: number | undefined = 1; page;) {
    const answer = await client.listTodos({}, { page, perPage: 100 });
    items.push(...answer.items);
    page = answer.nextPage;
  }
  const floor = () => items.map((todo) => new vscode.TreeItem(String(todo.target?.title ?? todo.body ?? '')));
  started = performance.now();
  floor();
  const floorFirstMs = performance.now() - started;
  const time = (work: () => unknown, rounds = 30) => summarize(Array.from({ length: rounds }, () => {
    const at = performance.now();
    work();
    return performance.now() - at;
  }));
  const warm = time(build);
  const floorWarm = time(floor);
  const grouping = time(() => groupTodos(items));

  // Mark as Done on a row of one to-do: the double holds every POST (see todoBench.ts).
  const single = rows.find((node) => node.type === 'todo' && node.group?.todos.length === 1);
  let markDone: TodoRowsResult['markDone'];
  if (single?.group) {
    const groupKey = single.group.key;
    answers.length = 0;
    let redrawAt = 0;
    let rowGoneAtRedraw = false;
    const redrawn = new Promise<void>((resolve) => {
      const listening = tree.provider.onDidChangeTreeData!(() => {
        listening.dispose();
        // The workbench asks for the children on the change event; the redraw is when they are built.
        setImmediate(() => {
          rowGoneAtRedraw = !build().some((node) => node.group?.key === groupKey);
          redrawAt = performance.now();
          resolve();
        });
      });
    });
    const clickAt = performance.now();
    const done = vscode.commands.executeCommand(COMMANDS.todosMarkDone, single);
    await redrawn;
    await done;
    const answerAt = answers.find((a) => a.method === 'resolveTodos' || a.method === 'markTodoDone')?.at ?? NaN;
    markDone = {
      clickToRedrawMs: redrawAt - clickAt, clickToAnswerMs: answerAt - clickAt, rowGoneAtRedraw,
      rowBackAfter: build().some((node) => node.group?.key === groupKey),
    };
  }
  const result: TodoRowsResult = { todos, rows: rows.length, firstBuildMs, warm, floorFirstMs, floorWarm, grouping, markDone };
  reportResult(result);
  view.dispose();
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
