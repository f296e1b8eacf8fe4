// A loopback control channel for the UI suites: a suite sharing a workbench with others sets its settings and runs
// commands in the running window through it, instead of restarting code-server. Started only when the environment
// names the file to announce its port in (GITLAB_ACTIVITY_COMPANION_CONTROL_FILE).
const fs = require('fs');
const http = require('http');
const vscode = require('vscode');

const SECTION = 'gitlabActivity';
const MAX_BODY = 1_000_000;

function readBody(request) {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
      if (body.length > MAX_BODY) reject(new Error('body too large'));
    });
    request.on('end', () => resolve(body ? JSON.parse(body) : {}));
    request.on('error', reject);
  });
}

/**
 * Makes the user's gitlabActivity.* settings exactly `settings` (keys without the section): every other key of the
 * section that has a user value loses it. Returns the keys that changed.
 */
async function setUserSettings(settings) {
  const config = vscode.workspace.getConfiguration(SECTION);
  const extension = vscode.extensions.all.find((candidate) => candidate.id === 'gitlab-activity.gitlab-activity');
  const declared = Object.keys(extension?.packageJSON?.contributes?.configuration?.properties ?? {})
    .filter((key) => key.startsWith(`${SECTION}.`))
    .map((key) => key.slice(SECTION.length + 1));
  const changed = [];
  for (const key of new Set([...declared, ...Object.keys(settings)])) {
    const want = Object.prototype.hasOwnProperty.call(settings, key) ? settings[key] : undefined;
    const have = config.inspect(key)?.globalValue;
    if (JSON.stringify(have) === JSON.stringify(want)) continue;
    await config.update(key, want, vscode.ConfigurationTarget.Global);
    changed.push(key);
  }
  return changed;
}

async function handle(request) {
  const body = await readBody(request);
  if (request.method === 'PUT' && request.url === '/settings') return { changed: await setUserSettings(body) };
  if (request.method === 'POST' && request.url === '/command') {
    // JSON has no URIs: `{ "$file": "/path" }` stands for a file of this host (a remote window's server).
    const args = (body.args ?? []).map((arg) => (arg && typeof arg.$file === 'string' ? vscode.Uri.file(arg.$file) : arg));
    const result = await vscode.commands.executeCommand(String(body.command), ...args);
    return { result: result === undefined ? null : String(result) };
  }
  throw Object.assign(new Error(`no control endpoint ${request.method} ${request.url}`), { status: 404 });
}

function startControl(file) {
  const server = http.createServer((request, response) => {
    handle(request).then(
      (answer) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      },
      (error) => {
        response.writeHead(error.status ?? 500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      },
    );
  });
  server.listen(0, '127.0.0.1', () => {
    // Written once listening, with the time: after a reload the harness waits for the new window's line.
    fs.writeFileSync(file, JSON.stringify({ port: server.address().port, at: Date.now(), pid: process.pid }));
  });
  return { dispose: () => server.close() };
}

module.exports = { startControl };
