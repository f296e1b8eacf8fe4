/**
 * Entry of the bundled `vscode` stub: the module's members, wrapped so that a top-level member the stub lacks
 * (`vscode.SomethingNew`) is a recording no-op too.
 */
const api = require('./vscodeStub') as typeof import('./vscodeStub');

module.exports = api.withFallback('vscode', { ...api });
