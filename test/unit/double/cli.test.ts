import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
/**
 * `npm run gitlab-double -- …` runs test/double/cli.ts with tsx. Here node loads tsx itself, with no tsx process in
 * between: tsx's command line relays a signal to its child and, when the child's word that it handled it takes over 30 ms
 * (a busy machine), exits 143 itself.
 */
const double = (...args: string[]) => spawn(process.execPath, ['--import', 'tsx', 'test/double/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
describe('GitLab double: command line', () => {
  it('prints its address, serves, and stops on SIGTERM', async function () {
    this.timeout(20_000);
    const child = double('--port', '0', '--edition', 'ce', '--token', 'cli-token', '--events', '30', '--seed', '3', '--hostile');
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('\n')) resolve(output.split('\n')[0]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const match = /^GitLab double listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
      assert.ok(match, line);
      const response = await fetch(`${match[1]}/api/v4/notification_settings?level=custom`, {
        method: 'PUT', headers: { 'PRIVATE-TOKEN': 'cli-token' },
      });
      assert.equal(response.status, 200);
      assert.equal(Object.keys((await response.json() as any).events).length, 19);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      assert.equal(code, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('--spec-only serves the plain interface: no /user, no paging headers, spec-shaped events', async function () {
    this.timeout(20_000);
    const child = double('--port', '0', '--spec-only', '--events', '60');
    try {
      child.stdout.setEncoding('utf8');
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          const match = /listening on (\S+)\n/.exec(output);
          if (match) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const headers = { 'PRIVATE-TOKEN': 'glpat-test-token' };
      assert.equal((await fetch(`${url}/api/v4/user`, { headers })).status, 404);
      const events = await fetch(`${url}/api/v4/events?per_page=5`, { headers });
      assert.equal(events.status, 200);
      assert.equal(events.headers.get('x-next-page'), null);
      const body = await events.json() as any[];
      assert.ok(body.length > 0 && body.every((event) => !('id' in event) && event.title === null));
      child.kill('SIGTERM');
      await once(child, 'exit');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('--graphql 17.4 --todos N serves an older GitLab\'s schema and more to-dos', async function () {
    this.timeout(20_000);
    const child = double('--port', '0', '--graphql', '17.4', '--todos', '120');
    try {
      child.stdout.setEncoding('utf8');
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          const match = /listening on (\S+)\n/.exec(output);
          if (match) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const headers = { 'PRIVATE-TOKEN': 'glpat-test-token', 'content-type': 'application/json' };
      const todos = await fetch(`${url}/api/v4/todos?per_page=1`, { headers });
      assert.ok(Number(todos.headers.get('x-total')) > 120);
      const reply = await fetch(`${url}/api/graphql`, {
        method: 'POST', headers, body: JSON.stringify({ query: '{currentUser{todos(isSnoozed:true){count}}}' }),
      });
      assert.match(((await reply.json()) as any).errors[0].message, /doesn't accept argument 'isSnoozed'/);
      child.kill('SIGTERM');
      await once(child, 'exit');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses unknown options with exit code 2', async function () {
    this.timeout(20_000);
    const child = double('--colour', 'blue');
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    const [code] = await once(child, 'exit');
    assert.equal(code, 2);
    assert.match(stderr, /Unknown option --colour/);
  });
});
