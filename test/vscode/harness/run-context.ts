import type { CodeServerPaths } from '../../../scripts/vscode-env/code-server.mjs';

/** What scripts/test-vscode.mjs prepared for this run, handed to the suites through one environment variable. */
export interface RunContext {
  /** The repository root. */
  root: string;
  /** A fresh folder for this run's sessions (profiles, workspaces, logs). */
  runDir: string;
  /** Extensions dir with the packaged extension and the companion already installed. */
  extensionsDir: string;
  /** code-server's config file (so it never writes one under the home directory). */
  configFile: string;
  /** artifacts/vscode: screenshots of each surface, and a folder per failed test. */
  artifactsDir: string;
  /** Absolute path of the mocha package, for the companion's in-host run. */
  mochaDir: string;
  /** The --grep given to the runner, also applied to the in-host suites. */
  grep?: string;
  paths: CodeServerPaths;
}

export const RUN_CONTEXT_ENV = 'GITLAB_ACTIVITY_VSCODE_RUN';

export function readRunContext(): RunContext {
  const raw = process.env[RUN_CONTEXT_ENV];
  if (!raw) throw new Error(`${RUN_CONTEXT_ENV} is not set: run these suites with \`npm run test:vscode\``);
  return JSON.parse(raw) as RunContext;
}
