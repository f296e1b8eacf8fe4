import tls, { type ConnectionOptions } from 'node:tls';

/**
 * Records the options of every `tls.connect` made while installed: what the TLS layer is really given for a
 * handshake, whichever dispatcher path (direct or tunnelled) made it.
 */
export class TlsConnectSpy {
  readonly calls: ConnectionOptions[] = [];
  private original?: typeof tls.connect;

  install(): void {
    const original = tls.connect;
    this.original = original;
    const calls = this.calls;
    tls.connect = function (this: unknown, ...args: unknown[]) {
      const options = args.find((arg): arg is ConnectionOptions => typeof arg === 'object' && arg !== null);
      if (options) calls.push(options);
      return (original as (...a: unknown[]) => tls.TLSSocket).apply(this, args);
    } as typeof tls.connect;
  }

  uninstall(): void {
    if (this.original) tls.connect = this.original;
    this.original = undefined;
  }
}
