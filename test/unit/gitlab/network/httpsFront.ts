import { Agent, request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface HttpsFrontOptions {
  key: string;
  cert: string;
  /** The plain-HTTP server every request is forwarded to, e.g. a GitLabDouble's `url`. */
  target: string;
}

/** TLS termination on 127.0.0.1 in front of a plain-HTTP server, as a reverse proxy in front of GitLab would be. */
export class HttpsFront {
  /** Completed TLS handshakes; a request that fails certificate checks never gets here. */
  secureConnections = 0;

  private constructor(readonly url: string, private readonly server: Server, private readonly upstream: Agent) {}

  static async start(options: HttpsFrontOptions): Promise<HttpsFront> {
    const target = new URL(options.target);
    const upstream = new Agent({ keepAlive: true });
    const server = createServer({ key: options.key, cert: options.cert });
    server.on('request', (req, res) => {
      const forwarded = httpRequest({
        host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: upstream,
      }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forwarded.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forwarded);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const front = new HttpsFront(`https://127.0.0.1:${(server.address() as AddressInfo).port}`, server, upstream);
    server.on('secureConnection', () => { front.secureConnections++; });
    // A rejected handshake is an expected outcome in these tests, not a server fault.
    server.on('tlsClientError', () => undefined);
    return front;
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  async close(): Promise<void> {
    const closing = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    this.upstream.destroy();
    await closing;
  }
}
