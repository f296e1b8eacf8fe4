import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { reportResult } from '../lib/child';
import { installVscodeStub, loadStub } from '../startup/stubHook';
import type { StubTreeView } from '../startup/vscodeStub';

/**
 * The bundled extension, activated with the stub API against the double, its Activity tree rendered the way the
 * workbench asks for it (children of every expanded node, then each child's TreeItem; again after every change
 * event), with the user having expanded Projects, Users and each source. Reports when each phase began and ended,
 * so the caller can cut the double's request log into phases.
 *   node extensionDriver.cjs <dist/extension.js> <vscode-stub.cjs>
 * Settings come from BENCH_VSCODE_SETTINGS (polling off: pollInterval 0), the token from GITLAB_ACTIVITY_TOKEN (bound to
 * the double by GITLAB_ACTIVITY_INSTANCE_URL).
 */
export interface DriverResult {
  /** Activation to a settled tree and status bar. */
  start: { from: number; to: number };
  /** Polling on at `pollSeconds`, nothing new on the server. */
  polling: { from: number; to: number; pollSeconds: number };
  renders: number;
  treeChanges: number;
  /** Rows the settled tree showed, by kind (event, day, source, loadMore…). */
  rows: Record<string, number>;
  statusBar: string[];
  fallbacks: string[];
  messages: string[];
  /** The extension's own request log lines (output channel). */
  requestLog: string[];
}

const VIEW_ID = 'gitlabActivity.activity';
const QUIET_MS = 600;
const COALESCE_MS = 50;

interface Node { type?: string }

async function main(): Promise<void> {
  const [bundle, stubPath] = process.argv.slice(2);
  installVscodeStub(stubPath);
  const stub = loadStub();
  let lastActivity = Date.now();
  let renders = 0;
  let treeChanges = 0;
  let rows: Record<string, number> = {};

  const startFrom = Date.now();
  const extension = require(bundle) as { activate(context: unknown): unknown };
  const root = dirname(dirname(bundle));
  const context = stub.createExtensionContext(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
  await extension.activate(context);
  const tree: StubTreeView | undefined = stub.benchHost.treeViews.get(VIEW_ID);
  if (!tree) throw new Error(`The extension registered no tree view ${VIEW_ID}.`);

  const render = async () => {
    renders++;
    const counted: Record<string, number> = {};
    const walk = async (element?: unknown) => {
      const children = (await tree.provider.getChildren(element)) as Node[] | undefined;
      for (const child of children ?? []) {
        counted[child.type ?? 'node'] = (counted[child.type ?? 'node'] ?? 0) + 1;
        const item = (await tree.provider.getTreeItem(child)) as { collapsibleState?: number };
        // Collapsed roots and sources count as expanded by the user; day groups are expanded by default.
        if ((item.collapsibleState ?? 0) !== 0) await walk(child);
      }
    };
    await walk();
    rows = counted;
    lastActivity = Date.now();
  };
  let scheduled: NodeJS.Timeout | undefined;
  tree.provider.onDidChangeTreeData?.(() => {
    treeChanges++;
    lastActivity = Date.now();
    scheduled ??= setTimeout(() => { scheduled = undefined; void render(); }, COALESCE_MS);
  });
  await render();

  let seenLines = 0;
  const settled = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (stub.benchHost.outputLines.length !== seenLines) {
        seenLines = stub.benchHost.outputLines.length;
        lastActivity = Date.now();
      }
      if (Date.now() - lastActivity >= QUIET_MS && !scheduled) return;
      if (Date.now() > deadline) throw new Error('The extension did not settle.');
    }
  };
  await settled(20_000);
  const start = { from: startFrom, to: Date.now() - QUIET_MS };

  const pollSeconds = 1;
  const pollFrom = Date.now();
  const settings = stub.workspace.getConfiguration('gitlabActivity');
  await settings.update('pollInterval', pollSeconds);
  await new Promise((resolve) => setTimeout(resolve, 3 * pollSeconds * 1000 + 400));
  await settings.update('pollInterval', 0);
  await settled(10_000);
  const polling = { from: pollFrom, to: Date.now(), pollSeconds };

  for (const disposable of (context as unknown as { subscriptions: Array<{ dispose(): unknown }> }).subscriptions) disposable.dispose();
  const result: DriverResult = {
    start, polling, renders, treeChanges, rows,
    statusBar: stub.benchHost.statusBarItems.filter((item) => item.visible).map((item) => item.text),
    fallbacks: [...stub.benchHost.fallbacks].sort(),
    messages: stub.benchHost.messages,
    requestLog: stub.benchHost.outputLines.filter((line) => / \/api\/v4\//.test(line)),
  };
  reportResult(result);
  process.exit(0);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
