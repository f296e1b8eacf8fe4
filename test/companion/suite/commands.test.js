// Every command the manifest declares must be registered once the extension has activated.
const assert = require('assert');
const vscode = require('vscode');

const EXTENSION_ID = 'gitlab-activity.gitlab-activity';

describe('GitLab Activity commands', function () {
  it('registers every command declared in contributes.commands once activated', async function () {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed`);
    await extension.activate();
    assert.strictEqual(extension.isActive, true, 'the extension did not activate');

    const declared = extension.packageJSON.contributes.commands.map((entry) => entry.command);
    assert.ok(declared.length > 0, 'the manifest declares no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((command) => !registered.has(command));
    assert.ok(missing.length === 0, `${missing.length} of ${declared.length} declared commands are not registered: ${missing.join(', ')}`);
  });
});
