import { GitLabError } from '../../gitlab/errors';
import type { GitLabEvent } from '../../gitlab/types';

/**
 * When to poll next: the configured interval after a success; after failures, doubling up to 16 times it
 * (or what a 429 asked for, when longer). Never faster than the interval.
 */
export class PollSchedule {
  private failures = 0;

  constructor(private readonly intervalMs: number) {}

  get enabled(): boolean {
    return this.intervalMs > 0;
  }

  succeeded(): number {
    this.failures = 0;
    return this.intervalMs;
  }

  failed(error: unknown): number {
    this.failures = Math.min(this.failures + 1, 4);
    const backoff = this.intervalMs * 2 ** this.failures;
    const asked = error instanceof GitLabError && error.kind === 'rateLimited' ? error.retryAfterMs ?? 0 : 0;
    return Math.max(backoff, asked);
  }
}

/** The newest event known of a listing: its id, and its time for servers that send no ids. */
export interface EventMarker {
  id?: number;
  createdAt?: string;
}

/**
 * Whether an event is newer than the marker (by id, falling back to time for servers without ids). An event with
 * neither an id nor a time (the spec allows both) cannot be told new: it is not.
 */
export function isNewerThan(event: GitLabEvent, known: EventMarker): boolean {
  return known.id !== undefined && event.id !== undefined
    ? event.id > known.id
    : known.createdAt !== undefined && typeof event.created_at === 'string' && event.created_at > known.createdAt;
}

/** Events newer than the newest one already known. */
export function countNewEvents(latest: readonly GitLabEvent[], known: EventMarker | undefined): number {
  if (!known) return 0;
  let count = 0;
  for (const event of latest) if (isNewerThan(event, known)) count++;
  return count;
}

/** The marker `countNewEvents` compares with: the newest of a newest-first listing. */
export function newestMarker(events: readonly GitLabEvent[]): EventMarker | undefined {
  let best: GitLabEvent | undefined;
  for (const event of events) {
    if (!best || (event.id !== undefined && best.id !== undefined ? event.id > best.id : (event.created_at ?? '') > (best.created_at ?? ''))) {
      best = event;
    }
  }
  return best ? { id: best.id, createdAt: best.created_at ?? undefined } : undefined;
}
