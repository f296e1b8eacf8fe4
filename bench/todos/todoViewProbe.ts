import * as vscode from 'vscode';
import { groupTodos } from '../../src/app/todos/todoGroups';
import type { Todo } from '../../src/gitlab/todoTypes';
import { COMMANDS } from '../../src/ids';
import { reportResult } from '../lib/child';
import { summarize, type Summary } from '../lib/stats';
import { benchHost } from '../startup/vscodeStub';
import { setUpTodoView } from './todoViewSetup';

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

async function main(): Promise<void> {
  const [url, token, mode, groupReference, expectedText, groupText] = process.argv.slice(2);
  const expected = Number(expectedText);
  const expectedGroup = Number(groupText);
  const { client, view, calls, inFlight, log, provider, onDidChange, readToTheEnd, build } = setUpTodoView(url, token, 100);
  // Read to the end without drawing in between: the first build below is the first with rows (cold code).
  if (provider.getChildren().some((node) => node.type !== 'loading')) throw new Error('Rows before the first page.');
  const listed = await readToTheEnd();
  if (listed !== expected) throw new Error(`The list's pages held ${listed} to-dos, not ${expected}.`);
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
  const todos = listed;
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
    log.length = 0;
    let redrawAt = 0;
    let rowGoneAtRedraw = false;
    const redrawn = new Promise<void>((resolve) => {
      const listening = onDidChange(() => {
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
    const answerAt = log.find((call) => call.method === 'resolveTodos' || call.method === 'markTodoDone')?.answeredAt ?? NaN;
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
