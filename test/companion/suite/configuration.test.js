// A settings change reaches workspace.getConfiguration at once, without reloading the window.
const assert = require('assert');
const vscode = require('vscode');

function nextConfigurationChange(section, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`no onDidChangeConfiguration for ${section} within ${timeoutMs} ms`));
    }, timeoutMs);
    const subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(section)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(event);
    });
  });
}

describe('Configuration', function () {
  let original;

  before(function () {
    original = vscode.workspace.getConfiguration('gitlabActivity').inspect('pageSize').globalValue;
  });

  after(async function () {
    await vscode.workspace.getConfiguration('gitlabActivity').update('pageSize', original, vscode.ConfigurationTarget.Global);
  });

  it('knows the gitlabActivity.pageSize setting and its default', function () {
    const inspected = vscode.workspace.getConfiguration('gitlabActivity').inspect('pageSize');
    assert.ok(inspected, 'gitlabActivity.pageSize is not a known setting');
    assert.strictEqual(inspected.defaultValue, 20);
  });

  it('sees a changed gitlabActivity.pageSize without a reload', async function () {
    const current = vscode.workspace.getConfiguration('gitlabActivity').get('pageSize');
    const next = current === 37 ? 38 : 37;

    const changed = nextConfigurationChange('gitlabActivity.pageSize', 10_000);
    await vscode.workspace.getConfiguration('gitlabActivity').update('pageSize', next, vscode.ConfigurationTarget.Global);
    const event = await changed;

    assert.ok(event.affectsConfiguration('gitlabActivity'));
    assert.ok(!event.affectsConfiguration('gitlabActivity.pollInterval'));
    assert.strictEqual(vscode.workspace.getConfiguration('gitlabActivity').get('pageSize'), next);
    assert.strictEqual(vscode.workspace.getConfiguration().get('gitlabActivity.pageSize'), next);
  });
});

describe('The harness\'s user settings', function () {
  it('reach the window: automatic port forwarding is off, so code-server\'s toast about forwarded ports never shows', function () {
    const inspected = vscode.workspace.getConfiguration('remote').inspect('autoForwardPorts');
    assert.strictEqual(inspected && inspected.globalValue, false);
    assert.strictEqual(vscode.workspace.getConfiguration().get('remote.autoForwardPorts'), false);
  });
});
