import type { RunContext } from '../test/vscode/harness/run-context';

export declare class StageError extends Error {}

export declare function prepareVscodeRun(options?: {
  /** Test this package instead of packaging the working tree. */
  vsix?: string;
  grep?: string;
  /** Where failures save their artifacts; default artifacts/vscode. */
  artifactsDir?: string;
  log?: (message: string) => void;
}): Promise<RunContext>;
