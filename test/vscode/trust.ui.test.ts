import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GitLabDouble } from '../double';
import {
  escapeRegExp, extensionRequests, isEventsRequest, RecordingProxy, useVscodeSession, waitFor,
  signInThroughFlow, waitForExtensionRequest, waitForFeedFromDouble,
} from './harness';
import { VIEW_CONTAINER } from './harness/workbench';

const TOKEN = 'glpat-test-token';
const WELCOME = 'Sign in to GitLab to see your activity';
const WORKSPACE_NAMED = /This workspace's settings name this GitLab instance/;
/** A page size no other setting uses: seeing it in a request shows the workspace's settings file is in force. */
const WORKSPACE_PAGE_SIZE = 3;

/** A recording proxy for the enclosing suite, started before its session and closed after it. */
function useRecordingProxy(): { readonly current: RecordingProxy } {
  const holder = {} as { current: RecordingProxy };
  before(async () => {
    holder.current = await RecordingProxy.start();
  });
  after(async () => {
    await holder.current?.close();
  });
  return holder;
}

describe('a repository\'s settings cannot send the token through a proxy', function () {
  this.timeout(120_000);
  // Registered before the session's own hook, so the proxy's URL is known when the workspace is written.
  const proxy = useRecordingProxy();
  const session = useVscodeSession({
    name: 'trust-proxy',
    files: () => ({
      '.vscode/settings.json': JSON.stringify({
        'gitlabActivity.proxy': proxy.current.url,
        'http.proxy': proxy.current.url,
        'gitlabActivity.ignoreCertificateErrors': true,
        'gitlabActivity.caFile': '/nonexistent/repository-ca.pem',
        'gitlabActivity.pageSize': WORKSPACE_PAGE_SIZE,
      }, null, 2),
    }),
  });

  it('signs in and loads the tree straight from the instance; the workspace\'s proxy receives nothing', async function () {
    const s = session();
    const double = s.double!;
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    const prompt = await signInThroughFlow(s, TOKEN);
    assert.doesNotMatch(prompt, WORKSPACE_NAMED, 'the instance comes from the user settings, yet the prompt blames the workspace');
    await s.workbench.waitForNotification(/Signed in to .* as alex\./);
    await waitForFeedFromDouble(s, { parent: 'My Activity', apiPath: '/events', perPage: WORKSPACE_PAGE_SIZE });

    // The workspace's settings file is in force (its page size is used)…
    const events = extensionRequests(double, (r) => isEventsRequest(r) && r.status === 200);
    assert.ok(events.some((r) => r.query.per_page === String(WORKSPACE_PAGE_SIZE)), 'the workspace\'s settings.json was not read');
    // …and the requests reached the instance directly, with the token; the proxy saw not even a connection.
    assert.ok(extensionRequests(double, (r) => r.path === '/api/v4/user' && r.auth === 'private-token' && r.status === 200).length >= 1);
    assert.deepEqual(proxy.current.summary(), [], 'the repository\'s proxy received requests');
    assert.equal(proxy.current.connections, 0, 'the repository\'s proxy was connected to');
    assert.doesNotMatch(s.extensionLog(), /repository-ca\.pem/, 'the repository\'s CA file was read');
    await s.workbench.screenshot('trust-workspace-proxy-ignored');
  });
});

describe('the same proxy in the user\'s own settings does carry the requests (control)', function () {
  this.timeout(120_000);
  const proxy = useRecordingProxy();
  // code-server's workbench is a remote window: settings of machine scope apply from the remote machine's settings.
  const session = useVscodeSession({
    name: 'trust-proxy-control',
    env: { GITLAB_ACTIVITY_TOKEN: TOKEN },
    machineSettings: () => ({ 'gitlabActivity.proxy': proxy.current.url }),
  });

  it('sends the requests, token included, through the proxy the user set', async function () {
    const s = session();
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    await waitForExtensionRequest(s.double!, (r) => isEventsRequest(r) && r.status === 200);
    const target = new URL(s.double!.url).host;
    const proxied = proxy.current.requests.filter((r) => r.method === 'CONNECT' ? r.target === target : r.target.startsWith(`${s.double!.url}/api/v4/`));
    assert.ok(proxied.length > 0, `the proxy saw no request for ${target}: ${JSON.stringify(proxy.current.summary())}`);
    // Plain HTTP through a proxy, tunnelled or not, shows it the headers: what a repository's proxy would have read.
    const sawToken = proxied.some((r) => r.headers['private-token'] === TOKEN) || new RegExp(`^private-token: ${TOKEN}\\r$`, 'im').test(proxy.current.tunnelledText);
    assert.ok(sawToken, 'the proxy did not see the token');
    assert.ok(extensionRequests(s.double!, (r) => isEventsRequest(r) && r.status === 200).length > 0);
  });
});

describe('a workspace naming another instance never receives the first instance\'s token', function () {
  this.timeout(120_000);
  const OTHER_TOKEN = 'glpat-other-instance';
  let other: GitLabDouble;
  before(async () => {
    other = await GitLabDouble.start({ tokens: [{ token: OTHER_TOKEN, scopes: ['api'], userId: 1 }] });
  });
  after(async () => {
    await other?.close();
  });
  // The environment token is bound to the session's double (the harness names it beside the token).
  const session = useVscodeSession({
    name: 'trust-instance',
    env: { GITLAB_ACTIVITY_TOKEN: TOKEN },
    files: () => ({ '.vscode/settings.json': JSON.stringify({ 'gitlabActivity.instanceUrl': other.url }, null, 2) }),
  });

  it('leaves the environment token unused for the workspace\'s instance, and says why in the log', async function () {
    const s = session();
    await s.workbench.openViewContainer(VIEW_CONTAINER);
    await waitFor('the log to say the environment token is not used', async () =>
      /GITLAB_ACTIVITY_TOKEN belongs to the instance in GITLAB_ACTIVITY_INSTANCE_URL, not to http:\/\/127\.0\.0\.1/.test(s.extensionLog()));
    await waitFor('the welcome content of the signed-out view', async () => (await s.workbench.welcomeText()).includes(WELCOME));
    assert.deepEqual(extensionRequests(other).map((r) => `${r.method} ${r.path}`), [], 'the workspace\'s instance was asked');
    assert.doesNotMatch(s.extensionLog(), new RegExp(TOKEN), 'the log holds the token');
  });

  it('signing in to the first instance signs that one in, and keeps its new token from the workspace\'s instance', async function () {
    const s = session();
    const double = s.double!;
    const since = Date.now();
    const prompt = await signInThroughFlow(s, TOKEN, double.url);
    assert.doesNotMatch(prompt, WORKSPACE_NAMED);
    await waitForExtensionRequest(double, (r) => r.at >= since && r.path === '/api/v4/user' && r.status === 200);
    await s.workbench.waitForNotification(/This workspace's settings name another GitLab instance, 127\.0\.0\.1:\d+, which is not signed in; the token is kept for/);
    // Before, the new token went to whatever instance the workspace named, right after sign-in (checked below, once
    // the first instance's tree has asked for its events).
    const userSettings = readFileSync(path.join(s.userDataDir, 'User', 'settings.json'), 'utf8');
    assert.ok(userSettings.includes(double.url), 'the user\'s instance setting changed');
    // The first instance is signed in (its own tree); the workspace's instance, without a token of its own, is not.
    await waitForExtensionRequest(double, (r) => r.at >= since && isEventsRequest(r) && r.status === 200 && r.auth === 'private-token');
    await s.workbench.waitForTreeRow(/^My Activity/);
    assert.deepEqual(extensionRequests(other).map((r) => `${r.method} ${r.path}`), [], 'the workspace\'s instance was asked');
  });

  it('signing in to the workspace\'s instance says the workspace named it, and uses that instance\'s own token', async function () {
    const s = session();
    const prompt = await signInThroughFlow(s, OTHER_TOKEN);
    const host = escapeRegExp(new URL(other.url).host);
    assert.match(prompt, new RegExp(`This workspace's settings name this GitLab instance: ${host}\\. Sign in only if you trust it\\.`));
    // The previous test's toast, still on screen, says "Signed in to" the first instance: name this one.
    await s.workbench.waitForNotification(new RegExp(`Signed in to ${host} as alex\\.`));
    await waitForExtensionRequest(other, (r) => isEventsRequest(r) && r.status === 200);
    await s.workbench.waitForTreeRow(/^My Activity/);
    // The other instance knows only its own token: the first instance's would have been answered 401.
    const sent = extensionRequests(other);
    assert.ok(sent.length > 0);
    assert.deepEqual(sent.filter((r) => r.auth !== 'private-token' || r.status === 401).map((r) => `${r.method} ${r.path} ${r.status}`), []);
    await s.workbench.screenshot('trust-workspace-instance-signed-in');
  });
});
