import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ConnectRecord {
  /** The request target of the CONNECT line, `host:port`. */
  target: string;
  headers: IncomingHttpHeaders;
}

/**
 * A forward proxy that only tunnels (HTTP CONNECT) to loopback targets and records what it is shown: the CONNECT
 * requests, any plain proxied request, and every byte the client sent into a tunnel.
 */
export class ConnectProxy {
  readonly connects: ConnectRecord[] = [];
  /** Non-CONNECT requests (`GET http://…`), which would expose headers to the proxy; answered 405. */
  readonly plainRequests: ConnectRecord[] = [];
  private readonly tunnelled: Buffer[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(readonly url: string, private readonly server: Server) {}

  static async start(): Promise<ConnectProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const proxy = new ConnectProxy(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, server);
    server.on('connection', (socket: Socket) => proxy.track(socket));
    server.on('connect', (req, client: Socket, head: Buffer) => proxy.tunnel(req.url ?? '', req.headers, client, head));
    server.on('request', (req, res) => {
      proxy.plainRequests.push({ target: req.url ?? '', headers: req.headers });
      res.writeHead(405).end();
    });
    return proxy;
  }

  /** Everything clients wrote into tunnels, after the CONNECT exchange. */
  get tunnelledBytes(): Buffer {
    return Buffer.concat(this.tunnelled);
  }

  async close(): Promise<void> {
    const closing = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closing;
  }

  private tunnel(target: string, headers: IncomingHttpHeaders, client: Socket, head: Buffer): void {
    this.connects.push({ target, headers });
    const match = /^(127\.0\.0\.1|localhost):(\d+)$/.exec(target);
    if (!match) {
      // Loopback only: these tests must never reach out of the machine.
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(match[2]), '127.0.0.1', () => {
      // Recording and piping start together, so no byte is seen by one and not the other.
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
