import type { VscodeEnvPaths } from './paths.mjs';

export declare function ensureVscodeEnv(options?: { force?: boolean }): VscodeEnvPaths;

export declare function ensureBrowser(): string;
