import { readFileSync } from 'node:fs';

/**
 * A small `vscode` module for running the bundled extension in plain Node: what activation and the Activity view
 * use is implemented for real (events, settings with the manifest's defaults, commands, output channel, tree view,
 * status bar item, secrets-free state); any other member answers with a recording no-op, listed in
 * `benchHost.fallbacks`, so a new API call in the extension shows up in the report instead of crashing it.
 *
 * Bundled to CommonJS by the benchmark and handed to the extension by a `Module._resolveFilename` hook.
 * Settings come from BENCH_VSCODE_SETTINGS (JSON, full keys) over the defaults of BENCH_PACKAGE_JSON.
 */

type Listener<T> = (event: T) => unknown;

export class Disposable {
  static from(...items: Array<{ dispose(): unknown } | undefined>): Disposable {
    return new Disposable(() => items.forEach((item) => item?.dispose()));
  }

  constructor(private readonly onDispose?: () => unknown) {}

  dispose(): void {
    this.onDispose?.();
  }
}

export class EventEmitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  readonly event = (listener: Listener<T>, thisArg?: unknown, disposables?: Disposable[]): Disposable => {
    const bound: Listener<T> = thisArg === undefined ? listener : listener.bind(thisArg);
    this.listeners.add(bound);
    const disposable = new Disposable(() => this.listeners.delete(bound));
    disposables?.push(disposable);
    return disposable;
  };

  fire(event: T): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  dispose(): void {
    this.listeners.clear();
  }
}

export class Uri {
  private constructor(readonly scheme: string, readonly authority: string, readonly path: string, readonly query = '', readonly fragment = '') {}

  static from(components: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(components.scheme, components.authority ?? '', components.path ?? '', components.query ?? '', components.fragment ?? '');
  }

  static file(path: string): Uri {
    return new Uri('file', '', path);
  }

  static parse(value: string): Uri {
    const url = new URL(value);
    return new Uri(url.protocol.replace(/:$/, ''), url.host, decodeURIComponent(url.pathname), url.search.replace(/^\?/, ''), url.hash.replace(/^#/, ''));
  }

  static joinPath(base: Uri, ...parts: string[]): Uri {
    return base.with({ path: [base.path.replace(/\/+$/, ''), ...parts].join('/') });
  }

  get fsPath(): string {
    return this.path;
  }

  with(change: { scheme?: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(change.scheme ?? this.scheme, change.authority ?? this.authority, change.path ?? this.path, change.query ?? this.query,
      change.fragment ?? this.fragment);
  }

  toString(): string {
    return `${this.scheme}://${this.authority}${this.path}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
  }
}

export class ThemeIcon {
  constructor(readonly id: string, readonly color?: ThemeColor) {}
}

export class FileDecoration {
  propagate?: boolean;
  constructor(readonly badge?: string, readonly tooltip?: string, readonly color?: ThemeColor) {}
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class MarkdownString {
  isTrusted = false;
  supportHtml = false;
  supportThemeIcons = false;

  constructor(public value = '') {}

  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }

  appendText(text: string): this {
    this.value += text.replace(/[\\`*_{}[\]()#+\-.!]/g, '\\$&');
    return this;
  }
}

export class TreeItem {
  id?: string;
  description?: string | boolean;
  tooltip?: unknown;
  iconPath?: unknown;
  command?: unknown;
  contextValue?: string;
  accessibilityInformation?: unknown;

  constructor(public label: unknown, public collapsibleState: number = TreeItemCollapsibleState.None) {}
}

export const TreeItemCollapsibleState = { None: 0, Collapsed: 1, Expanded: 2 } as const;
export const StatusBarAlignment = { Left: 1, Right: 2 } as const;
export const ConfigurationTarget = { Global: 1, Workspace: 2, WorkspaceFolder: 3 } as const;
export const QuickPickItemKind = { Separator: -1, Default: 0 } as const;
export const ViewColumn = { Active: -1, Beside: -2, One: 1, Two: 2, Three: 3 } as const;
export const FileType = { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 } as const;
export const ProgressLocation = { SourceControl: 1, Window: 10, Notification: 15 } as const;
export const ExtensionMode = { Production: 1, Development: 2, Test: 3 } as const;
export const UIKind = { Desktop: 1, Web: 2 } as const;
export const LogLevel = { Off: 0, Trace: 1, Debug: 2, Info: 3, Warning: 4, Error: 5 } as const;

export const version = '1.100.0';

// ---- What the benchmark reads back --------------------------------------------------------------------------------

export interface StubTreeView {
  id: string;
  provider: {
    getChildren(element?: unknown): unknown;
    getTreeItem(element: unknown): unknown;
    onDidChangeTreeData?: (listener: Listener<unknown>) => Disposable;
  };
  view: { visible: boolean; badge?: { value: number; tooltip?: string }; description?: string };
  /** A person opens `element` (VS Code's `onDidExpandElement`). */
  expand(element: unknown): void;
  /** The view goes out of sight or comes into it (a person collapses or opens it: `onDidChangeVisibility`). */
  setVisible(visible: boolean): void;
}

export interface StubStatusBarItem {
  id: string;
  text: string;
  tooltip?: unknown;
  visible: boolean;
}

export const benchHost = {
  /** Members of the API the extension used that this stub does not implement (they did nothing). */
  fallbacks: new Set<string>(),
  outputLines: [] as string[],
  treeViews: new Map<string, StubTreeView>(),
  statusBarItems: [] as StubStatusBarItem[],
  commands: new Map<string, (...args: unknown[]) => unknown>(),
  contextKeys: new Map<string, unknown>(),
  messages: [] as string[],
  /** How a person answers a message that offers actions: the action's title, or undefined to dismiss it (the default). */
  answerMessage: undefined as undefined | ((kind: string, text: string, actions: string[]) => string | undefined),
  settings: {} as Record<string, unknown>,
};

// ---- Fallback for everything else ---------------------------------------------------------------------------------

function fallback(path: string): unknown {
  const target = function stub() { /* no-op */ };
  return new Proxy(target, {
    get(_target, prop) {
      if (prop === 'then') return undefined; // never a thenable: awaiting a fallback gives the fallback
      if (prop === Symbol.toPrimitive) return () => '';
      if (typeof prop === 'symbol') return undefined;
      if (prop === 'dispose') return () => undefined;
      benchHost.fallbacks.add(`${path}.${prop}`);
      return fallback(`${path}.${prop}`);
    },
    apply() {
      benchHost.fallbacks.add(`${path}()`);
      return fallback(`${path}()`);
    },
    construct() {
      benchHost.fallbacks.add(`new ${path}`);
      return fallback(`new ${path}`) as object;
    },
  });
}

export function withFallback<T extends object>(name: string, value: T): T {
  return new Proxy(value, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol' || prop in target) return Reflect.get(target, prop, receiver);
      if (prop === 'then' || prop === '__esModule' || prop === 'default') return undefined;
      benchHost.fallbacks.add(`${name}.${prop}`);
      return fallback(`${name}.${prop}`);
    },
  });
}

// ---- l10n ---------------------------------------------------------------------------------------------------------

/** As the extension host does for the default language: the message itself, or `{0}`/`{name}` substitution. */
function t(...params: unknown[]): string {
  const message = typeof params[0] === 'string' ? params[0] : String((params[0] as { message?: string })?.message ?? '');
  const rest = typeof params[0] === 'string' ? params.slice(1) : [];
  const args = rest[0] !== null && typeof rest[0] === 'object' ? rest[0] as Record<string, unknown> : rest;
  if (Object.keys(args).length === 0) return message;
  return message.replace(/\{([^}]+)\}/g, (whole, key: string) => {
    const value = (args as Record<string, unknown>)[key];
    return value === undefined ? whole : String(value);
  });
}

// ---- Settings -----------------------------------------------------------------------------------------------------

function manifestDefaults(): Record<string, unknown> {
  const file = process.env.BENCH_PACKAGE_JSON;
  if (!file) return {};
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { contributes?: { configuration?: unknown } };
  const sections = [manifest.contributes?.configuration ?? []].flat() as Array<{ properties?: Record<string, { default?: unknown }> }>;
  const defaults: Record<string, unknown> = {};
  for (const section of sections) for (const [key, spec] of Object.entries(section.properties ?? {})) defaults[key] = spec.default;
  return defaults;
}

const defaults = manifestDefaults();
Object.assign(benchHost.settings, JSON.parse(process.env.BENCH_VSCODE_SETTINGS ?? '{}') as Record<string, unknown>);
const configurationChanged = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();

function getConfiguration(section?: string) {
  const full = (key: string) => (section ? `${section}.${key}` : key);
  const value = (key: string) => (full(key) in benchHost.settings ? benchHost.settings[full(key)] : defaults[full(key)]);
  return withFallback('WorkspaceConfiguration', {
    get: (key: string, fallbackValue?: unknown) => value(key) ?? fallbackValue,
    has: (key: string) => value(key) !== undefined,
    inspect: (key: string) => ({ key: full(key), defaultValue: defaults[full(key)], globalValue: benchHost.settings[full(key)] }),
    update: async (key: string, newValue: unknown) => {
      benchHost.settings[full(key)] = newValue;
      configurationChanged.fire({ affectsConfiguration: (s: string) => full(key) === s || full(key).startsWith(`${s}.`) });
    },
  });
}

// ---- Namespaces ---------------------------------------------------------------------------------------------------

function outputChannel(name: string) {
  const line = (level: string) => (message: string) => { benchHost.outputLines.push(`[${level}] ${message}`); };
  return withFallback('OutputChannel', {
    name, logLevel: LogLevel.Info, onDidChangeLogLevel: new EventEmitter<number>().event,
    append: line('append'), appendLine: line('line'), replace: line('replace'), clear: () => undefined,
    show: () => undefined, hide: () => undefined, dispose: () => undefined,
    trace: line('trace'), debug: line('debug'), info: line('info'), warn: line('warn'), error: (m: unknown) => line('error')(String(m)),
  });
}

const windowStateChanged = new EventEmitter<{ focused: boolean }>();

function registerTree(id: string, provider: StubTreeView['provider']) {
  const visibility = new EventEmitter<{ visible: boolean }>();
  const expanded = new EventEmitter<{ element: unknown }>();
  const view = withFallback('TreeView', {
    visible: true, badge: undefined, description: undefined, title: undefined, message: undefined, selection: [],
    onDidChangeVisibility: visibility.event, onDidChangeSelection: new EventEmitter<unknown>().event,
    onDidExpandElement: expanded.event, onDidCollapseElement: new EventEmitter<unknown>().event,
    onDidChangeCheckboxState: new EventEmitter<unknown>().event, reveal: async () => undefined, dispose: () => undefined,
  }) as StubTreeView['view'];
  benchHost.treeViews.set(id, {
    id, provider, view, expand: (element) => expanded.fire({ element }),
    setVisible: (visible) => { view.visible = visible; visibility.fire({ visible }); },
  });
  return view;
}

function message(kind: string) {
  return async (text: string, ...rest: unknown[]) => {
    benchHost.messages.push(`${kind}: ${text}`);
    // The actions offered, after the text (and after an options object, when one is given).
    const actions = rest.filter((item): item is string | { title: string } =>
      typeof item === 'string' || (typeof item === 'object' && item !== null && typeof (item as { title?: unknown }).title === 'string'));
    const title = benchHost.answerMessage?.(kind, text, actions.map((item) => (typeof item === 'string' ? item : item.title)));
    return title === undefined ? undefined : actions.find((item) => (typeof item === 'string' ? item : item.title) === title);
  };
}

const window = withFallback('window', {
  state: { focused: true, active: true },
  onDidChangeWindowState: windowStateChanged.event,
  createOutputChannel: outputChannel,
  createTreeView: (id: string, options: { treeDataProvider: StubTreeView['provider'] }) => registerTree(id, options.treeDataProvider),
  // Unread marks are decorations the workbench draws; the bench draws none.
  registerFileDecorationProvider: () => new Disposable(() => undefined),
  registerTreeDataProvider: (id: string, provider: StubTreeView['provider']) => { registerTree(id, provider); return new Disposable(); },
  createStatusBarItem: (id?: string) => {
    const item: StubStatusBarItem & Record<string, unknown> = {
      id: String(id ?? ''), text: '', visible: false,
      show: () => { item.visible = true; }, hide: () => { item.visible = false; }, dispose: () => undefined,
    };
    benchHost.statusBarItems.push(item);
    return item;
  },
  registerWebviewPanelSerializer: () => new Disposable(),
  showErrorMessage: message('error'),
  showWarningMessage: message('warning'),
  showInformationMessage: message('information'),
  showQuickPick: async () => undefined,
  showInputBox: async () => undefined,
  setStatusBarMessage: () => new Disposable(),
  withProgress: <R>(_options: unknown, task: (progress: { report(): void }, token: unknown) => Promise<R>) =>
    task({ report: () => undefined }, { isCancellationRequested: false, onCancellationRequested: new EventEmitter<void>().event }),
});

const commands = withFallback('commands', {
  registerCommand: (id: string, run: (...args: unknown[]) => unknown) => {
    benchHost.commands.set(id, run);
    return new Disposable(() => benchHost.commands.delete(id));
  },
  executeCommand: async (id: string, ...args: unknown[]) => {
    if (id === 'setContext') {
      benchHost.contextKeys.set(String(args[0]), args[1]);
      return undefined;
    }
    return benchHost.commands.get(id)?.(...args);
  },
  getCommands: async () => [...benchHost.commands.keys()],
});

const notFound = async () => { throw Object.assign(new Error('No such file'), { code: 'FileNotFound' }); };

const workspace = withFallback('workspace', {
  workspaceFolders: undefined,
  getConfiguration,
  onDidChangeConfiguration: configurationChanged.event,
  onDidChangeWorkspaceFolders: () => new Disposable(() => undefined),
  fs: withFallback('workspace.fs', { readFile: notFound, stat: notFound }),
});

const env = withFallback('env', {
  language: 'en', appName: 'Visual Studio Code', uriScheme: 'vscode', machineId: 'bench', sessionId: 'bench', uiKind: UIKind.Desktop,
  clipboard: { writeText: async () => undefined, readText: async () => '' },
  openExternal: async () => true,
});

// The Accounts menu: the provider is registered and kept; nothing here asks it for sessions.
const authentication = withFallback('authentication', {
  registerAuthenticationProvider: () => new Disposable(() => undefined),
});

export const l10n = { t, bundle: undefined, uri: undefined };
export { window, commands, workspace, env, authentication };

/** A minimal `ExtensionContext` (in-memory state, empty secret storage); other members fall back as above. */
export function createExtensionContext(extensionPath: string, packageJSON: unknown) {
  const memento = () => {
    const values = new Map<string, unknown>();
    return {
      get: (key: string, fallbackValue?: unknown) => (values.has(key) ? values.get(key) : fallbackValue),
      update: async (key: string, value: unknown) => { if (value === undefined) values.delete(key); else values.set(key, value); },
      keys: () => [...values.keys()],
      setKeysForSync: () => undefined,
    };
  };
  const secrets = new Map<string, string>();
  const extensionUri = Uri.file(extensionPath);
  return withFallback('ExtensionContext', {
    subscriptions: [] as Array<{ dispose(): unknown }>,
    extensionUri, extensionPath, extensionMode: ExtensionMode.Production,
    extension: { id: 'gitlab-activity.gitlab-activity', extensionUri, extensionPath, packageJSON, isActive: true },
    globalState: memento(), workspaceState: memento(),
    secrets: {
      get: async (key: string) => secrets.get(key),
      store: async (key: string, value: string) => { secrets.set(key, value); },
      delete: async (key: string) => { secrets.delete(key); },
      onDidChange: new EventEmitter<{ key: string }>().event,
    },
    globalStorageUri: Uri.file(`${extensionPath}/.global-storage`),
    storageUri: undefined,
    logUri: Uri.file(`${extensionPath}/.log`),
  });
}
