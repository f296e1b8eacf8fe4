import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { reportResult } from '../lib/child';
import { installVscodeStub, loadStub } from '../startup/stubHook';

/**
 * The bundled extension, activated with the stub API against the double, with the Activity and the Catch Up views
 * drawn as the workbench draws them (children of every expandable row, again after each change); once everything has
 * settled, polling on at 1 s for `IDLE_CYCLES` cycles with nothing new on the server. Reports when each phase began
 * and ended, so the caller cuts the double's request log into poll cycles.
 *   node idleDriver.cjs <dist/extension.js> <vscode-stub.cjs>
 */
export interface IdleDriverResult {
  start: { from: number; to: number };
  /** Polling with the Catch Up view out of sight, then in sight. */
  hidden: { from: number; to: number };
  shown: { from: number; to: number };
  pollSeconds: number;
  catchUpRows: number;
}

export const IDLE_CYCLES = 4;
const VIEWS = ['gitlabActivity.activity', 'gitlabActivity.catchUp'];
const QUIET_MS = 800;

interface Tree {
  provider: { getChildren(element?: unknown): unknown; getTreeItem(element: unknown): unknown; onDidChangeTreeData?: (listener: () => void) => unknown };
  setVisible(visible: boolean): void;
}

async function main(): Promise<void> {
  const [bundle, stubPath] = process.argv.slice(2);
  installVscodeStub(stubPath);
  const stub = loadStub();
  const startFrom = Date.now();
  const extension = require(bundle) as { activate(context: unknown): unknown };
  const root = dirname(dirname(bundle));
  const context = stub.createExtensionContext(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
  await extension.activate(context);
  let lastActivity = Date.now();
  let catchUpRows = 0;
  const trees = VIEWS.map((id) => {
    const tree = stub.benchHost.treeViews.get(id) as unknown as Tree | undefined;
    if (!tree) throw new Error(`The extension registered no tree view ${id}.`);
    return { id, tree };
  });
  const render = async ({ id, tree }: { id: string; tree: Tree }) => {
    let rows = 0;
    const walk = async (element?: unknown) => {
      const children = (await tree.provider.getChildren(element)) as Array<{ type?: string }> | undefined;
      for (const child of children ?? []) {
        if (child.type === 'catchUpThing') rows++;
        const item = (await tree.provider.getTreeItem(child)) as { collapsibleState?: number };
        if ((item.collapsibleState ?? 0) !== 0) await walk(child);
      }
    };
    await walk();
    if (id === 'gitlabActivity.catchUp') catchUpRows = rows;
    lastActivity = Date.now();
  };
  for (const view of trees) {
    let scheduled: NodeJS.Timeout | undefined;
    view.tree.provider.onDidChangeTreeData?.(() => {
      lastActivity = Date.now();
      scheduled ??= setTimeout(() => { scheduled = undefined; void render(view); }, 50);
    });
    await render(view);
  }
  const settled = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    let lines = stub.benchHost.outputLines.length;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (stub.benchHost.outputLines.length !== lines) {
        lines = stub.benchHost.outputLines.length;
        lastActivity = Date.now();
      }
      if (Date.now() - lastActivity >= QUIET_MS) return;
      if (Date.now() > deadline) throw new Error('The extension did not settle.');
    }
  };
  await settled(30_000);
  const start = { from: startFrom, to: Date.now() - QUIET_MS };
  const pollSeconds = 1;
  const settings = stub.workspace.getConfiguration('gitlabActivity');
  const poll = async () => {
    const from = Date.now();
    await settings.update('pollInterval', pollSeconds);
    await new Promise((resolve) => setTimeout(resolve, IDLE_CYCLES * pollSeconds * 1000 + 400));
    await settings.update('pollInterval', 0);
    await settled(10_000);
    return { from, to: Date.now() };
  };
  const catchUp = trees.find((view) => view.id === 'gitlabActivity.catchUp')!.tree;
  catchUp.setVisible(false);
  const hidden = await poll();
  catchUp.setVisible(true);
  const shown = await poll();
  for (const disposable of (context as unknown as { subscriptions: Array<{ dispose(): unknown }> }).subscriptions) disposable.dispose();
  reportResult({ start, hidden, shown, pollSeconds, catchUpRows } satisfies IdleDriverResult);
  process.exit(0);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
