import * as vscode from 'vscode';
import { PollSchedule } from '../../app/activity/pollSchedule';
import { GitLabError } from '../../gitlab';

export interface FocusedPollerOptions {
  /** What the log calls one check, e.g. "New activity check". */
  name: string;
  intervalSeconds(): number;
  /** Whether there is something to check (signed in): no timer runs while not. */
  ready(): boolean;
  /** One check (one request per instance); rejects with the failure. */
  check(): Promise<void>;
  /** A check was refused with 401: polling stops until `restart` (as it does on a missing fine-grained permission). */
  onUnauthorized(error: GitLabError): void;
  log(message: string): void;
}

/**
 * The background checks' one loop: while the window has focus, runs a check at the configured interval; after a
 * failure waits longer (`PollSchedule`: doubling, or what a 429 asked for); stops while the window is unfocused,
 * while there is nothing to check, on 401 and on a refusal for want of a fine-grained permission; starts again, with the interval, when the window regains focus.
 * The new-activity check and the new to-do check each run one.
 */
export class FocusedPoller implements vscode.Disposable {
  private timer?: ReturnType<typeof setTimeout>;
  private schedule = new PollSchedule(0);
  private stoppedByAuth = false;
  private running = false;
  private readonly focus: vscode.Disposable;

  constructor(private readonly options: FocusedPollerOptions) {
    this.focus = vscode.window.onDidChangeWindowState(() => this.restart());
  }

  /** (Re)starts with the current settings; call after sign-in or setting changes. */
  restart(): void {
    this.stop();
    this.stoppedByAuth = false;
    this.schedule = new PollSchedule(this.options.intervalSeconds() * 1000);
    this.plan(this.schedule.succeeded());
  }

  private plan(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.schedule.enabled || this.stoppedByAuth || !vscode.window.state.focused || !this.options.ready()) return;
    this.timer = setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    if (!this.options.ready() || this.running) return;
    this.running = true;
    try {
      await this.options.check();
      this.plan(this.schedule.succeeded());
    } catch (error) {
      if (error instanceof GitLabError && error.kind === 'unauthorized') {
        this.stoppedByAuth = true;
        this.options.onUnauthorized(error);
        return;
      }
      // A fine-grained token without the permission will not gain it: no more checks until another sign-in (`restart`);
      // the view says why in its own calm line.
      if (error instanceof GitLabError && error.missingPermissions) {
        this.stoppedByAuth = true;
        this.options.log(`${this.options.name} stopped until the next sign-in: ${error.message}`);
        return;
      }
      const wait = this.schedule.failed(error);
      this.options.log(`${this.options.name} failed; next in ${Math.round(wait / 1000)} s: ${error instanceof Error ? error.message : String(error)}`);
      this.plan(wait);
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.stop();
    this.focus.dispose();
  }
}
