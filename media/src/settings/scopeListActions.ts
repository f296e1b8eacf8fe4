import { parseScopeInput } from '../../../src/app/settings/shared/scopes';
import { movedKey, typedKey } from '../../../src/app/settings/shared/listNavigation';
import { isDirtyScope, listedEntries, type ListActions, type UiState } from './model';
import type { Page } from './page';

/** Letters typed within this time make one type-ahead prefix in the scope list. */
const TYPE_AHEAD_MS = 700;

/**
 * The scope list: choosing a scope (its form read again unless it holds edits), the keyboard in the list (one tab stop,
 * arrows, Home, End and type-ahead), and the Add form below it, whose scope the host checks before it joins the list.
 */
export class ScopeListActions implements ListActions {
  private typed = { text: '', at: 0 };

  constructor(private readonly page: Page, private readonly form: { load(key: string): void; askChain(key: string): void },
    private readonly bulk: { toggle(key: string, selected: boolean): void }) {}

  select(key: string): void {
    const { state } = this.page;
    state.selectedKey = state.activeKey = key;
    const scope = state.byKey.get(key);
    // A scope without edits is read again each time it is opened; one with edits keeps them (and its baseline).
    if (!scope?.conflict && !isDirtyScope(scope) && !scope?.loading && !scope?.saving) this.form.load(key);
    this.form.askChain(key);
    this.page.changed();
  }

  /** A scope option got the focus (keyboard or mouse): it holds the list's tab stop from now on. */
  optionFocused(key: string): void {
    if (this.page.state.activeKey === key) return;
    this.page.state.activeKey = key;
    this.page.changed();
  }

  /** Keys in the scope list: arrows, Home, End and letters move; Enter opens the scope; Space checks it for bulk. */
  listKey(event: KeyboardEvent): void {
    const { state } = this.page;
    const key = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]')?.dataset.scopeKey;
    if (key === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (event.key === 'Enter') this.select(key);
      else this.bulk.toggle(key, !state.bulkSelection.has(key));
      return;
    }
    const entries = listedEntries(state);
    let target = movedKey(entries.map((entry) => entry.key), key, event.key);
    if (target === undefined && event.key.length === 1) {
      const now = Date.now();
      this.typed = { text: (now - this.typed.at < TYPE_AHEAD_MS ? this.typed.text : '') + event.key, at: now };
      const t = state.texts;
      target = typedKey(entries.map((entry) => ({ key: entry.key, label: entry.key === 'global' && t ? t('Global') : entry.label })), key, this.typed.text);
    }
    if (target === undefined) return;
    event.preventDefault();
    this.page.focusOption(target);
  }

  toggleAdd(): void {
    const { state } = this.page;
    state.add = { ...state.add, open: !state.add.open, error: undefined };
    this.page.changed();
    this.page.focus(state.add.open ? 'add-scope-ref' : 'add-scope-toggle');
  }

  /** Typing in the add form: kept, not re-rendered. */
  setAdd(change: Partial<Pick<UiState['add'], 'kind' | 'ref'>>): void {
    this.page.state.add = { ...this.page.state.add, ...change };
  }

  submitAdd(): void {
    const { page } = this;
    const { state } = page;
    const { add, texts: t } = state;
    if (add.adding || !t) return;
    const ref = parseScopeInput(add.ref);
    if (ref === undefined) {
      state.add = { ...add, error: t('Enter a numeric ID, a full path such as group/subgroup/project, or its GitLab URL.') };
      page.changed();
      page.focus('add-scope-ref');
      return;
    }
    state.add = { ...add, adding: true, error: undefined };
    void page.ask(page.host.request('addScope', { kind: add.kind, ref }), (entry) => {
      state.add = { open: false, kind: state.add.kind, ref: '' };
      const scopes = state.scopes ?? { entries: [], groupsOffered: true };
      if (!scopes.entries.some((existing) => existing.key === entry.key)) state.scopes = { ...scopes, entries: [...scopes.entries, entry] };
      this.select(entry.key);
    }, (error) => {
      state.add = { ...state.add, adding: false, error: error.message };
    }).then(() => {
      // The form's fields were off while adding: the focus goes to the new scope, or back to the field with the error.
      if (!page.focusLost('add-scope-submit', 'add-scope-ref')) return;
      if (state.add.error) page.focus('add-scope-ref');
      else if (state.selectedKey) this.page.focusOption(state.selectedKey);
    });
    page.changed();
  }
}
