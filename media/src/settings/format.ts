import { formatMessage } from '../../../src/app/localize';
import { nullSwitchIsOn } from '../../../src/app/settings/eventLabels';
import type { EventState } from '../../../src/app/settings/formState';
import type { Texts } from './model';

/** Fills `{0}`-style placeholders of a localized template. */
export const format = formatMessage;

/** A level's human label; an unknown level keeps its name with a note. */
export function levelText(texts: Texts, level: string): string {
  return texts.levels.get(level)?.label ?? format(texts.strings.unknownLevelLabel, level);
}

/** The state of a switch; a never-set (`null`) one says what GitLab does with it. */
export function eventStateText(texts: Texts, key: string, state: EventState): string {
  const { strings } = texts;
  if (state === 'on') return strings.eventOn;
  if (state === 'off') return strings.eventOff;
  return nullSwitchIsOn(key) ? strings.eventDefaultOn : strings.eventDefaultOff;
}

export function eventText(texts: Texts, key: string): string {
  return texts.eventLabels[key] ?? key;
}
