import { eventKeys, eventState, isEventChanged, type SettingForm } from '../../../src/app/settings/formState';
import type { Actions } from './actions';
import { h } from './dom';
import { eventStateText, eventText } from './format';
import type { Texts } from './model';

/**
 * One checkbox per event key the form offers (GitLab's for the scope, or the spec's while switching to Custom before
 * GitLab has listed any). A key never set (`null`) shows as an indeterminate checkbox marked with what GitLab does
 * with it ("default (on)" or "default (off)"); clicking it sets it on, then off; Reset goes back to what was loaded.
 */
export function eventSwitches(form: SettingForm, texts: Texts, actions: Actions): HTMLElement {
  const { strings } = texts;
  return h('fieldset', { id: 'events', className: 'events' },
    h('legend', {}, strings.eventsLegend),
    ...eventKeys(form).map((key) => {
      const state = eventState(form, key);
      const changed = isEventChanged(form, key);
      const known = Object.prototype.hasOwnProperty.call(texts.eventLabels, key);
      const checkbox = h('input', {
        id: `event-${key}`,
        data: { eventCheckbox: key },
        attrs: { type: 'checkbox', 'aria-describedby': `event-state-${key}` },
        on: { change: (event) => actions.setEvent(key, (event.target as HTMLInputElement).checked) },
      });
      checkbox.checked = state === 'on';
      checkbox.indeterminate = state === 'default';
      return h('div', {
        className: 'event-row', data: { eventKey: key, eventState: state, eventChanged: String(changed), eventKnown: String(known) },
      },
      checkbox,
      h('label', { attrs: { for: `event-${key}` }, className: 'event-label' },
        eventText(texts, key),
        known ? null : h('span', { className: 'event-unknown' }, ` (${strings.unknownEventHint})`)),
      h('code', { className: 'event-key' }, key),
      h('span', { id: `event-state-${key}`, className: `event-state event-state-${state}` },
        eventStateText(texts, key, state)),
      changed
        ? h('button', {
          className: 'link-button event-reset', title: strings.eventResetTitle, data: { eventReset: key },
          attrs: { type: 'button' }, on: { click: () => actions.resetEvent(key) },
        }, strings.eventReset)
        : h('span', { className: 'event-reset-slot' })); // keeps the grid's columns aligned
    }));
}
