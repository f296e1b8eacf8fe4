import type { GitFileReader } from '../app/gitConfigFiles';
import type { Clock } from '../app/snoozeTime';
import type { HttpExchange } from '../gitlab';
import type { ExtensionConfig } from './config';

/**
 * What differs between the hosts VS Code runs the extension in, given to the composition root by its entry: the Node
 * extension host (`extension.ts`, desktop and remote windows) or a browser's web worker (`extension.web.ts`).
 * Nothing else knows which host it is in.
 */
export interface Platform {
  /** Named in the log once, at activation. */
  readonly host: 'node' | 'web';
  /** An environment variable (a token for sessions without sign-in, test hooks); a browser has none. */
  env(name: string): string | undefined;
  /**
   * How requests reach GitLab for the current network settings: in Node, one connection pool with the user's proxy
   * and CA; in a browser, its `fetch` (the browser decides proxy and certificates; the settings do not apply).
   */
  exchange(config: ExtensionConfig, log: { info(line: string): void; error(message: string, error?: unknown): void }): HttpExchange;
  /** A reader of the host's own disk for `file:` folders; other folders are read through `vscode.workspace.fs`. */
  localGitFiles?: GitFileReader;
  /** The folder a profile is proposed to be saved in (the home folder), where the host has one. */
  homeFolder?: string;
  /** Tests of the workbench: the clock their environment names (see `FileOffsetClock`), else none. */
  testClock?(log: (line: string) => void): (Clock & { dispose(): void }) | undefined;
}
