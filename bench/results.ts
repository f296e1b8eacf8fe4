import type { EconomyResult } from './economy/economyBench';
import type { FetchResult } from './fetch/fetchBench';
import type { Machine } from './lib/machine';
import type { PagesResult } from './pages/pagesBench';
import type { OverviewResult } from './pages/overviewBench';
import type { TabLoadMoreResult } from './pages/tabLoadMoreBench';
import type { WorkbenchResult } from './workbench/workbenchBench';
import type { StartupResult } from './startup/startupBench';
import type { TreeResult } from './tree/treeBench';
import type { TodoViewResult } from './todos/todoBench';
import type { SubscriptionBenchResult } from './subscriptions/subscriptionBench';
import type { FeedBenchResult } from './feeds/feedBench';
import type { CatchUpBenchResult } from './catchUp/catchUpBench';

/** What bench/results.json holds. Sections left out with --only are absent. */
export interface BenchResults {
  generatedAt: string;
  machine: Machine;
  /** 1, 5 and 15 minute load averages at the start and end: other work on the machine shows here. */
  load: { before: number[]; after: number[] };
  commit: string;
  durationSeconds: number;
  goals: Array<{ goal: string; value: string; met: boolean }>;
  fetch?: FetchResult;
  tree?: TreeResult;
  pages?: PagesResult;
  overview?: OverviewResult;
  tabLoadMore?: TabLoadMoreResult;
  workbench?: WorkbenchResult;
  startup?: StartupResult;
  economy?: EconomyResult;
  todos?: TodoViewResult;
  subscriptions?: SubscriptionBenchResult;
  feeds?: FeedBenchResult;
  catchUp?: CatchUpBenchResult;
  errors: Record<string, string>;
}
