import { GitLabError } from '../../gitlab/errors';

/** The waits of a merged feed: for the next answer of any of its requests, cut short by a signal. */

export const cancelled = (): GitLabError => new GitLabError('cancelled', 'The request was cancelled.');

/** `promise`, or a `cancelled` error as soon as one of `signals` aborts. */
export function raceAbort<T>(promise: Promise<T>, signals: ReadonlyArray<AbortSignal | undefined>): Promise<T> {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.some((signal) => signal.aborted)) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    for (const signal of present) signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => { for (const signal of present) signal.removeEventListener('abort', onAbort); });
  });
}

/** Wakes every waiter at once: a request answered, failed, or the feed stopped. */
export class Wakeup {
  private waiters: Array<() => void> = [];

  next(): Promise<void> {
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  fire(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
