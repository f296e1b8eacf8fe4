import * as vscode from 'vscode';
import type { PageRequest } from '../../src/gitlab/types';
import { COMMANDS } from '../../src/ids';
import { reportResult } from '../lib/child';
import { benchHost } from '../startup/vscodeStub';
import { setUpTodoView, type TodoCall } from './todoViewSetup';

/**
 * The real To-Do view under the stub over the real client, against the double with a long To-Do List (10,000
 * pending), in a fresh process:
 *   node todoLargeProbe.cjs <double URL> <token> <page size> <hold ms>
 * First rows: the view opened, drawn on every change as the workbench draws it, every answer but the first page's
 * held `hold ms` more (the count, the features, any further page): rows drawn before any of those answers come from
 * the first page alone. Then Mark All as Done, confirmed as a person confirms it, with the client's calls and the
 * time span, so the caller can count the requests at the double and what is still pending there.
 */
export interface TodoLargeRun {
  pageSize: number;
  /** ms from the view's creation: the first page answered, the first to-do row drawn, the second answer (any call). */
  firstPageAnsweredMs: number;
  firstRowMs: number;
  secondAnswerMs?: number;
  /** To-do rows drawn then. */
  firstRows: number;
  /** The client's calls before the first row, in order (method and page). */
  callsBeforeRows: string[];
  markAll: {
    from: number;
    to: number;
    /** The client's calls during Mark All, by method. */
    calls: Record<string, number>;
    /** To-do rows the view shows after it. */
    rowsAfter: number;
    messages: string[];
  };
}

const describeCall = (call: TodoCall) => {
  const page = call.method === 'listTodos' ? call.args[1] as PageRequest | undefined : undefined;
  return page ? `listTodos(page ${page.page}, ${page.perPage} a page)` : call.method;
};

async function whenIdle(inFlight: { now: number }, quietMs: number): Promise<void> {
  for (let since = Date.now(); Date.now() - since < quietMs;) {
    if (inFlight.now > 0) since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function main(): Promise<void> {
  const [url, token, pageSizeText, holdText] = process.argv.slice(2);
  const pageSize = Number(pageSizeText);
  const hold = Number(holdText);
  let firstPage: TodoCall | undefined;
  const isFirstPage = (call: TodoCall) => {
    const page = call.args[1] as PageRequest | undefined;
    if (!firstPage && call.method === 'listTodos' && page?.page === 1 && page.perPage === pageSize) firstPage = call;
    return call === firstPage;
  };
  const started = performance.now();
  const { view, calls, inFlight, log, build, onDidChange } = setUpTodoView(url, token, pageSize, (call) => (isFirstPage(call) ? 0 : hold));
  const todoRows = () => build().filter((node) => node.type === 'todo').length;
  let firstRowAt = 0;
  let firstRows = 0;
  let callsBeforeRows: string[] = [];
  const draw = () => {
    const rows = todoRows();
    if (rows > 0 && firstRowAt === 0) {
      firstRowAt = performance.now();
      firstRows = rows;
      callsBeforeRows = log.map(describeCall);
    }
  };
  // The workbench asks for the rows as the view opens and again after each change event.
  const drawing = onDidChange(() => setImmediate(draw));
  draw();
  const deadline = Date.now() + 30_000;
  while (firstRowAt === 0) {
    if (Date.now() > deadline) throw new Error('No to-do row within 30 s.');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await whenIdle(inFlight, 300);
  drawing.dispose();
  const others = log.filter((call) => call !== firstPage && call.answeredAt !== undefined).map((call) => call.answeredAt!);

  // Mark All as Done, confirmed; its "Marked N to-dos as done." is dismissed (no Undo).
  benchHost.answerMessage = (kind, _text, actions) => (kind === 'warning' ? actions.find((action) => /^Mark All$/i.test(action)) : undefined);
  for (const method of Object.keys(calls)) delete calls[method];
  const messagesBefore = benchHost.messages.length;
  const from = Date.now();
  await vscode.commands.executeCommand(COMMANDS.todosMarkAllDone);
  const to = Date.now();
  const markAllCalls = { ...calls };
  await whenIdle(inFlight, 300);
  const run: TodoLargeRun = {
    pageSize, firstPageAnsweredMs: (firstPage?.answeredAt ?? NaN) - started, firstRowMs: firstRowAt - started,
    secondAnswerMs: others.length > 0 ? Math.min(...others) - started : undefined, firstRows, callsBeforeRows,
    markAll: { from, to, calls: markAllCalls, rowsAfter: todoRows(), messages: benchHost.messages.slice(messagesBefore) },
  };
  reportResult(run);
  view.dispose();
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
