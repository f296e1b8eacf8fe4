import type { VscodeEnvPaths } from './paths.mjs';

export declare const CHROMIUM_ARGS: string[];

export interface CodeServerPaths {
  node24: VscodeEnvPaths['node24'];
  codeServerEntry: VscodeEnvPaths['codeServerEntry'];
  builtinExtensionsKept: VscodeEnvPaths['builtinExtensionsKept'];
}

export interface RunningCodeServer {
  /** Base address, e.g. http://127.0.0.1:41234 */
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

export declare function codeServerEnv(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
export declare function writeCodeServerConfig(file: string): string;
export declare function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void;
export declare function installExtensions(options: {
  paths: CodeServerPaths;
  userDataDir: string;
  extensionsDir: string;
  configFile: string;
  vsixFiles: string[];
}): string;
export declare function startCodeServer(options: {
  paths: CodeServerPaths;
  userDataDir: string;
  extensionsDir: string;
  configFile: string;
  folder?: string;
  env?: Record<string, string | undefined>;
  logFile?: string;
  /** code-server's `--locale`: VS Code's display language once a language pack for it is installed. */
  locale?: string;
  timeoutMs?: number;
}): Promise<RunningCodeServer>;
export declare function stopAllCodeServers(): Promise<void>;
export declare function workbenchUrl(serverUrl: string, folder?: string): string;
