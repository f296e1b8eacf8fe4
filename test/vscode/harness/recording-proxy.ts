import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxiedRequest {
  /** `CONNECT` for a tunnel, else the method of an absolute-form request. */
  method: string;
  /** `host:port` of a CONNECT, the absolute URL of any other request. */
  target: string;
  headers: IncomingHttpHeaders;
}

const LOOPBACK = /^(?:127\.0\.0\.1|localhost):(\d+)$/;

/**
 * A forward proxy of the test's own, as a repository could name one: it records every connection made to it, every
 * CONNECT, every absolute-form request (with its headers) and every byte sent into a tunnel (to a plain-HTTP target
 * the PRIVATE-TOKEN header shows there), and passes them on to loopback only, so a test also sees a client work
 * through it.
 */
export class RecordingProxy {
  readonly requests: ProxiedRequest[] = [];
  /** TCP connections accepted, whatever came over them. */
  connections = 0;
  private readonly sockets = new Set<Socket>();
  private readonly tunnelled: Buffer[] = [];

  private constructor(readonly url: string, private readonly server: Server) {}

  static async start(): Promise<RecordingProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const proxy = new RecordingProxy(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, server);
    server.on('connection', (socket: Socket) => {
      proxy.connections++;
      proxy.track(socket);
    });
    server.on('connect', (req, client: Socket, head: Buffer) => proxy.tunnel(req.url ?? '', req.headers, client, head));
    server.on('request', (req, res) => {
      const target = req.url ?? '';
      proxy.requests.push({ method: req.method ?? '', target, headers: req.headers });
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (!LOOPBACK.test(url.host)) {
        res.writeHead(403).end();
        return;
      }
      const upstream = httpRequest(url, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    return proxy;
  }

  /** The CONNECT requests, in order. */
  get connects(): ProxiedRequest[] {
    return this.requests.filter((r) => r.method === 'CONNECT');
  }

  /** Absolute-form requests (`GET http://…`), which show their headers to the proxy. */
  get plainRequests(): ProxiedRequest[] {
    return this.requests.filter((r) => r.method !== 'CONNECT');
  }

  /** Every byte clients wrote into tunnels, after the CONNECT exchange. */
  get tunnelledBytes(): Buffer {
    return Buffer.concat(this.tunnelled);
  }

  /** The same bytes as text: to plain-HTTP targets, their requests and headers in clear. */
  get tunnelledText(): string {
    return this.tunnelledBytes.toString('latin1');
  }

  /** What the proxy was shown, one line per request: `CONNECT 127.0.0.1:3000`, `GET http://…`. */
  summary(): string[] {
    return this.requests.map((r) => `${r.method} ${r.target}`);
  }

  async close(): Promise<void> {
    const closing = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closing;
  }

  private tunnel(target: string, headers: IncomingHttpHeaders, client: Socket, head: Buffer): void {
    this.requests.push({ method: 'CONNECT', target, headers });
    const match = LOOPBACK.exec(target);
    if (!match) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(match[1]), '127.0.0.1', () => {
      this.tunnelled.push(head);
      client.on('data', (chunk: Buffer) => this.tunnelled.push(chunk));
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    });
    this.track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }
}
