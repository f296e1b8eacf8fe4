/**
 * A small stand-in for the `vscode` module, so the shell's decisions can be unit-tested in plain Node: it records
 * what the extension shows (messages, quick picks, input boxes), commands run and settings written, and answers as a
 * test says; settings are layers a test sets (what `inspect()` shows), state and secrets are plain maps. Only the
 * parts the shell's unit tests touch are here; anything else is missing on purpose and fails loudly. `require('vscode')`
 * resolves to this module (the mocha setup loads it first).
 */
import Module from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMessage } from '../../../src/app/localize';

type Listener<T> = (value: T) => unknown;

export class EventEmitter<T> {
  private listeners: Array<Listener<T>> = [];
  readonly event = (listener: Listener<T>) => {
    this.listeners.push(listener);
    return { dispose: () => { this.listeners = this.listeners.filter((l) => l !== listener); } };
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class Disposable {
  constructor(private readonly onDispose: () => void = () => undefined) {}
  static from(...items: Array<{ dispose(): unknown }>): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.onDispose();
  }
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class ThemeIcon {
  constructor(readonly id: string, readonly color?: ThemeColor) {}
}

export const TreeItemCollapsibleState = { None: 0, Collapsed: 1, Expanded: 2 } as const;

export class TreeItem {
  id?: string;
  description?: string | boolean;
  tooltip?: unknown;
  iconPath?: unknown;
  command?: { command: string; title: string; arguments?: unknown[] };
  contextValue?: string;
  resourceUri?: Uri;
  accessibilityInformation?: { label: string };
  constructor(public label: string, public collapsibleState: number = TreeItemCollapsibleState.None) {}
}

export class FileDecoration {
  propagate?: boolean;
  constructor(readonly badge?: string, readonly tooltip?: string, readonly color?: ThemeColor) {}
}

/** A tree view as the extension sees it, with what it set on it and when it waited for a redraw (`reveal`). */
export interface FakeTreeView {
  id: string;
  treeDataProvider: {
    getChildren(element?: unknown): unknown[] | Thenable<unknown[]>;
    getTreeItem(element: unknown): unknown;
    onDidChangeTreeData?: (listener: Listener<unknown>) => { dispose(): void };
  };
  visible: boolean;
  selection: unknown[];
  message?: string;
  description?: string;
  badge?: unknown;
  /** Each `reveal` call; a test may answer it (by default it resolves at once). */
  reveals: unknown[];
  answerReveal: (element: unknown) => Promise<void>;
  /** The view comes into sight or leaves it, as when its container is opened or another is. */
  setVisible(visible: boolean): void;
}

export class MarkdownString {
  isTrusted?: boolean;
  supportHtml?: boolean;
  supportThemeIcons?: boolean;
  constructor(public value = '') {}
}

export class Uri {
  private constructor(readonly scheme: string, readonly fsPath: string, private readonly text: string) {}
  static file(path: string): Uri {
    return new Uri('file', path, `file://${path}`);
  }
  static parse(text: string): Uri {
    return new Uri(text.split(':')[0], text, text);
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return Uri.file([base.fsPath, ...parts].join('/'));
  }
  static from({ scheme, path = '', query = '' }: { scheme: string; path?: string; query?: string }): Uri {
    return new Uri(scheme, path, `${scheme}:${path}${query ? `?${query}` : ''}`);
  }
  toString(): string {
    return this.text;
  }
}

export const QuickPickItemKind = { Separator: -1, Default: 0 } as const;
export const ProgressLocation = { SourceControl: 1, Window: 10, Notification: 15 } as const;
export const ConfigurationTarget = { Global: 1, Workspace: 2, WorkspaceFolder: 3 } as const;
export const StatusBarAlignment = { Left: 1, Right: 2 } as const;
export const FileType = { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 } as const;

/** A setting's values per layer, as `WorkspaceConfiguration.inspect()` returns them. */
export interface SettingLayers {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** The defaults the manifest declares (VS Code's `inspect().defaultValue`), and `http.proxy`'s, which VS Code declares. */
const manifestDefaults: Record<string, unknown> = {
  'http.proxy': '',
  ...Object.fromEntries(Object.entries(
    (JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    }).contributes.configuration.properties,
  ).map(([key, property]) => [key, property.default])),
};

/** One thing the extension showed, in order. */
export type Shown =
  | { kind: 'information' | 'warning' | 'error'; message: string; actions: string[]; modal?: boolean; detail?: string }
  | { kind: 'quickPick'; items: Array<{ label: string; description?: string; detail?: string }>; options: Record<string, unknown> }
  | { kind: 'inputBox'; options: Record<string, unknown>; validation?: unknown }
  | { kind: 'statusBarMessage'; message: string };

/** A document as the fake opens it: an untitled one (from content) is dirty, as VS Code's is. */
export interface FakeDocument {
  uri: Uri;
  isUntitled: boolean;
  isDirty: boolean;
  languageId?: string;
  getText(): string;
}

export interface FakeStatusBarItem {
  id?: string;
  text: string;
  tooltip: unknown;
  name?: string;
  command: unknown;
  accessibilityInformation: unknown;
  visible: boolean;
  show(): void;
  hide(): void;
  dispose(): void;
}

export interface FakeInputBox {
  value: string;
  title?: string;
  prompt?: string;
  placeholder?: string;
  password: boolean;
  ignoreFocusOut: boolean;
  busy: boolean;
  enabled: boolean;
  buttons: unknown[];
  validationMessage?: string;
  accept(value: string): Promise<void>;
  hide(): void;
}

/** How a test answers what the extension asks; each defaults to dismissing. */
interface Answers {
  message: (shown: { kind: string; message: string; actions: string[] }) => string | undefined;
  quickPick: (items: Array<{ label: string }>) => unknown;
  /** What is typed in a quick pick's filter box (`createQuickPick`) before its answer is picked. */
  quickPickValue: (items: Array<{ label: string }>) => string;
  inputBox: (options: Record<string, unknown>) => string | undefined;
  openDialog: () => Uri[] | undefined;
  saveDialog: (options: Record<string, unknown>) => Uri | undefined;
}

const defaults = (): Answers => ({
  message: () => undefined, quickPick: () => undefined, quickPickValue: () => '', inputBox: () => undefined, openDialog: () => undefined,
  saveDialog: () => undefined,
});

/** The test's handle on the fake: what was shown, how to answer, files to read. */
export const fake = {
  shown: [] as Shown[],
  answers: defaults(),
  files: new Map<string, Uint8Array>(),
  /** Paths that are there but are not files (a FIFO, a device): `stat` says Unknown, and reading them never ends. */
  specialFiles: new Set<string>(),
  /** Paths whose bytes were read. */
  reads: [] as string[],
  commands: [] as Array<{ command: string; args: unknown[] }>,
  inputBoxes: [] as FakeInputBox[],
  /** The options of each save dialog shown. */
  saveDialogs: [] as Array<Record<string, unknown>>,
  /** Text documents opened (`openTextDocument`) and shown in an editor (`showTextDocument`). */
  documents: [] as FakeDocument[],
  shownDocuments: [] as FakeDocument[],
  contentProviders: new Map<string, { provideTextDocumentContent(uri: Uri): string }>(),
  /** Commands the extension registered, by id. */
  registered: new Map<string, (...args: unknown[]) => unknown>(),
  treeViews: [] as FakeTreeView[],
  /** Status bar items the extension created, as it last set them. */
  statusBarItems: [] as FakeStatusBarItem[],
  /** Each `withProgress` call: where, and whether its task is still running. */
  progress: [] as Array<{ options: unknown; running: boolean }>,
  clipboard: '',
  /** Every page opened in the browser (`env.openExternal`), as text. */
  opened: [] as string[],
  /** Settings by full key (`gitlabActivity.proxy`): the layers a test sets, over the manifest's default. */
  settings: new Map<string, SettingLayers>(),
  /** Every `update()` of a setting, in order (the value is also written to its layer). */
  settingUpdates: [] as Array<{ key: string; value: unknown; target: number }>,
  reset(): void {
    this.shown = [];
    this.answers = defaults();
    this.files = new Map();
    this.specialFiles = new Set();
    this.reads = [];
    this.commands = [];
    this.inputBoxes = [];
    this.saveDialogs = [];
    this.documents = [];
    this.shownDocuments = [];
    this.contentProviders = new Map();
    this.registered = new Map();
    this.treeViews = [];
    this.statusBarItems = [];
    this.progress = [];
    this.clipboard = '';
    this.opened = [];
    this.settings = new Map();
    this.settingUpdates = [];
  },
  /** Every text the extension put before the person, for checks that apply to all of them. */
  texts(): string[] {
    return this.shown.flatMap((entry) => {
      switch (entry.kind) {
        case 'quickPick':
          return [...entry.items.flatMap((item) => [item.label, item.description, item.detail]), entry.options.placeHolder]
            .filter((text): text is string => typeof text === 'string');
        case 'inputBox':
          return [entry.options.prompt, entry.validation].filter((text): text is string => typeof text === 'string');
        default:
          return [entry.message, ...('detail' in entry && entry.detail ? [entry.detail] : []), ...('actions' in entry ? entry.actions : [])];
      }
    });
  },
};

function message(kind: 'information' | 'warning' | 'error') {
  return async (text: string, ...rest: unknown[]) => {
    // VS Code's overload with options first: `{ modal, detail }`.
    const options = typeof rest[0] === 'object' && rest[0] !== null ? rest.shift() as { modal?: boolean; detail?: string } : undefined;
    const actions = rest as string[];
    const entry = { kind, message: text, actions, ...(options ? { modal: options.modal === true, detail: options.detail } : {}) };
    fake.shown.push(entry);
    return fake.answers.message(entry);
  };
}

export const window = {
  showInformationMessage: message('information'),
  showWarningMessage: message('warning'),
  showErrorMessage: message('error'),
  setStatusBarMessage(text: string) {
    fake.shown.push({ kind: 'statusBarMessage', message: text });
    return new Disposable();
  },
  async showQuickPick(items: unknown, options: Record<string, unknown> = {}) {
    const list = (await items) as Array<{ label: string }>;
    fake.shown.push({ kind: 'quickPick', items: list, options });
    return fake.answers.quickPick(list);
  },
  async showInputBox(options: Record<string, unknown> = {}) {
    const entry: Shown = { kind: 'inputBox', options };
    fake.shown.push(entry);
    const value = fake.answers.inputBox(options);
    const validate = options.validateInput as ((value: string) => unknown) | undefined;
    if (value !== undefined && validate) entry.validation = await validate(value);
    return value;
  },
  /** A quick pick answered when shown: `quickPickValue` is typed, then `quickPick`'s item is accepted (or it is hidden). */
  createQuickPick() {
    const accepted = new EventEmitter<void>();
    const hidden = new EventEmitter<void>();
    const changed = new EventEmitter<string>();
    const pick = {
      items: [] as Array<{ label: string }>, value: '', title: undefined as string | undefined, placeholder: undefined as string | undefined,
      selectedItems: [] as Array<{ label: string }>, activeItems: [] as Array<{ label: string }>,
      matchOnDescription: false, matchOnDetail: false, ignoreFocusOut: false, busy: false, canSelectMany: false,
      onDidAccept: accepted.event, onDidHide: hidden.event, onDidChangeValue: changed.event,
      onDidTriggerItemButton: new EventEmitter<unknown>().event,
      show() {
        fake.shown.push({ kind: 'quickPick', items: pick.items, options: { title: pick.title, placeHolder: pick.placeholder } });
        setImmediate(() => {
          pick.value = fake.answers.quickPickValue(pick.items);
          changed.fire(pick.value);
          const choice = fake.answers.quickPick(pick.items) as { label: string } | undefined;
          if (choice === undefined) return hidden.fire();
          pick.selectedItems = [choice];
          pick.activeItems = [choice];
          accepted.fire();
        });
      },
      hide: () => hidden.fire(),
      dispose: () => undefined,
    };
    return pick;
  },
  createStatusBarItem(id?: string) {
    const item: FakeStatusBarItem = { id, text: '', tooltip: undefined, name: undefined, command: undefined, accessibilityInformation: undefined,
      visible: false, show: () => { item.visible = true; }, hide: () => { item.visible = false; }, dispose: () => undefined };
    fake.statusBarItems.push(item);
    return item;
  },
  async showTextDocument(document: FakeDocument) {
    fake.shownDocuments.push(document);
    return { document };
  },
  async showSaveDialog(options: Record<string, unknown> = {}) {
    fake.saveDialogs.push(options);
    return fake.answers.saveDialog(options);
  },
  createInputBox(): FakeInputBox {
    const accepted = new EventEmitter<void>();
    const hidden = new EventEmitter<void>();
    const changed = new EventEmitter<string>();
    const box = {
      value: '', password: false, ignoreFocusOut: false, busy: false, enabled: true, buttons: [] as unknown[],
      onDidAccept: accepted.event, onDidHide: hidden.event, onDidChangeValue: changed.event,
      onDidTriggerButton: new EventEmitter<unknown>().event,
      validationMessage: undefined as string | undefined,
      show: () => undefined,
      hide: () => hidden.fire(),
      dispose: () => undefined,
      /** Types `value` and presses Enter; resolves when the extension's handlers have run. */
      async accept(value: string) {
        box.value = value;
        changed.fire(value);
        const pending: unknown[] = [];
        const listeners = (accepted as unknown as { listeners: Array<() => unknown> }).listeners;
        for (const listener of [...listeners]) pending.push(listener());
        await Promise.all(pending);
      },
    };
    fake.inputBoxes.push(box);
    return box;
  },
  async showOpenDialog() {
    return fake.answers.openDialog();
  },
  async withProgress<R>(options: unknown, task: (progress: { report(value: unknown): void }, token: unknown) => Promise<R>): Promise<R> {
    const entry = { options, running: true };
    fake.progress.push(entry);
    try {
      return await task({ report: () => undefined }, { isCancellationRequested: false, onCancellationRequested: () => new Disposable() });
    } finally {
      entry.running = false;
    }
  },
  state: { focused: false },
  onDidChangeWindowState: new EventEmitter<unknown>().event,
  registerFileDecorationProvider: () => new Disposable(),
  createTreeView(id: string, options: { treeDataProvider: FakeTreeView['treeDataProvider'] }) {
    const emitter = <T>() => new EventEmitter<T>().event;
    const visibility = new EventEmitter<{ visible: boolean }>();
    const view = {
      id, treeDataProvider: options.treeDataProvider, visible: true, reveals: [] as unknown[], selection: [] as unknown[],
      answerReveal: async (_element: unknown) => undefined,
      onDidExpandElement: emitter(), onDidCollapseElement: emitter(), onDidChangeVisibility: visibility.event,
      setVisible(visible: boolean) {
        view.visible = visible;
        visibility.fire({ visible });
      },
      reveal(element: unknown) {
        view.reveals.push(element);
        return view.answerReveal(element);
      },
      dispose: () => undefined,
    };
    fake.treeViews.push(view as FakeTreeView);
    return view;
  },
};

function inspected(key: string): SettingLayers & { key: string } {
  return { key, defaultValue: manifestDefaults[key], ...fake.settings.get(key) };
}

/** A section of the settings: `inspect()` shows each layer; `get()` is the most specific layer set, as in VS Code. */
function configuration(section?: string) {
  const full = (key: string) => (section ? `${section}.${key}` : key);
  return {
    inspect: (key: string) => inspected(full(key)),
    get(key: string, fallback?: unknown) {
      const { workspaceFolderValue, workspaceValue, globalValue, defaultValue } = inspected(full(key));
      return workspaceFolderValue ?? workspaceValue ?? globalValue ?? defaultValue ?? fallback;
    },
    async update(key: string, value: unknown, target: number | boolean = ConfigurationTarget.Workspace) {
      const to = target === true ? ConfigurationTarget.Global : target === false ? ConfigurationTarget.Workspace : target;
      fake.settingUpdates.push({ key: full(key), value, target: to });
      const layer = to === ConfigurationTarget.Global ? 'globalValue' : to === ConfigurationTarget.Workspace ? 'workspaceValue' : 'workspaceFolderValue';
      fake.settings.set(full(key), { ...fake.settings.get(full(key)), [layer]: value });
    },
  };
}

/** `ExtensionContext.globalState` / `workspaceState`: values kept by key. */
export class FakeMemento {
  readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? this.values.get(key) as T : fallback;
  }
  /** Stored as a copy through JSON, as VS Code stores it: a caller's later change of the object does not reach it. */
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.parse(JSON.stringify(value)));
  }
}

/** `ExtensionContext.secrets`: `onDidChange` fires for every store and delete, as it does for another window's. */
export class FakeSecretStorage {
  readonly values = new Map<string, string>();
  private readonly changed = new EventEmitter<{ key: string }>();
  readonly onDidChange = this.changed.event;
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.changed.fire({ key });
  }
  async delete(key: string): Promise<void> {
    if (this.values.delete(key)) this.changed.fire({ key });
  }
  async keys(): Promise<string[]> {
    return [...this.values.keys()];
  }
}

export const workspace = {
  workspaceFolders: undefined as unknown,
  registerTextDocumentContentProvider(scheme: string, provider: { provideTextDocumentContent(uri: Uri): string }) {
    fake.contentProviders.set(scheme, provider);
    return new Disposable(() => fake.contentProviders.delete(scheme));
  },
  onDidCloseTextDocument: () => new Disposable(),
  async openTextDocument(target: Uri | { content?: string; language?: string }): Promise<FakeDocument> {
    const document: FakeDocument = target instanceof Uri
      ? { uri: target, isUntitled: false, isDirty: false, getText: () => fake.contentProviders.get(target.scheme)?.provideTextDocumentContent(target) ?? '' }
      : { uri: Uri.parse('untitled:Untitled-1'), isUntitled: true, isDirty: true, languageId: target.language, getText: () => target.content ?? '' };
    fake.documents.push(document);
    return document;
  },
  getConfiguration: configuration,
  fs: {
    async stat(uri: Uri): Promise<{ type: number; size: number }> {
      if (fake.specialFiles.has(uri.fsPath)) return { type: FileType.Unknown, size: 0 };
      const bytes = fake.files.get(uri.fsPath);
      if (!bytes) throw new Error(`ENOENT: no such file, stat '${uri.fsPath}'`);
      return { type: FileType.File, size: bytes.length };
    },
    async writeFile(uri: Uri, bytes: Uint8Array): Promise<void> {
      fake.files.set(uri.fsPath, bytes);
    },
    async readFile(uri: Uri): Promise<Uint8Array> {
      fake.reads.push(uri.fsPath);
      if (fake.specialFiles.has(uri.fsPath)) return new Promise<Uint8Array>(() => undefined);
      const bytes = fake.files.get(uri.fsPath);
      if (!bytes) throw new Error(`ENOENT: no such file, open '${uri.fsPath}'`);
      return bytes;
    },
  },
};

export const commands = {
  async executeCommand(command: string, ...args: unknown[]) {
    fake.commands.push({ command, args });
    return undefined;
  },
  /** Kept in `fake.registered`, so a test can run a command as VS Code would. */
  registerCommand(command: string, run: (...args: unknown[]) => unknown) {
    fake.registered.set(command, run);
    return new Disposable(() => fake.registered.delete(command));
  },
};

export const env = {
  /** VS Code's display language; English, as VS Code's own default. */
  language: 'en',
  async openExternal(uri: Uri) {
    fake.opened.push(String(uri));
    return true;
  },
  clipboard: {
    async writeText(text: string) {
      fake.clipboard = text;
    },
    async readText() {
      return fake.clipboard;
    },
  },
};

export const l10n = { t: formatMessage };

// `require('vscode')` (and so every `import … from 'vscode'`) loads this module; mocha's setup requires it first.
const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = loader._resolveFilename;
loader._resolveFilename = function resolveVscode(request: string, ...rest: unknown[]) {
  return request === 'vscode' ? __filename : resolve.call(this, request, ...rest);
};
