import type { Localize } from '../../../src/app/settings/shared/labels';
import type { ScopeEntry } from '../../../src/app/settings/shared/protocol';
import type { SettingsApp as Actions } from './app';
import { bulkPanel } from './bulkPanel';
import { button, h, option, valueInput, type Child } from './dom';
import { isDirtyScope, visibleEntries, type UiState } from './model';

/** The left column: Global, Groups, Projects, "Add…", and the bulk change of the checked rows. */
export function scopePanel(state: UiState, t: Localize, actions: Actions): Child[] {
  const entries = visibleEntries(state);
  const groups = entries.filter((entry) => entry.scope.kind === 'group');
  const projects = entries.filter((entry) => entry.scope.kind === 'project');
  const global = entries.find((entry) => entry.key === 'global');
  const scopes = state.scopes;

  let groupsHint: string | undefined;
  if (scopes?.groupsLoading && groups.length === 0) groupsHint = t('Loading…');
  else if (scopes?.groupsError) groupsHint = t('Your groups could not be listed: {0}', scopes.groupsError.message);
  else if (groups.length === 0) groupsHint = scopes?.groupsOffered === false ? t('This server does not list your groups; add them by ID or path.') : t('No groups yet. Add one by ID or path.');

  return [
    h('div', { className: 'scope-toolbar' },
      h('h2', {}, t('Scopes')),
      button({ id: 'refresh-scopes', className: 'icon-button', title: t('Refresh list'), attrs: { 'aria-label': t('Refresh list') } },
        '⟳', () => actions.signal('refreshScopes'))),
    h('ul', { id: 'scope-list', className: 'scope-list', data: { keepScroll: '' }, attrs: { 'aria-label': t('Scopes') } },
      global ? scopeRow(state, t, { ...global, label: t('Global'), detail: t('Your default for every group and project') }, actions) : null,
      sectionHeading('groups', t('Groups')),
      ...groups.map((entry) => scopeRow(state, t, entry, actions)),
      groupsHint ? h('li', { className: 'scope-hint', id: 'groups-hint' }, groupsHint) : null,
      sectionHeading('projects', t('Projects')),
      ...projects.map((entry) => scopeRow(state, t, entry, actions)),
      projects.length === 0 ? h('li', { className: 'scope-hint', id: 'projects-hint' }, t('No projects yet. Add one by ID or path.')) : null),
    addScope(state, t, actions),
    bulkPanel(state, t, actions),
  ];
}

function sectionHeading(id: string, text: string): HTMLElement {
  return h('li', { className: 'scope-section', id: `scope-section-${id}`, attrs: { role: 'presentation' } }, text);
}

function scopeRow(state: UiState, t: Localize, entry: ScopeEntry, actions: Actions): HTMLElement {
  const selected = entry.key === state.selectedKey;
  const dirty = isDirtyScope(state.byKey.get(entry.key));
  const bulkable = entry.scope.kind !== 'global';
  const checked = state.bulkSelection.has(entry.key);
  const running = state.bulk !== undefined && !state.bulk.done;
  return h('li', {
    className: 'scope-row',
    data: { scopeKey: entry.key, scopeKind: entry.scope.kind, origin: entry.origin, selected: String(selected), dirty: String(dirty) },
  },
  bulkable
    ? h('input', {
      id: `bulk-select-${entry.key}`, className: 'scope-bulk-select', disabled: running,
      data: { bulkSelect: entry.key },
      attrs: { type: 'checkbox', 'aria-label': t('Select {0} for a bulk change', entry.label), ...(checked ? { checked: '' } : {}) },
      on: { change: (event) => actions.toggleBulk(entry.key, (event.target as HTMLInputElement).checked) },
    })
    : h('span', { className: 'scope-bulk-spacer' }),
  h('button', {
    id: `scope-select-${entry.key}`, className: 'scope-button', data: { scopeSelect: entry.key },
    title: entry.detail ?? entry.label,
    attrs: { type: 'button', ...(selected ? { 'aria-current': 'true' } : {}) },
    on: { click: () => actions.select(entry.key) },
  },
  h('span', { className: 'scope-label' }, entry.label),
  entry.detail ? h('span', { className: 'scope-detail' }, entry.detail) : null,
  dirty ? h('span', { className: 'scope-dirty', title: t('Unsaved changes'), attrs: { 'aria-label': t('Unsaved changes') } }, '●') : null));
}

function addScope(state: UiState, t: Localize, actions: Actions): HTMLElement {
  const { add } = state;
  const adding = add.adding === true;
  return h('div', { id: 'add-scope', className: 'add-scope' },
    button({ id: 'add-scope-toggle', className: 'link-button', attrs: { 'aria-expanded': String(add.open), 'aria-controls': 'add-scope-form' } },
      t('Add group/project by ID or path…'), () => actions.toggleAdd()),
    h('form', {
      id: 'add-scope-form', className: 'add-scope-form', hidden: !add.open,
      attrs: { novalidate: '' },
      on: { submit: (event) => { event.preventDefault(); actions.submitAdd(); } },
    },
    h('label', { attrs: { for: 'add-scope-kind' } }, t('Kind')),
    h('select', {
      id: 'add-scope-kind', disabled: adding,
      on: { change: (event) => actions.setAdd({ kind: (event.target as HTMLSelectElement).value === 'project' ? 'project' : 'group' }) },
    },
    option('group', t('Group'), add.kind === 'group'),
    option('project', t('Project'), add.kind === 'project')),
    h('label', { attrs: { for: 'add-scope-ref' } }, t('ID, path or URL')),
    valueInput('add-scope-ref', add.ref, {
      type: 'text', placeholder: t('e.g. 42 or my-group/my-project'), spellcheck: 'false', autocomplete: 'off',
      ...(add.error ? { 'aria-invalid': 'true', 'aria-describedby': 'add-scope-error' } : {}),
    }, adding, (ref) => actions.setAdd({ ref })),
    h('button', { id: 'add-scope-submit', disabled: adding, attrs: { type: 'submit' } }, adding ? t('Adding…') : t('Add')),
    h('p', { id: 'add-scope-error', className: 'field-error', hidden: !add.error, attrs: { role: 'alert' } }, add.error ?? '')));
}
