import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { reportResult } from '../lib/child';
import { installVscodeStub, loadStub } from '../startup/stubHook';

/**
 * The production bundle, activated with the stub API against the double (the To-Do List on), its To-Do view drawn as
 * the workbench draws an open view: its children on every change event, each row's TreeItem. Reports when each token
 * read from SecretStorage was answered, when the first to-do row was drawn, and the polling phase (pollInterval 1 s for
 * three cycles, nothing new on the server; the new-to-do check runs with the manifest's default `todos.notifyFor`), so
 * the caller can cut the double's request log.
 *   node todoDriver.cjs <dist/extension.js> <vscode-stub.cjs>
 */
export interface TodoDriverResult {
  activatedAt: number;
  /** When each `secrets.get` answered (epoch ms). */
  tokenReads: number[];
  firstRowAt: number;
  polling: { from: number; to: number; cycles: number };
  rows: number;
}

const VIEW_ID = 'gitlabActivity.todos';
const POLL_SECONDS = 1;
const CYCLES = 3;

async function main(): Promise<void> {
  const [bundle, stubPath] = process.argv.slice(2);
  installVscodeStub(stubPath);
  const stub = loadStub();
  const extension = require(bundle) as { activate(context: unknown): unknown };
  const root = dirname(dirname(bundle));
  const context = stub.createExtensionContext(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))) as unknown as {
    secrets: { get(key: string): Promise<string | undefined> }; subscriptions: Array<{ dispose(): unknown }>;
  };
  const tokenReads: number[] = [];
  const get = context.secrets.get.bind(context.secrets);
  context.secrets.get = async (key) => {
    const value = await get(key);
    tokenReads.push(Date.now());
    return value;
  };
  await extension.activate(context);
  const activatedAt = Date.now();
  const tree = stub.benchHost.treeViews.get(VIEW_ID);
  if (!tree) throw new Error(`The extension registered no tree view ${VIEW_ID}.`);
  let firstRowAt = 0;
  let rows = 0;
  const draw = async () => {
    const children = (await tree.provider.getChildren()) as Array<{ type?: string }> | undefined;
    for (const child of children ?? []) await tree.provider.getTreeItem(child);
    rows = (children ?? []).filter((child) => child.type === 'todo').length;
    if (rows > 0 && firstRowAt === 0) firstRowAt = Date.now();
  };
  // The workbench asks for the children when the view opens and again on each change event.
  tree.provider.onDidChangeTreeData?.(() => { setImmediate(() => void draw()); });
  await draw();
  const deadline = Date.now() + 20_000;
  while (firstRowAt === 0) {
    if (Date.now() > deadline) throw new Error('No to-do row within 20 s.');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, 600));

  const settings = stub.workspace.getConfiguration('gitlabActivity');
  const from = Date.now();
  await settings.update('pollInterval', POLL_SECONDS);
  // Ends half an interval after the last cycle's start: both checks of that cycle are in, the next cycle's are not.
  await new Promise((resolve) => setTimeout(resolve, (CYCLES + 0.5) * POLL_SECONDS * 1000));
  await settings.update('pollInterval', 0);
  const polling = { from, to: Date.now(), cycles: CYCLES };
  for (const disposable of context.subscriptions) disposable.dispose();
  const result: TodoDriverResult = { activatedAt, tokenReads, firstRowAt, polling, rows };
  reportResult(result);
  process.exit(0);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
