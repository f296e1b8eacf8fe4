import { VscodeSession, type VscodeSessionOptions } from './session';

/**
 * Gives a mocha `describe` block one VscodeSession: started before its tests, closed after them, and on every failed
 * test a screenshot and the logs saved under artifacts/vscode/<test>/ (the path is printed).
 */
export function useVscodeSession(options: VscodeSessionOptions): () => VscodeSession {
  let session: VscodeSession | undefined;

  before(async function () {
    this.timeout(180_000);
    session = await VscodeSession.start(options);
  });

  afterEach(async function () {
    const test = this.currentTest;
    if (!session || !test || test.state !== 'failed') return;
    this.timeout(60_000);
    const dir = await session.captureFailure(test.fullTitle());
    console.log(`      artifacts of the failed test: ${dir}`);
  });

  after(async function () {
    this.timeout(60_000);
    await session?.close();
    session = undefined;
  });

  return () => {
    if (!session) throw new Error(`the VS Code session "${options.name}" is not running`);
    return session;
  };
}
