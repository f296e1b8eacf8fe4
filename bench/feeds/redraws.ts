import { join } from 'node:path';
import type { InstanceSources } from '../../src/app/activity/activityService';
import type { ActivitySource } from '../../src/app/activity/sources';
import { Emitter } from '../../src/app/emitter';
import { normalizeInstanceUrl } from '../../src/app/instance';
import { ProjectDirectories } from '../../src/app/projectDirectory';
import { FeedClient, GitLabClient, NO_FILTER, Transport } from '../../src/gitlab';
import { VIEWS } from '../../src/ids';
import { createDispatcher } from '../../src/node/dispatcher';
import { UndiciExchange } from '../../src/node/undiciExchange';
import type { ActivityView } from '../../src/ui/activity/activityView';
import type { ActivityNode } from '../../src/ui/activity/nodes';
import type { ExtensionConfig } from '../../src/ui/config';
import type { Log } from '../../src/ui/log';
import type { Session } from '../../src/ui/session';
import { GitLabDouble } from '../../test/double';
import { TOKEN } from '../fetch/listers';
import { installVscodeStub } from '../startup/stubHook';
import type { StubTreeView } from '../startup/vscodeStub';

/**
 * Redraws (bench/README.md, section 7): the real Activity view (`ActivityView`, its service and the list shell, with
 * every listener the view adds) under the bench's `vscode` stub, over the real client and the double; each list of
 * `REDRAW_CASES` read to 10,000 events, drawn as the workbench draws (children of every expanded row, each row's
 * item), then one row added as a poll adds it: the tree's change events counted, each naming rows or the whole tree.
 */

/** Events a list holds before the poll: GitLab lists 10,000 of a listing at most (it leaves out a few it cannot show). */
const FEED_EVENTS = 9_900;
const PAGE_SIZE = 100;

/** One list measured: which it is among an instance's lists, and how a poll adds one row to it. */
export interface RedrawCase {
  list: string;
  source(sources: InstanceSources): ActivitySource;
  /** A poll that finds the one new event (the double has it already, in project 1) and adds it to the list. */
  addOne(view: ActivityView, source: ActivitySource, api: GitLabClient): Promise<void>;
}

/** My Activity's poll: the new-activity check, then its arrivals shown (the view is in sight). */
const newActivityPoll = async (view: ActivityView) => {
  await view.service.newActivity.check();
  view.service.newActivity.show();
};

/**
 * What a merged feed's poll ends in (`pollYourProjects`/`pollStarred` → `newer` → the list store's `prepend`): the
 * new event, as the client reads it, put on top of the list.
 */
export const feedPoll = async (view: ActivityView, source: ActivitySource, api: GitLabClient) => {
  const page = await api.listEvents({ kind: 'project', id: 1 }, NO_FILTER, { page: 1, perPage: 1 });
  view.service.feeds.prepend(source.key, page.items);
};

/**
 * The lists measured. A merged feed joins with one line, its source among the instance's sources and `feedPoll`, e.g.
 * `{ list: 'Your projects', source: (s) => s.yourProjects, addOne: feedPoll },`.
 */
export const REDRAW_CASES: RedrawCase[] = [
  { list: 'My Activity', source: (s) => s.mine, addOne: newActivityPoll },
  { list: 'Your projects', source: (s) => s.feeds.find((feed) => feed.ref === 'yourProjects')!, addOne: feedPoll },
];

export interface RedrawFigure {
  list: string;
  events: number;
  /** Each change event of the tree after the poll: 'whole tree' (undefined) or the types of the rows it named. */
  changes: string[];
  /** Rows whose children, and rows whose items, the workbench asked for again on them; a whole draw's, for scale. */
  childrenAsked: number;
  itemsAsked: number;
  wholeTree: { childrenAsked: number; itemsAsked: number };
  /** The new event heads the list. */
  onTop: boolean;
}

export interface RedrawResult { cases: RedrawFigure[] }

/** What VS Code was told to draw again, and what it then asked for, as the workbench does on each change event. */
class Workbench {
  readonly changes: Array<ActivityNode[] | undefined> = [];
  childrenAsked = 0;
  itemsAsked = 0;

  constructor(private readonly tree: StubTreeView) {
    tree.provider.onDidChangeTreeData?.((rows) => {
      const named = rows === undefined || rows === null ? undefined : [rows].flat() as ActivityNode[];
      this.changes.push(named);
      for (const row of named ?? [undefined]) this.draw(row);
    });
  }

  /** A row's item and, while it is open, its children, each drawn the same way. */
  draw(row?: ActivityNode): void {
    const { provider } = this.tree;
    if (row) {
      this.itemsAsked += 1;
      if ((provider.getTreeItem(row) as { collapsibleState?: number }).collapsibleState !== 2) return;
    }
    this.childrenAsked += 1;
    for (const child of provider.getChildren(row) as ActivityNode[]) this.draw(child);
  }

  /** Opens the row labelled `label` among the roots and their children, as a person does (a feed starts closed). */
  open(label: string): void {
    const { provider } = this.tree;
    const labelOf = (row: ActivityNode) => { const item = provider.getTreeItem(row) as { label?: string | { label: string } }; return typeof item.label === 'string' ? item.label : item.label?.label; };
    const roots = provider.getChildren() as ActivityNode[];
    const row = [...roots, ...roots.flatMap((root) => provider.getChildren(root) as ActivityNode[])].find((candidate) => labelOf(candidate) === label);
    if (!row) throw new Error(`No row ${label} in the Activity view.`);
    this.tree.expand(row);
  }

  clear(): void {
    this.changes.length = 0;
    this.childrenAsked = 0;
    this.itemsAsked = 0;
  }
}

/** Lets the change events of what just happened go out (gathered per tick), and what they start. */
const ticks = async (n = 10) => { for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0)); };

export async function redrawBench(progress: (line: string) => void): Promise<RedrawResult> {
  installVscodeStub(join(__dirname, '..', 'startup', 'vscodeStub.ts'));
  // Loaded after the hook: the view imports `vscode`.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { ActivityView: View } = require('../../src/ui/activity/activityView') as typeof import('../../src/ui/activity/activityView');
  const { benchHost } = require('vscode') as typeof import('../startup/vscodeStub');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const double = await GitLabDouble.start({ events: 25_000, seed: 1 });
  const dispatcher = createDispatcher();
  const figures: RedrawFigure[] = [];
  try {
    const transport = new Transport({ instanceUrl: double.url, token: () => TOKEN, exchange: new UndiciExchange(dispatcher) });
    const api = new GitLabClient(transport);
    // The dashboard feeds' reads, over the same transport (as `accountClients` builds them).
    const feeds = new FeedClient(transport);
    const key = normalizeInstanceUrl(double.url);
    for (const measured of REDRAW_CASES) {
      const account = { key, instanceUrl: double.url, api, feeds, username: 'alex', userId: 1, accountKey: `${key}#1` };
      const changes = new Emitter<void>();
      const session = {
        signedIn: true, instanceUrl: double.url, api, all: [account], onDidChange: changes.event, onDidLearnUsername: new Emitter<void>().event,
        reportUnauthorized: () => undefined, urlOf: (instance: string) => (instance === key ? double.url : undefined),
      } as unknown as Session;
      const config = () => ({ pageSize: PAGE_SIZE, pollIntervalSeconds: 0, entries: { projects: [], users: [], groups: [] } }) as unknown as ExtensionConfig;
      const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Log;
      const memento = () => { const map = new Map<string, unknown>(); return { get: (k: string) => map.get(k), update: async (k: string, v: unknown) => { map.set(k, v); }, keys: () => [...map.keys()] }; };
      const view = new View(session, config, new ProjectDirectories(() => api), memento() as never, memento() as never, log,
        { projectPaths: async () => [] }, { add: async () => undefined, remove: async () => undefined });
      try {
        const workbench = new Workbench(benchHost.treeViews.get(VIEWS.activity)!);
        changes.fire();
        await ticks();
        workbench.draw();
        workbench.open(measured.list);
        const { feeds } = view.service;
        const source = measured.source(view.service.sources(key));
        await feeds.whenIdle();
        while (feeds.get(source.key).hasMore && feeds.get(source.key).items.length < FEED_EVENTS) await feeds.loadMore(source);
        await ticks();
        const events = feeds.get(source.key).items.length;
        workbench.clear();
        workbench.draw();
        const wholeTree = { childrenAsked: workbench.childrenAsked, itemsAsked: workbench.itemsAsked };
        workbench.clear();
        const added = double.addEvent({ projectId: 1, action: 'created', targetType: 'Issue', targetTitle: 'One more' });
        await measured.addOne(view, source, api);
        await ticks();
        const figure: RedrawFigure = {
          list: measured.list, events, changes: workbench.changes.map((rows) => (rows === undefined ? 'whole tree' : rows.map((row) => row.type).join('+'))),
          childrenAsked: workbench.childrenAsked, itemsAsked: workbench.itemsAsked, wholeTree, onTop: feeds.get(source.key).items[0]?.id === added.id,
        };
        figures.push(figure);
        progress(`  redraws, ${figure.list} of ${events} events: ${figure.changes.length} change event(s) (${figure.changes.join('; ') || 'none'}), `
          + `${figure.itemsAsked} items and ${figure.childrenAsked} children asked again (a whole draw: ${wholeTree.itemsAsked} and ${wholeTree.childrenAsked})`);
      } finally {
        view.dispose();
      }
    }
    return { cases: figures };
  } finally {
    await dispatcher.close();
    await double.close();
  }
}
