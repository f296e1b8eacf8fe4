import { html, nothing, type TemplateResult } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import type { Localize } from '../../../src/app/settings/shared/labels';
import { errorLine, option, type Actions, type UiState } from './model';

// "Group or project (found out)" is the default: GitLab is asked which a path is.
const kindOf = (value: string): UiState['add']['kind'] => (value === 'group' || value === 'project' ? value : 'either');

/**
 * "Add group/project by ID or path…": shown under the scope list, but rendered after the settings form so that it
 * comes last in the tab order (the list, then the form of the scope chosen there, then adding another).
 */
export function addScopeForm(state: UiState, t: Localize, actions: Actions): TemplateResult {
  const { add } = state;
  const adding = add.adding === true;
  const submit = (event: Event): void => {
    event.preventDefault();
    actions.list.submitAdd();
  };
  const escape = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    actions.list.toggleAdd();
  };
  return html`<section id="add-scope" class="add-scope" aria-label=${t('Add a group or project')}>
    <button type="button" id="add-scope-toggle" class="link-button" aria-expanded=${String(add.open)} aria-controls="add-scope-form"
      @click=${() => actions.list.toggleAdd()}>${t('Add group/project by ID or path…')}</button>
    <form id="add-scope-form" class="add-scope-form" ?hidden=${!add.open} novalidate @submit=${submit} @keydown=${escape}>
      <label for="add-scope-kind">${t('Kind')}</label>
      <select id="add-scope-kind" ?disabled=${adding}
        @change=${(event: Event) => actions.list.setAdd({ kind: kindOf((event.target as HTMLSelectElement).value) })}>
        ${option('either', t('Group or project (found out)'), add.kind === 'either')}
        ${option('group', t('Group'), add.kind === 'group')}
        ${option('project', t('Project'), add.kind === 'project')}
      </select>
      <label for="add-scope-ref">${t('ID, path or URL')}</label>
      <input id="add-scope-ref" type="text" placeholder=${t('e.g. 42 or my-group/my-project')} spellcheck="false" autocomplete="off"
        ?disabled=${adding} aria-invalid=${add.error ? 'true' : nothing} aria-describedby=${add.error ? 'add-scope-error' : nothing}
        .value=${live(add.ref)} @input=${(event: Event) => actions.list.setAdd({ ref: (event.target as HTMLInputElement).value })}>
      <button type="submit" id="add-scope-submit" ?disabled=${adding}>${adding ? t('Adding…') : t('Add')}</button>
      ${errorLine('add-scope-error', add.error, t)}
    </form>
  </section>`;
}
