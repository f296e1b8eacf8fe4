import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { dayKey, dayNumberAt, type TimeZone } from '../../app/calendar';
import { customDayProblem, markdownRangeDays, markdownRanges, spanText, type DaySpan } from '../../app/activity/markdownRange';
import { displayLocalize } from '../displayLanguage';

/** Asks which days "Copy Activity as Markdown" covers: a preset or a custom range of days (both included). */
export async function pickMarkdownRange(now: number, zone: TimeZone): Promise<DaySpan | undefined> {
  type Item = plainWindow.PlainItem & { span?: DaySpan };
  const items: Item[] = markdownRanges(displayLocalize()).map((range) => {
    const span = markdownRangeDays(range.id, now, zone);
    return { label: range.label, description: spanText(span, displayLocalize()), span };
  });
  items.push({ label: vscode.l10n.t('Custom range…') });
  const choice = await plainWindow.showQuickPick(items, {
    title: vscode.l10n.t('Copy Activity as Markdown'), placeHolder: vscode.l10n.t('Which days? (under the current filter)'),
  });
  if (!choice) return undefined;
  if (choice.span) return choice.span;
  const today = dayNumberAt(now, zone);
  const first = await plainWindow.showInputBox({
    title: vscode.l10n.t('Custom Range (1/2)'), prompt: vscode.l10n.t('First day to copy (YYYY-MM-DD, included).'),
    value: dayKey(today - 6), placeHolder: 'YYYY-MM-DD',
    validateInput: (value) => customDayProblem(value, 'first', undefined, displayLocalize()),
  });
  if (first === undefined) return undefined;
  const last = await plainWindow.showInputBox({
    title: vscode.l10n.t('Custom Range (2/2)'), prompt: vscode.l10n.t('Last day to copy (YYYY-MM-DD, included).'),
    value: dayKey(today), placeHolder: 'YYYY-MM-DD',
    validateInput: (value) => customDayProblem(value, 'last', first.trim(), displayLocalize()),
  });
  if (last === undefined) return undefined;
  return { first: first.trim(), last: last.trim() };
}
