import assert from 'node:assert/strict';
import { Log, type LogChannel } from '../../../src/ui/log';

/** A log channel that keeps what it was given. */
function recordingChannel(): LogChannel & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message: string) => lines.push(`info ${message}`),
    warn: (message: string) => lines.push(`warn ${message}`),
    error: (message: string | Error) => lines.push(`error ${String(message)}`),
    show: () => undefined,
    dispose: () => undefined,
  };
}

describe('Log', () => {
  const TOKEN = 'glpat-log-secret';
  const ENV_TOKEN = 'glpat-from-environment';

  it('masks the session token and the environment token in every kind of line', () => {
    const channel = recordingChannel();
    const log = new Log(channel, () => [TOKEN, undefined, ENV_TOKEN]);
    log.info(`signed in with ${TOKEN}`);
    log.warn(`retrying with ${ENV_TOKEN}`);
    log.error('request failed', new Error(`header PRIVATE-TOKEN: ${TOKEN}`));
    log.error('odd failure', `${ENV_TOKEN} as a string`);
    log.request({ method: 'GET', url: `https://gitlab.example/api/v4/events?x=${TOKEN}`, status: 500, durationMs: 3, attempt: 2, outcome: 'retry' });
    log.warn(`a body that echoed {"token":"\\u${TOKEN.charCodeAt(0).toString(16).padStart(4, '0')}${TOKEN.slice(1)}"}`);
    log.info(`a URL that echoed ?t=%${ENV_TOKEN.charCodeAt(0).toString(16)}${ENV_TOKEN.slice(1)}`);
    assert.equal(channel.lines.length, 7);
    for (const line of channel.lines) {
      assert.ok(!line.includes(TOKEN) && !line.includes(ENV_TOKEN), line);
      assert.match(line, /•••/);
    }
    assert.equal(channel.lines[2], 'error request failed: header PRIVATE-TOKEN: •••');
  });

  it('reads the secrets for each line, so a token from a later sign-in is masked too', () => {
    const channel = recordingChannel();
    let current: string | undefined;
    const log = new Log(channel, () => [current]);
    log.info(`before ${TOKEN}`);
    current = TOKEN;
    log.info(`after ${TOKEN}`);
    assert.deepEqual(channel.lines, [`info before ${TOKEN}`, 'info after •••']);
  });
});
