import * as vscode from 'vscode';
import { countNewEvents, newestMarker, type EventMarker } from '../../app/activity/pollSchedule';
import { MY_ACTIVITY } from '../../app/activity/sources';
import type { FeedPlan } from '../../app/activity/activityTabs';
import type { ActiveAccount } from '../../app/activeAccount';
import type { GitLabError } from '../../gitlab';
import { FocusedPoller } from '../polling/focusedPoller';

export interface PollerContext {
  /** The active account: My Activity's new events are checked through its client. */
  account: Pick<ActiveAccount, 'api' | 'instanceUrl'>;
  intervalSeconds(): number;
  /** Newest event id/time the user has been shown in My Activity. */
  shownMarker(): EventMarker | undefined;
  /** How many events are newer than those shown (0 once they are loaded): part of the view's unread badge. */
  pendingChanged(count: number): void;
  /** `instanceUrl`: the instance of the client that was refused. */
  onUnauthorized(error: GitLabError, instanceUrl: string): void;
  log(message: string): void;
}

/**
 * New activity: while the window has focus, asks for the first page of My Activity at the configured interval
 * and reports the count of events newer than those shown (the view's badge adds it to the unread count); once the
 * view is seen, My Activity loads again and shows them, marked unread. The schedule, focus rules and backoff are
 * the `FocusedPoller`'s.
 */
export class NewActivityPoller implements vscode.Disposable {
  private readonly loop: FocusedPoller;
  private readonly disposables: vscode.Disposable[] = [];
  private unseen = 0;
  /** The instance of the client the running check uses: a 401 names it. */
  private checking = '';
  /** The newest event of the last check, so "Mark All as Seen" covers events not loaded yet. */
  newest: EventMarker | undefined;

  /** `feedPlan` is the view's tab and filter, newest first: only events the tree would show are counted. */
  constructor(private readonly view: vscode.TreeView<unknown>, private readonly context: PollerContext,
    private readonly onSeen: () => void, private feedPlan: FeedPlan) {
    this.loop = new FocusedPoller({
      name: 'New activity check',
      intervalSeconds: () => context.intervalSeconds(),
      ready: () => context.account.api !== undefined,
      check: () => this.check(),
      onUnauthorized: (error) => context.onUnauthorized(error, this.checking),
      log: (message) => context.log(message),
    });
    this.disposables.push(this.loop, view.onDidChangeVisibility(() => this.markSeenIfVisible()));
  }

  /** (Re)starts with the current settings; call after sign-in or setting changes, and with the new plan (newest first) after a filter change. */
  restart(plan?: FeedPlan): void {
    if (plan) this.feedPlan = plan;
    this.loop.restart();
  }

  private async check(): Promise<void> {
    const api = this.context.account.api;
    this.checking = this.context.account.instanceUrl;
    if (!api) return;
    const { request, keep } = this.feedPlan;
    const page = await api.listEvents(MY_ACTIVITY.source, request, { page: 1, perPage: 20 });
    const items = keep ? page.items.filter(keep) : page.items;
    const count = countNewEvents(items, this.context.shownMarker());
    this.newest = newestMarker(items);
    this.setUnseen(count);
    this.markSeenIfVisible();
  }

  private setUnseen(count: number): void {
    if (count === this.unseen) return;
    this.unseen = count;
    this.context.pendingChanged(count);
  }

  /** New events not loaded yet. */
  get pending(): number {
    return this.unseen;
  }

  /** They were marked as seen: nothing is pending until a check finds newer ones. */
  forgetPending(): void {
    this.setUnseen(0);
  }

  private markSeenIfVisible(): void {
    if (this.view.visible && this.unseen > 0) {
      this.setUnseen(0);
      this.onSeen();
    }
  }

  stop(): void {
    this.loop.stop();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
