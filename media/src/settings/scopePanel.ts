import { html, nothing, type TemplateResult } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import { repeat } from 'lit-html/directives/repeat.js';
import type { Localize } from '../../../src/app/settings/shared/labels';
import type { ScopeEntry } from '../../../src/app/settings/shared/protocol';
import type { SettingsApp as Actions } from './app';
import { bulkPanel } from './bulkPanel';
import { isDirtyScope, visibleEntries, type UiState } from './model';
import { option, type View } from './settingsForm';

/** The left column: Global, Groups, Projects, "Add…", and the bulk change of the checked rows. */
export function scopePanel(state: UiState, t: Localize, actions: Actions): TemplateResult {
  const entries = visibleEntries(state);
  const groups = entries.filter((entry) => entry.scope.kind === 'group');
  const projects = entries.filter((entry) => entry.scope.kind === 'project');
  const global = entries.find((entry) => entry.key === 'global');
  const scopes = state.scopes;

  let groupsHint: string | undefined;
  if (scopes?.groupsLoading && groups.length === 0) groupsHint = t('Loading…');
  else if (scopes?.groupsError) groupsHint = t('Your groups could not be listed: {0}', scopes.groupsError.message);
  else if (groups.length === 0) groupsHint = scopes?.groupsOffered === false ? t('This server does not list your groups; add them by ID or path.') : t('No groups yet. Add one by ID or path.');

  // Rows are keyed by scope, so a focused row keeps its focus when the list above it changes.
  const rows = (list: ScopeEntry[]) => repeat(list, (entry) => entry.key, (entry) => scopeRow(state, t, entry, actions));
  const hint = (id: string, text: string | undefined): View =>
    text ? html`<li class="scope-hint" id=${id}>${text}</li>` : nothing;
  return html`<nav id="scope-panel" class="scope-panel" aria-label=${t('Scopes')}>
    <div class="scope-toolbar">
      <h2>${t('Scopes')}</h2>
      <button type="button" id="refresh-scopes" class="icon-button" title=${t('Refresh list')} aria-label=${t('Refresh list')}
        @click=${() => actions.signal('refreshScopes')}>⟳</button>
    </div>
    <ul id="scope-list" class="scope-list" aria-label=${t('Scopes')}>
      ${global ? scopeRow(state, t, { ...global, label: t('Global'), detail: t('Your default for every group and project') }, actions) : nothing}
      <li class="scope-section" id="scope-section-groups" role="presentation">${t('Groups')}</li>
      ${rows(groups)}
      ${hint('groups-hint', groupsHint)}
      <li class="scope-section" id="scope-section-projects" role="presentation">${t('Projects')}</li>
      ${rows(projects)}
      ${hint('projects-hint', projects.length === 0 ? t('No projects yet. Add one by ID or path.') : undefined)}
    </ul>
    ${addScope(state, t, actions)}
    ${bulkPanel(state, t, actions)}
  </nav>`;
}

function scopeRow(state: UiState, t: Localize, entry: ScopeEntry, actions: Actions): TemplateResult {
  const selected = entry.key === state.selectedKey;
  const dirty = isDirtyScope(state.byKey.get(entry.key));
  const running = state.bulk !== undefined && !state.bulk.done;
  return html`<li class="scope-row" data-scope-key=${entry.key} data-scope-kind=${entry.scope.kind} data-origin=${entry.origin}
    data-selected=${String(selected)} data-dirty=${String(dirty)}>
    ${entry.scope.kind === 'global' ? html`<span class="scope-bulk-spacer"></span>` : html`<input type="checkbox"
      id=${`bulk-select-${entry.key}`} class="scope-bulk-select" ?disabled=${running} data-bulk-select=${entry.key}
      aria-label=${t('Select {0} for a bulk change', entry.label)} .checked=${live(state.bulkSelection.has(entry.key))}
      @change=${(event: Event) => actions.toggleBulk(entry.key, (event.target as HTMLInputElement).checked)}>`}
    <button type="button" id=${`scope-select-${entry.key}`} class="scope-button" data-scope-select=${entry.key}
      title=${entry.detail ?? entry.label} aria-current=${selected ? 'true' : nothing} @click=${() => actions.select(entry.key)}
      ><span class="scope-label">${entry.label}</span>${entry.detail ? html`<span class="scope-detail">${entry.detail}</span>` : nothing}${dirty
        ? html`<span class="scope-dirty" title=${t('Unsaved changes')} aria-label=${t('Unsaved changes')}>●</span>` : nothing}</button>
  </li>`;
}

const kindOf = (value: string): UiState['add']['kind'] => (value === 'group' || value === 'project' ? value : 'either');

function addScope(state: UiState, t: Localize, actions: Actions): TemplateResult {
  const { add } = state;
  const adding = add.adding === true;
  const submit = (event: Event): void => {
    event.preventDefault();
    actions.submitAdd();
  };
  return html`<div id="add-scope" class="add-scope">
    <button type="button" id="add-scope-toggle" class="link-button" aria-expanded=${String(add.open)} aria-controls="add-scope-form"
      @click=${() => actions.toggleAdd()}>${t('Add group/project by ID or path…')}</button>
    <form id="add-scope-form" class="add-scope-form" ?hidden=${!add.open} novalidate @submit=${submit}>
      <label for="add-scope-kind">${t('Kind')}</label>
      <select id="add-scope-kind" ?disabled=${adding}
        @change=${(event: Event) => actions.setAdd({ kind: kindOf((event.target as HTMLSelectElement).value) })}>
        ${option('either', t('Group or project (found out)'), add.kind === 'either')}
        ${option('group', t('Group'), add.kind === 'group')}
        ${option('project', t('Project'), add.kind === 'project')}
      </select>
      <label for="add-scope-ref">${t('ID, path or URL')}</label>
      <input id="add-scope-ref" type="text" placeholder=${t('e.g. 42 or my-group/my-project')} spellcheck="false" autocomplete="off"
        ?disabled=${adding} aria-invalid=${add.error ? 'true' : nothing} aria-describedby=${add.error ? 'add-scope-error' : nothing}
        .value=${live(add.ref)} @input=${(event: Event) => actions.setAdd({ ref: (event.target as HTMLInputElement).value })}>
      <button type="submit" id="add-scope-submit" ?disabled=${adding}>${adding ? t('Adding…') : t('Add')}</button>
      <p id="add-scope-error" class="field-error" ?hidden=${!add.error} role="alert">${add.error ?? ''}</p>
    </form>
  </div>`;
}
