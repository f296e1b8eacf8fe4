import { isDirty } from '../../../src/app/settings/shared/formState';
import type { SettingsApp as Actions } from './app';
import { h, replaceContent } from './dom';
import type { UiState } from './model';
import { scopePanel } from './scopePanel';
import { settingsForm, statusText } from './settingsForm';

/** The page's two columns, rebuilt from the state after each change (focus, caret and scroll are kept). */
export class PageView {
  private nav: HTMLElement | undefined;
  private main: HTMLElement | undefined;

  constructor(private readonly root: HTMLElement, private readonly actions: Actions) {}

  render(state: UiState): void {
    const { texts } = state;
    if (!texts) return; // the host's texts have not come yet: the page keeps its loading line
    if (!this.nav || !this.main) {
      this.nav = h('nav', { id: 'scope-panel', className: 'scope-panel', attrs: { 'aria-label': texts.t('Scopes') } });
      this.main = h('main', { id: 'settings-form', className: 'settings-form' });
      this.root.replaceChildren(this.nav, this.main);
      this.root.dataset.state = 'ready';
    }
    replaceContent(this.nav, scopePanel(state, texts, this.actions));
    replaceContent(this.main, settingsForm(state, texts, this.actions));
    this.markForm(state);
  }

  /** While typing: only the parts that follow the text (status line, buttons, unsaved markers), not the field itself. */
  refreshChrome(state: UiState): void {
    const key = state.selectedKey;
    const form = key ? state.forms.get(key) : undefined;
    if (!state.texts || !key || !form || !this.nav) return;
    const dirty = isDirty(form);
    const status = document.getElementById('form-status');
    if (status) status.textContent = statusText(state, key, form, state.texts);
    const saving = state.saving.has(key);
    document.getElementById('save-button')?.toggleAttribute('disabled', !dirty || saving || state.conflicts.has(key));
    document.getElementById('revert-button')?.toggleAttribute('disabled', !dirty || saving);
    replaceContent(this.nav, scopePanel(state, state.texts, this.actions));
    this.markForm(state);
  }

  /** Data attributes a test (or a style) can read: which scope, in what state. */
  private markForm(state: UiState): void {
    if (!this.main) return;
    const key = state.selectedKey;
    const form = key ? state.forms.get(key) : undefined;
    const formState = !key ? 'empty'
      : state.saving.has(key) ? 'saving'
        : state.conflicts.has(key) ? 'conflict'
          : !form && state.loading.has(key) ? 'loading'
            : (state.saveErrors.has(key) || state.loadErrors.has(key)) ? 'error'
              : form ? 'ready' : 'empty';
    this.main.dataset.scopeKey = key ?? '';
    this.main.dataset.formState = formState;
    this.main.dataset.dirty = String(form !== undefined && isDirty(form));
  }
}
