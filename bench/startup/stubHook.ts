import Module from 'node:module';

type StubModule = typeof import('./vscodeStub');

/**
 * Makes `require('vscode')` load the stub at `stubPath` (what the extension host does with its own API object).
 * Installed before anything is required, in every probe mode, so the empty-module baseline pays for it too.
 */
export function installVscodeStub(stubPath: string): void {
  const moduleWithResolver = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
  const original = moduleWithResolver._resolveFilename;
  moduleWithResolver._resolveFilename = function resolve(request: string, ...rest: unknown[]): string {
    return request === 'vscode' ? stubPath : original.call(this, request, ...rest);
  };
}

export function loadStub(): StubModule {
  return require('vscode') as StubModule;
}
