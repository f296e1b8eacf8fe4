import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One test as the companion extension reports it from inside the extension host. */
export interface InHostTest {
  title: string;
  fullTitle: string;
  file?: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: { message: string; stack?: string; actual?: unknown; expected?: unknown };
}

export interface InHostReport {
  /** Set when the suites could not run at all (mocha missing, a suite file that does not load). */
  error?: string;
  durationMs?: number;
  tests: InHostTest[];
}

/** A loopback HTTP endpoint the companion extension posts its in-host result to. */
export class InHostReportReceiver {
  private readonly reports: InHostReport[] = [];
  private readonly waiters: Array<(report: InHostReport) => void> = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<InHostReportReceiver> {
    let receiver: InHostReportReceiver | undefined;
    const server = createServer((request, response) => {
      if (request.method !== 'POST' || request.url !== '/report') {
        response.writeHead(404).end();
        return;
      }
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        try {
          receiver?.accept(JSON.parse(body) as InHostReport);
          response.writeHead(204).end();
        } catch {
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    receiver = new InHostReportReceiver(server, `http://127.0.0.1:${port}/report`);
    return receiver;
  }

  /** Environment for code-server that makes the companion run its suites and report here. */
  companionEnv(mochaDir: string, grep?: string): Record<string, string> {
    return {
      GITLAB_ACTIVITY_COMPANION_REPORT_URL: this.url,
      GITLAB_ACTIVITY_COMPANION_MOCHA: mochaDir,
      ...(grep ? { GITLAB_ACTIVITY_COMPANION_GREP: grep } : {}),
    };
  }

  waitForReport(timeoutMs: number): Promise<InHostReport> {
    const ready = this.reports.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(deliver), 1);
        reject(new Error(`the companion extension reported no in-host result within ${timeoutMs} ms`));
      }, timeoutMs);
      const deliver = (report: InHostReport) => {
        clearTimeout(timer);
        resolve(report);
      };
      this.waiters.push(deliver);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(report: InHostReport): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(report);
    else this.reports.push(report);
  }
}
