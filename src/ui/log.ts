import type * as vscode from 'vscode';
import { redact, type RequestLogEntry } from '../gitlab';

/** What the log writes to: a log output channel (`window.createOutputChannel(name, { log: true })`). */
export type LogChannel = Pick<vscode.LogOutputChannel, 'info' | 'warn' | 'error' | 'show' | 'dispose'>;

/** The "GitLab Activity" output channel. Every line passes through `redact`, so a token can never be logged. */
export class Log implements vscode.Disposable {
  constructor(private readonly channel: LogChannel, private readonly secrets: () => Iterable<string | undefined>) {}

  request(entry: RequestLogEntry): void {
    const status = entry.status === undefined ? '---' : String(entry.status);
    const line = `${entry.method} ${entry.url} ${status} ${entry.durationMs} ms${entry.attempt > 1 ? ` (attempt ${entry.attempt})` : ''}${entry.outcome === 'done' ? '' : ` ${entry.outcome}`}`;
    if (entry.outcome === 'done') this.channel.info(this.clean(line));
    else this.channel.warn(this.clean(line));
  }

  info(message: string): void {
    this.channel.info(this.clean(message));
  }

  warn(message: string): void {
    this.channel.warn(this.clean(message));
  }

  error(message: string, error?: unknown): void {
    const detail = error instanceof Error ? `: ${error.message}` : error === undefined ? '' : `: ${String(error)}`;
    this.channel.error(this.clean(message + detail));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }

  private clean(text: string): string {
    return redact(text, this.secrets());
  }
}
