export declare const CODE_SERVER_VERSION: string;
export declare const NODE24_PACKAGE_VERSION: string;
export declare const DEBIAN_PACKAGES: string[];
export declare const BUILD_TOOLS: Record<string, string>;
export declare const CHROMIUM_PATH: string;
export declare const BUILTIN_EXTENSIONS_LEFT_OUT: string[];

export interface VscodeEnvPaths {
  root: string;
  cache: string;
  prefix: string;
  stamp: string;
  node24Dir: string;
  node24: string;
  codeServerDir: string;
  codeServerEntry: string;
  /** code-server's own built-in extensions. */
  builtinExtensions: string;
  /** Links to those the test workbench and the demo start with (all but BUILTIN_EXTENSIONS_LEFT_OUT). */
  builtinExtensionsKept: string;
  artifacts: string;
}

export declare function repoRoot(): string;
export declare function vscodeEnvPaths(root?: string): VscodeEnvPaths;
