import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A throw-away private CA and a server certificate it signed, for 127.0.0.1 and localhost. PEM text. */
export interface TestPki {
  caCert: string;
  serverKey: string;
  serverCert: string;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

const SERVER_EXTENSIONS = [
  'subjectAltName=IP:127.0.0.1,DNS:localhost',
  'basicConstraints=critical,CA:FALSE',
  'keyUsage=critical,digitalSignature',
  'extendedKeyUsage=serverAuth',
].join('\n');

/**
 * Generated with the `openssl` command at test time so no private key is kept in the repository and nothing expires.
 * Fails loudly when `openssl` is missing rather than silently skipping the TLS tests.
 */
export async function createTestPki(): Promise<TestPki> {
  const dir = await mkdtemp(join(tmpdir(), 'gitlab-activity-pki-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir }).catch((error: unknown) => {
    throw new Error(`openssl ${args[0]} failed (is the openssl command installed?): ${String(error)}`);
  });
  try {
    await openssl('req', '-x509', ...EC_KEY, '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '2',
      '-subj', '/CN=gitlab-activity test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
    await openssl('req', '-new', ...EC_KEY, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1');
    await writeFile(at('server.ext'), SERVER_EXTENSIONS);
    await openssl('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-set_serial', '2',
      '-days', '2', '-extfile', at('server.ext'), '-out', at('server.pem'));
    const [caCert, serverKey, serverCert] = await Promise.all(
      ['ca.pem', 'server.key', 'server.pem'].map((name) => readFile(at(name), 'utf8')));
    return { caCert, serverKey, serverCert };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
