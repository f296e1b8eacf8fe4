import type * as vscode from 'vscode';
import type { NewActivity } from '../../app/activity/newActivity';
import type { GitLabError } from '../../gitlab';
import { FocusedPoller } from '../polling/focusedPoller';

export interface PollerContext {
  /** The checks, and what the person is shown of them (see `NewActivity`). */
  newActivity: Pick<NewActivity, 'check' | 'show' | 'pending'>;
  /**
   * The dashboard feeds' check, in the same cycle (the fewest requests GitLab allows each: `DashboardFeeds.poll`): what
   * is new joins their tops at once. It never rejects: a feed's failure is its own.
   */
  pollFeeds?(): Promise<void>;
  /** Whether a client can check now (signed in). */
  ready(): boolean;
  /** The active instance's URL: a 401 names it. */
  instanceUrl(): string;
  intervalSeconds(): number;
  /** `instanceUrl`: the instance of the client that was refused. */
  onUnauthorized(error: GitLabError, instanceUrl: string): void;
  log(message: string): void;
}

/**
 * New activity: while the window has focus, checks My Activity (and the dashboard feeds read so far) at the configured interval (`NewActivity` counts the
 * events newer than those shown, part of the view's badge); while the view is in sight, or once it comes into sight,
 * they join My Activity, marked unread. The schedule, focus rules and backoff are the `FocusedPoller`'s.
 */
export class NewActivityPoller implements vscode.Disposable {
  private readonly loop: FocusedPoller;
  private readonly disposables: vscode.Disposable[] = [];
  /** The instance of the client the running check uses: a 401 names it. */
  private checking = '';

  constructor(private readonly view: Pick<vscode.TreeView<unknown>, 'visible' | 'onDidChangeVisibility'>, private readonly context: PollerContext) {
    this.loop = new FocusedPoller({
      name: 'New activity check',
      intervalSeconds: () => context.intervalSeconds(),
      ready: () => context.ready(),
      check: () => this.check(),
      onUnauthorized: (error) => context.onUnauthorized(error, this.checking),
      log: (message) => context.log(message),
    });
    this.disposables.push(this.loop, view.onDidChangeVisibility(() => this.showIfVisible()));
  }

  /** (Re)starts with the current settings; call after sign-in, a filter change or setting changes. */
  restart(): void {
    this.loop.restart();
  }

  private async check(): Promise<void> {
    this.checking = this.context.instanceUrl();
    await Promise.all([this.context.newActivity.check(), this.context.pollFeeds?.()]);
    this.showIfVisible();
  }

  private showIfVisible(): void {
    if (this.view.visible) this.context.newActivity.show();
  }

  stop(): void {
    this.loop.stop();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
