import * as vscode from 'vscode';
import { countNewEvents, newestMarker, PollSchedule, type EventMarker } from '../../app/activity/pollSchedule';
import { MY_ACTIVITY } from '../../app/activity/sources';
import type { FeedPlan } from '../../app/activity/activityTabs';
import type { ActiveAccount } from '../../app/activeAccount';
import { GitLabError } from '../../gitlab';

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
 * view is seen, My Activity loads again and shows them, marked unread. Backs off on errors and 429; stops while the
 * window is unfocused, while signed out, and on 401.
 */
export class NewActivityPoller implements vscode.Disposable {
  private timer?: ReturnType<typeof setTimeout>;
  private schedule = new PollSchedule(0);
  private readonly disposables: vscode.Disposable[] = [];
  private stoppedByAuth = false;
  private running = false;
  private unseen = 0;
  /** The newest event of the last check, so "Mark All as Seen" covers events not loaded yet. */
  newest: EventMarker | undefined;
  /** Polls done, for tests and the log. */
  cycles = 0;

  /** `feedPlan` is the view's tab and filter, newest first: only events the tree would show are counted. */
  constructor(private readonly view: vscode.TreeView<unknown>, private readonly context: PollerContext,
    private readonly onSeen: () => void, private feedPlan: FeedPlan) {
    this.disposables.push(
      vscode.window.onDidChangeWindowState(() => this.restart()),
      view.onDidChangeVisibility(() => this.markSeenIfVisible()),
    );
  }

  /** (Re)starts with the current settings; call after sign-in or setting changes, and with the new plan (newest first) after a filter change. */
  restart(plan?: FeedPlan): void {
    if (plan) this.feedPlan = plan;
    this.stop();
    this.stoppedByAuth = false;
    this.schedule = new PollSchedule(this.context.intervalSeconds() * 1000);
    this.plan(this.schedule.succeeded());
  }

  private plan(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.schedule.enabled || this.stoppedByAuth || !vscode.window.state.focused || !this.context.account.api) return;
    this.timer = setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    const api = this.context.account.api;
    const instanceUrl = this.context.account.instanceUrl;
    if (!api || this.running) return;
    this.running = true;
    this.cycles++;
    try {
      const { request, keep } = this.feedPlan;
      const page = await api.listEvents(MY_ACTIVITY.source, request, { page: 1, perPage: 20 });
      const items = keep ? page.items.filter(keep) : page.items;
      const count = countNewEvents(items, this.context.shownMarker());
      this.newest = newestMarker(items);
      this.setUnseen(count);
      this.markSeenIfVisible();
      this.plan(this.schedule.succeeded());
    } catch (error) {
      if (error instanceof GitLabError && error.kind === 'unauthorized') {
        this.stoppedByAuth = true;
        this.context.onUnauthorized(error, instanceUrl);
        return;
      }
      const wait = this.schedule.failed(error);
      this.context.log(`New activity check failed; next in ${Math.round(wait / 1000)} s: ${error instanceof Error ? error.message : String(error)}`);
      this.plan(wait);
    } finally {
      this.running = false;
    }
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
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.stop();
    for (const d of this.disposables) d.dispose();
  }
}

