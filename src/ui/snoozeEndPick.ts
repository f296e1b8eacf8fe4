import * as vscode from 'vscode';
import type { TimeZone } from '../app/calendar';
import { formatSnoozeEnd, parseSnoozeEnd, snoozeEnd, type Clock, type SnoozePreset } from '../app/snoozeTime';
import * as plainWindow from './plainWindow';
import { displayLocalize } from './displayLanguage';

const PRESET_LABELS: Record<Exclude<SnoozePreset['kind'], 'until'>, () => string> = {
  hour: () => vscode.l10n.t('For 1 Hour'),
  tomorrow: () => vscode.l10n.t('Until Tomorrow 09:00'),
  nextMonday: () => vscode.l10n.t('Until Next Monday 09:00'),
};

/**
 * Until when a snooze lasts: the presets, each with the end it means now, or a date typed in an input box that is
 * validated as it is typed (a past or impossible time cannot be confirmed). Undefined when dismissed. The notification
 * snooze and the To-Do List's snooze ask the same way.
 */
export async function pickSnoozeEnd(options: {
  clock: Clock; zone: TimeZone; title: string; placeHolder: string; presets: ReadonlyArray<Exclude<SnoozePreset['kind'], 'until'>>;
}): Promise<number | undefined> {
  const { clock, zone } = options;
  const now = clock.now();
  type Item = plainWindow.PlainItem & { preset?: SnoozePreset };
  const items: Item[] = options.presets.map((kind) => {
    const preset = { kind } as SnoozePreset;
    return { label: PRESET_LABELS[kind](), description: formatSnoozeEnd(snoozeEnd(preset, now, zone), now, zone, displayLocalize()), preset };
  });
  items.push({ label: vscode.l10n.t('Until a Date…') });
  // A later step of a flow (the scope, then the end): the focus handed back when the step before closed (to the
  // settings editor's webview, say) would otherwise close this one as it opens.
  const pick = await plainWindow.showQuickPick(items, { title: options.title, placeHolder: options.placeHolder, ignoreFocusOut: true });
  if (!pick) return undefined;
  // From the time of the choice, not of the pick's opening.
  if (pick.preset) return snoozeEnd(pick.preset, clock.now(), zone);
  const text = await plainWindow.showInputBox({
    title: options.title,
    ignoreFocusOut: true,
    prompt: vscode.l10n.t('Until when: YYYY-MM-DD (at 09:00) or YYYY-MM-DD HH:MM, local time'),
    validateInput: (value) => {
      const parsed = parseSnoozeEnd(value, clock.now(), zone, displayLocalize());
      return 'error' in parsed ? parsed.error : undefined;
    },
  });
  if (text === undefined) return undefined;
  const parsed = parseSnoozeEnd(text, clock.now(), zone, displayLocalize());
  return 'until' in parsed ? parsed.until : undefined;
}
