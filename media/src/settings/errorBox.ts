import type { ErrorInfo } from '../../../src/app/settings/protocol';
import type { Actions } from './actions';
import { h } from './dom';
import type { Texts } from './model';

/** The error next to the form: GitLab's message as text, plus the fix the error kind calls for. */
export function errorBox(error: ErrorInfo | undefined, texts: Texts, actions: Actions): HTMLElement {
  return h('div', {
    id: 'form-error', className: 'form-error', hidden: error === undefined, attrs: { role: 'alert' },
    data: error ? { errorKind: error.kind } : {},
  },
  error ? h('span', { id: 'form-error-message', className: 'error-message' }, error.message) : null,
  error?.action === 'retry'
    ? h('button', { id: 'form-error-retry', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.retry() } }, texts.strings.retryButton)
    : null,
  error?.action === 'signIn'
    ? h('button', { id: 'form-error-sign-in', className: 'secondary', attrs: { type: 'button' }, on: { click: () => actions.signIn() } }, texts.strings.signInButton)
    : null);
}
