import * as vscode from 'vscode';
import { inert } from '../app/plainText';

/**
 * The window's text surfaces that read markup in plain strings, with every text made inert on the way: a message or
 * a validation message turns `[x](command:…)` into a live link, a quick pick or the status bar turns `$(name)` into
 * an icon. Names, levels and error texts from GitLab, profile files and settings reach these surfaces, so the shell
 * calls them only through here (a unit test checks), and our own icons travel apart from the text, as `icon`.
 */

export const showInformationMessage = (message: string, ...actions: string[]): Thenable<string | undefined> =>
  vscode.window.showInformationMessage(inert(message), ...actions.map(inert));

export const showWarningMessage = (message: string, ...actions: string[]): Thenable<string | undefined> =>
  vscode.window.showWarningMessage(inert(message), ...actions.map(inert));

export const showErrorMessage = (message: string, ...actions: string[]): Thenable<string | undefined> =>
  vscode.window.showErrorMessage(inert(message), ...actions.map(inert));

/** A modal information message: the message and its detail (a paragraph per reason) inert, as the other messages. */
export const showModalInformation = (message: string, detail: string, ...actions: string[]): Thenable<string | undefined> =>
  vscode.window.showInformationMessage(inert(message), { modal: true, detail: inert(detail) }, ...actions.map(inert));

export const setStatusBarMessage = (message: string, hideAfterMs: number): vscode.Disposable =>
  vscode.window.setStatusBarMessage(inert(message), hideAfterMs);

/** A quick pick item whose texts are shown as written; `icon` (a codicon id of ours) is drawn before the label. */
export type PlainItem = vscode.QuickPickItem & { icon?: string };

/** What the quick pick shows for `item`: every text inert, then our icon. */
export function shownItem<T extends PlainItem>(item: T): T {
  const label = item.icon ? `$(${item.icon}) ${inert(item.label)}` : inert(item.label);
  return {
    ...item,
    label,
    ...(item.description !== undefined ? { description: inert(item.description) } : {}),
    ...(item.detail !== undefined ? { detail: inert(item.detail) } : {}),
  };
}

type PickOptions = Omit<vscode.QuickPickOptions, 'canPickMany'>;

function plainOptions<O extends vscode.QuickPickOptions>(options: O | undefined): O | undefined {
  if (!options) return options;
  return {
    ...options,
    ...(options.title !== undefined ? { title: inert(options.title) } : {}),
    ...(options.placeHolder !== undefined ? { placeHolder: inert(options.placeHolder) } : {}),
  };
}

/** Shows `items` made plain and resolves with the caller's own item (not the shown copy). */
async function pick<T extends PlainItem>(items: readonly T[] | Thenable<readonly T[]>, options: vscode.QuickPickOptions): Promise<T[] | undefined> {
  const shown = new Map<PlainItem, T>();
  const plainItems = Promise.resolve(items).then((list) => list.map((item) => {
    const copy = shownItem(item);
    shown.set(copy, item);
    return copy;
  }));
  const choice: unknown = await vscode.window.showQuickPick(plainItems, plainOptions(options));
  if (choice === undefined) return undefined;
  return (Array.isArray(choice) ? choice : [choice]).map((item: PlainItem) => shown.get(item) ?? (item as T));
}

export async function showQuickPick<T extends PlainItem>(items: readonly T[] | Thenable<readonly T[]>, options: PickOptions = {}): Promise<T | undefined> {
  return (await pick(items, { ...options, canPickMany: false }))?.[0];
}

export function showQuickPickMany<T extends PlainItem>(items: readonly T[] | Thenable<readonly T[]>, options: PickOptions = {}): Promise<T[] | undefined> {
  return pick(items, { ...options, canPickMany: true });
}

/**
 * A quick pick that also tells what was typed in its filter box, so a next step (an input box) can start from it.
 * Resolves with the caller's own item (undefined when Enter was pressed with nothing to pick) and the typed value;
 * undefined when dismissed.
 */
export function showQuickPickWithValue<T extends PlainItem>(items: readonly T[], options: PickOptions = {}):
  Promise<{ item: T | undefined; value: string } | undefined> {
  const pick = vscode.window.createQuickPick<PlainItem>();
  const shown = new Map<PlainItem, T>();
  pick.items = items.map((item) => {
    const copy = shownItem(item);
    shown.set(copy, item);
    return copy;
  });
  const plain = plainOptions(options);
  pick.title = plain?.title;
  pick.placeholder = plain?.placeHolder;
  pick.matchOnDescription = options.matchOnDescription ?? false;
  pick.matchOnDetail = options.matchOnDetail ?? false;
  pick.ignoreFocusOut = options.ignoreFocusOut ?? false;
  return new Promise((resolve) => {
    let result: { item: T | undefined; value: string } | undefined;
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      result = { item: chosen && shown.get(chosen), value: pick.value };
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(result);
    });
    pick.show();
  });
}

/** The texts of a quick input that VS Code reads markup in (`$(name)` in titles, links in prompts and validation). */
const INPUT_TEXTS = new Set<PropertyKey>(['title', 'prompt', 'placeholder']);

/**
 * `input` with every text the shell sets on it made inert as it is set: its title, prompt, placeholder and validation
 * message, and (a quick pick) its items, shown as `shownItem` shows them.
 */
function plainInput<T extends vscode.QuickInput>(input: T): T {
  return new Proxy(input, {
    set(target, key, value: unknown) {
      let shown = value;
      if (INPUT_TEXTS.has(key) && typeof value === 'string') shown = inert(value);
      else if (key === 'validationMessage') {
        shown = typeof value === 'string' ? inert(value)
          : value && typeof value === 'object' ? { ...value, message: inert(String((value as vscode.InputBoxValidationMessage).message)) } : value;
      } else if (key === 'items' && Array.isArray(value)) shown = value.map((item: PlainItem) => shownItem(item));
      return Reflect.set(target, key, shown, target);
    },
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** `window.createInputBox`, its texts inert whatever sets them. */
export const createInputBox = (): vscode.InputBox => plainInput(vscode.window.createInputBox());

/** `window.createQuickPick`, its texts and items shown plain (items as `shownItem`: our `icon`, their texts inert). */
export const createQuickPick = <T extends PlainItem>(): vscode.QuickPick<T> => plainInput(vscode.window.createQuickPick<T>());

/** An input box whose prompt and validation messages are inert (a validator may echo what it was given). */
export function showInputBox(options: vscode.InputBoxOptions): Thenable<string | undefined> {
  const validate = options.validateInput;
  return vscode.window.showInputBox({
    ...options,
    ...(options.title !== undefined ? { title: inert(options.title) } : {}),
    ...(options.prompt !== undefined ? { prompt: inert(options.prompt) } : {}),
    ...(validate ? {
      validateInput: async (value: string) => {
        const problem = await validate(value);
        if (typeof problem === 'string') return inert(problem);
        return problem ? { ...problem, message: inert(problem.message) } : problem;
      },
    } : {}),
  });
}
