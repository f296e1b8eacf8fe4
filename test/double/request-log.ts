import type { LoggedRequest } from './types';

type Predicate = (r: LoggedRequest) => boolean;

interface Waiter {
  predicate: Predicate;
  /**
   * 'arrival' waiters also resolve on requests still being answered (their status is 0); 'preflight' waiters see only
   * CORS preflights, which the other two never see.
   */
  on: 'arrival' | 'completion' | 'preflight';
  resolve: (r: LoggedRequest) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The request log, requests in flight, and waiting for a request that has come or will come. CORS preflights are
 * logged apart (`preflights`): they are not requests of the client but the browser's, answered at once, and neither
 * count in flight nor show in `entries`.
 */
export class RequestLog {
  /** Completed requests, in order of completion (no preflights). */
  readonly entries: LoggedRequest[] = [];
  /** Answered CORS preflights (method OPTIONS, `preflight` set), in order. */
  readonly preflights: LoggedRequest[] = [];
  private readonly inFlight = new Set<LoggedRequest>();
  private waiters: Waiter[] = [];

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** The most requests in flight at once since the log was last cleared. */
  peakInFlight = 0;

  /** A request has arrived (status 0 until it completes). */
  arrive(entry: LoggedRequest): void {
    this.inFlight.add(entry);
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight.size);
    this.notify(entry, ['arrival']);
  }

  /** The response has been sent: the entry joins the log. */
  complete(entry: LoggedRequest): void {
    if (entry.preflight) {
      this.preflights.push(entry);
      this.notify(entry, ['preflight']);
      return;
    }
    this.inFlight.delete(entry);
    this.entries.push(entry);
    this.notify(entry, ['completion']);
  }

  clear(): void {
    this.entries.length = 0;
    this.preflights.length = 0;
    this.peakInFlight = this.inFlight.size;
  }

  waitFor(predicate: Predicate, timeoutMs = 5000, on: Waiter['on'] = 'completion'): Promise<LoggedRequest> {
    const existing = on === 'preflight'
      ? this.preflights.find(predicate)
      : this.entries.find(predicate) ?? (on === 'arrival' ? [...this.inFlight].find(predicate) : undefined);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate, on, resolve, reject,
        timer: setTimeout(() => {
          this.remove(waiter);
          const seen = (on === 'preflight' ? this.preflights : this.entries).slice(-10).map(describeRequest).join('; ');
          reject(new Error(`No matching request within ${timeoutMs} ms. Last requests: ${seen || 'none'}`));
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** Rejects pending waits (the server is closing). */
  dispose(): void {
    for (const waiter of [...this.waiters]) {
      this.remove(waiter);
      waiter.reject(new Error('The GitLab double was closed.'));
    }
  }

  private notify(entry: LoggedRequest, kinds: Array<Waiter['on']>): void {
    for (const waiter of [...this.waiters]) {
      if (!kinds.includes(waiter.on) || !waiter.predicate(entry)) continue;
      this.remove(waiter);
      waiter.resolve(entry);
    }
  }

  private remove(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.waiters = this.waiters.filter((w) => w !== waiter);
  }
}

/** A request as a failed wait lists it: what was asked (query included), when, and the status sent. */
function describeRequest(r: LoggedRequest): string {
  const query = new URLSearchParams(r.query).toString();
  const asked = r.preflight ? ` (for ${r.preflight.method})` : '';
  return `${r.method} ${r.rawPath}${query ? `?${query}` : ''}${asked} at ${r.at} → ${r.status}`;
}
