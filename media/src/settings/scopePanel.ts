import { html, nothing, type TemplateResult } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import type { Localize } from '../../../src/app/settings/shared/labels';
import { tabStopKey } from '../../../src/app/settings/shared/listNavigation';
import type { ScopeEntry } from '../../../src/app/settings/shared/protocol';
import { bulkPanel } from './bulkPanel';
import { isDirtyScope, listedEntries, type Actions, type UiState, type View } from './model';

/**
 * The left column: Global, Groups, Projects as one list box (a single tab stop: the arrow keys move in it, Enter opens
 * a scope, Space checks it for a bulk change), and the bulk change of the checked ones. The Add form is rendered after
 * the settings form (`addScopeForm`), so it comes last in the tab order.
 */
export function scopePanel(state: UiState, t: Localize, actions: Actions): TemplateResult {
  const entries = listedEntries(state);
  const groups = entries.filter((entry) => entry.scope.kind === 'group');
  const projects = entries.filter((entry) => entry.scope.kind === 'project');
  const global = entries.find((entry) => entry.key === 'global');
  const scopes = state.scopes;
  const tabStop = tabStopKey(entries.map((entry) => entry.key), state.activeKey, state.selectedKey);

  let groupsHint: string | undefined;
  if (scopes?.groupsLoading && groups.length === 0) groupsHint = t('Loading…');
  else if (scopes?.groupsError) groupsHint = t('Your groups could not be listed: {0}', scopes.groupsError.message);
  else if (groups.length === 0) groupsHint = scopes?.groupsOffered === false ? t('This server does not list your groups; add them by ID or path.') : t('No groups yet. Add one by ID or path.');
  const projectsHint = projects.length === 0 ? t('No projects yet. Add one by ID or path.') : undefined;

  // Options are keyed by scope, so a focused option keeps its focus when the list above it changes.
  const options = (list: ScopeEntry[]) => repeat(list, (entry) => entry.key, (entry) => scopeOption(state, t, entry, entry.key === tabStop, actions));
  const hint = (id: string, text: string | undefined): View => text ? html`<div class="scope-hint" id=${id}>${text}</div>` : nothing;
  // A section is a group of options named by its heading; its hint (empty list, error) is its description.
  const section = (kind: string, heading: string, list: ScopeEntry[], hintText: string | undefined) => html`<div role="group"
    class="scope-group" aria-labelledby=${`scope-section-${kind}`} aria-describedby=${hintText ? `${kind}-hint` : nothing}>
      <div class="scope-section" id=${`scope-section-${kind}`}>${heading}</div>
      ${options(list)}
      ${hint(`${kind}-hint`, hintText)}
    </div>`;
  return html`<nav id="scope-panel" class="scope-panel" aria-label=${t('Scopes')}>
    <div class="scope-toolbar">
      <h2>${t('Scopes')}</h2>
      <button type="button" id="refresh-scopes" class="icon-button" title=${t('Refresh list')} aria-label=${t('Refresh list')}
        @click=${() => actions.signal('refreshScopes')}>⟳</button>
    </div>
    <div id="scope-list" class="scope-list" role="listbox" aria-label=${t('Scopes')} aria-describedby="scope-list-keys"
      @keydown=${(event: KeyboardEvent) => actions.list.listKey(event)}>
      ${global ? scopeOption(state, t, { ...global, label: t('Global'), detail: t('Your default for every group and project') }, global.key === tabStop, actions) : nothing}
      ${section('groups', t('Groups'), groups, groupsHint)}
      ${section('projects', t('Projects'), projects, projectsHint)}
    </div>
    <p id="scope-list-keys" class="hint scope-keys">${t('Arrow keys move in the list, Enter opens a scope, Space checks it for a change of several at once.')}</p>
    ${bulkPanel(state, t, actions)}
  </nav>`;
}

/**
 * One scope: selected (`aria-selected`) when its form is shown, checked (`aria-checked`) when it is in the bulk
 * selection. The check box drawn in it is for the mouse only (Space does the same from the keyboard): a control
 * inside an option would be a second tab stop that assistive technologies cannot reach.
 */
function scopeOption(state: UiState, t: Localize, entry: ScopeEntry, tabStop: boolean, actions: Actions): TemplateResult {
  const selected = entry.key === state.selectedKey;
  const dirty = isDirtyScope(state.byKey.get(entry.key));
  const running = state.bulk !== undefined && !state.bulk.done;
  const checkable = entry.scope.kind !== 'global';
  const checked = state.bulkSelection.has(entry.key);
  return html`<div role="option" id=${scopeOptionId(entry.key)} class="scope-row" tabindex=${tabStop ? '0' : '-1'}
    data-scope-key=${entry.key} data-scope-kind=${entry.scope.kind} data-origin=${entry.origin} data-selected=${String(selected)}
    data-dirty=${String(dirty)} data-scope-select=${entry.key} title=${entry.detail ?? entry.label}
    aria-selected=${String(selected)} aria-checked=${checkable ? String(checked) : nothing}
    @click=${() => actions.list.select(entry.key)} @focus=${() => actions.list.optionFocused(entry.key)}>
    ${checkable ? html`<span class="scope-bulk-select" data-bulk-select=${entry.key} data-checked=${String(checked)}
      data-disabled=${String(running)} aria-hidden="true" title=${t('Select {0} for a bulk change', entry.label)}
      @click=${(event: Event) => { event.stopPropagation(); actions.bulk.toggle(entry.key, !checked); }}></span>`
      : html`<span class="scope-bulk-spacer"></span>`}
    <span class="scope-label">${entry.label}</span>${entry.detail ? html`<span class="scope-detail">${entry.detail}</span>` : nothing}${dirty
      ? html`<span class="scope-dirty" title=${t('Unsaved changes')} aria-label=${t('Unsaved changes')}>●</span>` : nothing}
  </div>`;
}

/** The element id of a scope's option (ids may hold any character but spaces; scope keys have none). */
export function scopeOptionId(key: string): string {
  return `scope-option-${key}`;
}
