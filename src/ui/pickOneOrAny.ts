import * as vscode from 'vscode';
import * as plainWindow from './plainWindow';

export type ValuePick<T> = plainWindow.PlainItem & { value: T };

/**
 * A filter's quick pick of values plus "Any", the current one marked: the Activity view's and the To-Do view's. Null
 * when dismissed, undefined for "Any". `values` may still be on their way (the pick shows it is busy meanwhile).
 */
export async function pickOneOrAny<T>(title: string, values: Array<ValuePick<T>> | Promise<Array<ValuePick<T>>>, current: T | undefined,
  options: { placeHolder?: string; same?: (a: T, b: T) => boolean; matchOnDetail?: boolean } = {}): Promise<T | undefined | null> {
  const same = options.same ?? ((a: T, b: T) => a === b);
  const items = Promise.resolve(values).then((list): Array<ValuePick<T | undefined>> => [
    { label: vscode.l10n.t('Any'), value: undefined, description: current === undefined ? vscode.l10n.t('current') : undefined },
    ...list.map((item) => ({ ...item, description: current !== undefined && same(item.value, current) ? vscode.l10n.t('current') : undefined })),
  ]);
  const choice = await plainWindow.showQuickPick(items, {
    title, ...(options.placeHolder ? { placeHolder: options.placeHolder } : {}), ...(options.matchOnDetail ? { matchOnDetail: true } : {}),
  });
  return choice ? choice.value : null;
}

/** Applies a filter change; a change refused as invalid (it cannot be, from the picks) is said, never sent. */
export async function applyFilterChange(change: () => Promise<void>): Promise<void> {
  try {
    await change();
  } catch (error) {
    void plainWindow.showErrorMessage(error instanceof Error ? error.message : String(error));
  }
}
