import assert from 'node:assert/strict';
import { rootCertificates } from 'node:tls';
import { GitLabDouble } from '../../double';
import { GitLabError, NO_FILTER } from '../../../src/gitlab';
import { MAX_CONNECTIONS_PER_ORIGIN, type NetworkOptions } from '../../../src/node/dispatcher';
import { readAllEvents, TOKEN } from './helpers';
import { createTestPki, type TestPki } from './network/certificates';
import { RecordingProxy } from '../../vscode/harness/recording-proxy';
import { HttpsFront } from './network/httpsFront';
import { networkClient, type NetworkClient } from './network/networkClient';
import { ProxyEnvironment } from './network/proxyEnvironment';
import { TlsConnectSpy } from './network/tlsConnectSpy';

const PER_PAGE = 5;

describe('GitLab client over TLS with a private CA and an HTTP proxy (loopback)', function () {
  let pki: TestPki;
  let double: GitLabDouble;
  let front: HttpsFront;
  let proxy: RecordingProxy;
  const environment = new ProxyEnvironment();
  const clients: NetworkClient[] = [];

  /** A client on the HTTPS front; closed after the test. */
  function clientWith(options: NetworkOptions): NetworkClient {
    const made = networkClient(front.url, options);
    clients.push(made);
    return made;
  }

  /** The user and every page of my events: a single request and a paged walk over the same connection setup. */
  async function readUserAndAllEvents(made: NetworkClient): Promise<void> {
    const user = await made.client.getCurrentUser();
    assert.equal(user.id, 1);
    const events = await readAllEvents(made.client, { kind: 'mine' }, NO_FILTER, PER_PAGE);
    const ids = events.map((e) => e.id);
    assert.ok(ids.length > 0, 'some events');
    assert.equal(new Set(ids).size, ids.length, 'no event twice');
    const pages = double.requests.filter((r) => r.path === '/api/v4/events').map((r) => Number(r.query.page));
    assert.deepEqual(pages, pages.map((_, i) => i + 1), 'every page asked for in order');
    assert.ok(pages.length >= 2, `expected several pages, got ${pages.length}`);
  }

  async function rejectsAsUntrusted(promise: Promise<unknown>): Promise<void> {
    const error = await promise.then(() => undefined, (caught: unknown) => caught);
    assert.ok(error instanceof GitLabError, `expected a GitLabError, got ${String(error)}`);
    assert.equal(error.kind, 'network', error.message);
    assert.match(error.message, /certificate/);
    assert.match(error.message, /gitlabActivity\.caFile/);
    assert.ok(!error.message.includes(TOKEN));
  }

  function assertNothingProxied(): void {
    assert.deepEqual(proxy.connects, [], 'the proxy saw a CONNECT');
    assert.deepEqual(proxy.plainRequests, [], 'the proxy saw a plain request');
  }

  function assertTunnelledOnlyTo(target: string): void {
    assert.ok(proxy.connects.length >= 1, 'the proxy saw no CONNECT');
    assert.deepEqual(proxy.connects.map((c) => c.target), proxy.connects.map(() => target));
    assert.deepEqual(proxy.plainRequests, []);
  }

  before(async () => {
    pki = await createTestPki();
    double = await GitLabDouble.start({ events: 50, seed: 3 });
    front = await HttpsFront.start({ key: pki.serverKey, cert: pki.serverCert, target: double.url });
  });
  after(async () => {
    await front?.close();
    await double?.close();
  });
  beforeEach(async () => {
    environment.isolate();
    double.clearLog();
    proxy = await RecordingProxy.start();
  });
  afterEach(async () => {
    environment.restore();
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await proxy.close();
  });

  describe('certificate trust', () => {
    it('without the CA, fails with a network error that points to gitlabActivity.caFile, before any request is sent', async () => {
      const handshakes = front.secureConnections;
      await rejectsAsUntrusted(clientWith({}).client.getCurrentUser());
      assert.equal(front.secureConnections, handshakes, 'no TLS session was established');
      assert.equal(double.requests.length, 0);
    });

    it('with extraCa, succeeds directly, and the TLS layer is given Node\'s root CAs plus the extra one', async () => {
      const spy = new TlsConnectSpy();
      spy.install();
      try {
        await readUserAndAllEvents(clientWith({ extraCa: pki.caCert }));
      } finally {
        spy.uninstall();
      }
      assertNothingProxied();
      assert.ok(spy.calls.length >= 1, 'no TLS connection was made');
      for (const options of spy.calls) {
        const ca = options.ca;
        assert.ok(Array.isArray(ca), 'ca is a list');
        const trusted = new Set(ca.map(String));
        assert.ok(trusted.has(pki.caCert), 'the extra CA is trusted');
        const dropped = rootCertificates.filter((root) => !trusted.has(root));
        assert.equal(dropped.length, 0, `${dropped.length} of Node's ${rootCertificates.length} root CAs were dropped`);
        assert.notEqual(options.rejectUnauthorized, false, 'verification stays on');
      }
    });

    it('accepts a CA bundle with several certificates, as a caFile often is', async () => {
      const bundle = `${rootCertificates[0]}\n${pki.caCert}`;
      const user = await clientWith({ extraCa: bundle }).client.getCurrentUser();
      assert.equal(user.id, 1);
    });

    it('a different private CA does not make the server trusted', async () => {
      const other = await createTestPki();
      await rejectsAsUntrusted(clientWith({ extraCa: other.caCert }).client.getCurrentUser());
    });

    it('with rejectUnauthorized false, accepts the unknown chain without the CA, directly and through the proxy', async () => {
      assert.equal((await clientWith({ rejectUnauthorized: false }).client.getCurrentUser()).id, 1);
      assertNothingProxied();
      assert.equal((await clientWith({ rejectUnauthorized: false, proxyUrl: proxy.url }).client.getCurrentUser()).id, 1);
      assertTunnelledOnlyTo(`127.0.0.1:${front.port}`);
    });
  });

  describe('proxy', () => {
    it('with proxyUrl and extraCa together, tunnels every request through one CONNECT to the instance', async () => {
      await readUserAndAllEvents(clientWith({ proxyUrl: proxy.url, extraCa: pki.caCert }));
      assertTunnelledOnlyTo(`127.0.0.1:${front.port}`);
      assert.equal(proxy.connects.length, 1, 'the tunnel is kept alive across pages');
    });

    it('verifies the certificate inside the tunnel too: through the proxy without the CA it fails the same way', async () => {
      await rejectsAsUntrusted(clientWith({ proxyUrl: proxy.url }).client.getCurrentUser());
      assert.ok(proxy.connects.length >= 1, 'the failure happened behind the proxy');
      assert.equal(double.requests.length, 0);
    });

    it('never shows the token to the proxy: only CONNECT lines without it, and encrypted bytes after', async () => {
      await readUserAndAllEvents(clientWith({ proxyUrl: proxy.url, extraCa: pki.caCert }));
      assert.ok(double.requests.every((r) => r.auth === 'private-token'), 'the token did reach GitLab');
      assertTunnelledOnlyTo(`127.0.0.1:${front.port}`);
      for (const { headers } of proxy.connects) {
        assert.equal(headers['private-token'], undefined);
        assert.ok(!JSON.stringify(headers).toLowerCase().includes('private-token'));
        assert.ok(!JSON.stringify(headers).includes(TOKEN));
      }
      const bytes = proxy.tunnelledBytes;
      assert.ok(bytes.length > 1000, 'requests did go through the tunnel');
      assert.ok(!bytes.includes(TOKEN), 'the token crossed the proxy in clear');
      assert.ok(!bytes.toString('latin1').toLowerCase().includes('private-token'), 'request headers crossed the proxy in clear');
      assert.ok(!bytes.includes('/api/v4/'), 'request paths crossed the proxy in clear');
    });

    for (const noProxy of ['127.0.0.1', 'gitlab.example.com, .corp.example,127.0.0.1:{port}', 'localhost 127.0.0.1', '*']) {
      it(`goes direct when noProxy is "${noProxy}"`, async () => {
        const list = noProxy.replace('{port}', String(front.port));
        await readUserAndAllEvents(clientWith({ proxyUrl: proxy.url, noProxy: list, extraCa: pki.caCert }));
        assertNothingProxied();
      });
    }

    it('still uses the proxy when noProxy names the host on another port or other hosts only', async () => {
      const list = `127.0.0.1:${front.port === 1 ? 2 : 1}, localhost, 127.0.0.10, .example.com`;
      assert.equal((await clientWith({ proxyUrl: proxy.url, noProxy: list, extraCa: pki.caCert }).client.getCurrentUser()).id, 1);
      assertTunnelledOnlyTo(`127.0.0.1:${front.port}`);
    });

    it('goes direct when NO_PROXY in the environment covers the host and no noProxy is given', async () => {
      environment.set('NO_PROXY', `gitlab.example.com,127.0.0.1`);
      assert.equal((await clientWith({ proxyUrl: proxy.url, extraCa: pki.caCert }).client.getCurrentUser()).id, 1);
      assertNothingProxied();
    });

    it('uses HTTPS_PROXY from the environment when no proxyUrl is given', async () => {
      environment.set('HTTPS_PROXY', proxy.url);
      await readUserAndAllEvents(clientWith({ proxyUrl: '', extraCa: pki.caCert }));
      assertTunnelledOnlyTo(`127.0.0.1:${front.port}`);
    });

    it('prefers an explicit proxyUrl to HTTPS_PROXY', async () => {
      const other = await RecordingProxy.start();
      try {
        environment.set('HTTPS_PROXY', other.url);
        assert.equal((await clientWith({ proxyUrl: proxy.url, extraCa: pki.caCert }).client.getCurrentUser()).id, 1);
        assertTunnelledOnlyTo(`127.0.0.1:${front.port}`);
        assert.deepEqual(other.connects, []);
      } finally {
        await other.close();
      }
    });

    it(`opens at most ${MAX_CONNECTIONS_PER_ORIGIN} tunnels to the instance for many requests at once`, async () => {
      double.inject({ fault: { kind: 'latency', ms: 100 }, path: /^\/projects\/\d+$/, times: Infinity });
      try {
        const made = clientWith({ proxyUrl: proxy.url, extraCa: pki.caCert });
        const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => made.client.getProject(i + 1)));
        assert.equal(results.length, 30);
        assert.ok(results.every((r) => r.status === 'fulfilled' || (r.reason instanceof GitLabError && r.reason.kind === 'notFound')),
          'every request answered');
        assertTunnelledOnlyTo(`127.0.0.1:${front.port}`);
        assert.ok(proxy.connects.length <= MAX_CONNECTIONS_PER_ORIGIN, `${proxy.connects.length} tunnels`);
      } finally {
        double.clearFaults();
      }
    });

    it('reports an unreachable proxy as a network error', async () => {
      const gone = await RecordingProxy.start();
      const url = gone.url;
      await gone.close();
      const error = await clientWith({ proxyUrl: url, extraCa: pki.caCert }).client.getCurrentUser().then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof GitLabError, String(error));
      assert.equal(error.kind, 'network', error.message);
      assert.match(error.message, /refused/);
      assert.equal(double.requests.length, 0);
    });
  });
});

describe('GitLab client on the production dispatcher: connections per origin', () => {
  let double: GitLabDouble;
  before(async () => {
    double = await GitLabDouble.start({ events: 20, seed: 3 });
  });
  after(() => double.close());

  it(`sends many requests at once over at most ${MAX_CONNECTIONS_PER_ORIGIN} connections, the others waiting their turn`, async () => {
    const made = networkClient(double.url, {});
    double.inject({ fault: { kind: 'latency', ms: 100 }, path: /^\/projects\/\d+$/, times: Infinity });
    try {
      double.clearLog();
      const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => made.client.getProject(i + 1)));
      assert.ok(results.every((r) => r.status === 'fulfilled' || (r.reason instanceof GitLabError && r.reason.kind === 'notFound')),
        'every request answered');
      assert.equal(double.requests.filter((r) => r.path.startsWith('/api/v4/projects/')).length, 40);
      assert.ok(double.peakConnections <= MAX_CONNECTIONS_PER_ORIGIN, `${double.peakConnections} connections open at once`);
      assert.ok(double.peakInFlight <= MAX_CONNECTIONS_PER_ORIGIN, `${double.peakInFlight} requests in flight`);
      assert.ok(double.peakConnections > 1, 'requests never overlapped');
    } finally {
      double.clearFaults();
      await made.close();
    }
  });
});
