import { formatMessage } from '../../../src/app/localize';
import type { Texts } from './model';

/** Fills `{0}`-style placeholders of a localized template. */
export const format = formatMessage;

/** A level's human label; an unknown level keeps its name with a note. */
export function levelText(texts: Texts, level: string): string {
  return texts.levels.get(level)?.label ?? format(texts.strings.unknownLevelLabel, level);
}

export function eventText(texts: Texts, key: string): string {
  return texts.eventLabels[key] ?? key;
}
