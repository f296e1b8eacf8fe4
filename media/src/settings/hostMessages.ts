import { mergeBulkItem } from '../../../src/app/settings/bulkReport';
import { createForm, isDirty, rebase } from '../../../src/app/settings/formState';
import type { HostMessage, PersistedState } from '../../../src/app/settings/protocol';
import type { ScopeRef } from '../../../src/app/settings/scopes';
import { findEntry, type Pending, type UiState } from './model';

/** What applying a host message may need from the page besides the state. */
export interface PageControl {
  select(key: string): void;
  load(key: string): void;
  /** True (and forgotten) when `requestId` is a pending request of this kind. */
  takePending(requestId: number, kind: Pending['kind']): boolean;
  scopeFor(key: string): ScopeRef | undefined;
  /** The serializer's copy of the page state, used only when the page had none of its own. */
  restore(persisted: PersistedState): void;
}

/** Applies one validated host message to the page state. */
export function applyHostMessage(state: UiState, message: HostMessage, page: PageControl): void {
  switch (message.type) {
    case 'state': {
      state.texts = {
        strings: message.strings,
        levels: new Map(message.levels.map((info) => [info.level, info])),
        eventLabels: message.eventLabels,
      };
      state.scopes = message.scopes;
      if (message.bulk) state.bulk = message.bulk;
      if (message.restored) page.restore(message.restored);
      let key = message.focusKey ?? state.selectedKey ?? 'global';
      if (!findEntry(state, key)) key = 'global';
      page.select(key);
      return;
    }
    case 'scopes':
      state.scopes = message.scopes;
      return;
    case 'focusScope':
      page.select(message.key);
      return;
    case 'scopeLoaded': {
      if (!page.takePending(message.requestId, 'load')) return;
      if (state.loading.get(message.key) === message.requestId) state.loading.delete(message.key);
      state.loadErrors.delete(message.key);
      const form = state.forms.get(message.key);
      const scope = form?.scope ?? page.scopeFor(message.key);
      if (!scope) return;
      // Edits made while loading keep their baseline, so a difference on GitLab shows up as a conflict on save
      // instead of being overwritten unseen.
      if (!form || !isDirty(form)) state.forms.set(message.key, createForm(scope, message.setting));
      return;
    }
    case 'settingChanged': {
      const form = state.forms.get(message.key);
      // A form with edits keeps its baseline: saving it will show the change as a conflict instead of hiding it.
      if (form && !isDirty(form) && !state.conflicts.has(message.key)) state.forms.set(message.key, createForm(form.scope, message.setting));
      return;
    }
    case 'inherited':
      state.inherited.set(message.key, message.inherited);
      return;
    case 'saveResult': {
      if (!page.takePending(message.requestId, 'save')) return;
      const { key, result } = message;
      state.saving.delete(key);
      const form = state.forms.get(key);
      if (!form) return;
      if (result.outcome === 'saved') {
        state.forms.set(key, rebase(form, result.setting));
        state.notices.set(key, result.alreadyApplied ? 'alreadySaved' : 'saved');
        state.emailChecked.delete(key);
      } else if (result.outcome === 'conflict') {
        state.conflicts.set(key, result.server);
      } else {
        state.saveErrors.set(key, result.error);
        if (result.server) state.forms.set(key, rebase(form, result.server));
      }
      return;
    }
    case 'scopeAdded': {
      if (!page.takePending(message.requestId, 'add')) return;
      state.add = { open: false, kind: state.add.kind, ref: '' };
      const scopes = state.scopes ?? { entries: [], groupsOffered: true };
      if (!scopes.entries.some((entry) => entry.key === message.entry.key)) {
        state.scopes = { ...scopes, entries: [...scopes.entries, message.entry] };
      }
      page.select(message.entry.key);
      return;
    }
    case 'error': {
      const pending = state.pending.get(message.requestId);
      state.pending.delete(message.requestId);
      if (!pending) return;
      if (pending.kind === 'load') {
        if (state.loading.get(pending.key) === message.requestId) state.loading.delete(pending.key);
        state.loadErrors.set(pending.key, message.error);
      } else if (pending.kind === 'save') {
        state.saving.delete(pending.key);
        state.saveErrors.set(pending.key, message.error);
      } else if (pending.kind === 'add') {
        state.add = { ...state.add, pendingId: undefined, error: message.error.message };
      } else {
        if (state.bulk?.requestId === message.requestId) state.bulk = undefined;
        state.bulkError = message.error.message;
      }
      return;
    }
    case 'bulkProgress':
      if (state.bulk?.requestId === message.requestId) {
        state.bulk = { ...state.bulk, items: mergeBulkItem(state.bulk.items, message.item) };
      }
      return;
    case 'bulkDone': {
      if (state.bulk?.requestId !== message.requestId) return;
      state.pending.delete(message.requestId);
      state.bulk = { ...state.bulk, items: message.items, done: true };
      for (const item of message.items) {
        if (item.status !== 'changed' && item.status !== 'unchanged') continue;
        const form = state.forms.get(item.key);
        if (form && isDirty(form)) continue; // saving it later will surface the change as a conflict
        state.forms.delete(item.key);
        if (item.key === state.selectedKey) page.load(item.key);
      }
      return;
    }
  }
}
