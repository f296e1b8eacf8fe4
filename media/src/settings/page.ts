import { render, type TemplateResult } from 'lit-html';
import type { ErrorInfo, HostMessage, PageMessage, PersistedState, Requests } from '../../../src/app/settings/shared/protocol';
import { Requester } from '../../../src/app/settings/shared/rpc';
import type { Localize } from '../../../src/app/settings/shared/labels';
import { applyPersisted, initialState, toPersisted, type UiState } from './model';
import { scopeOptionId } from './scopePanel';

/** The part of the webview API this page uses. */
export interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): unknown;
  setState(state: PersistedState): void;
}

/**
 * The host's messages come through VS Code's frame around the page: a message the page's own window posts (a script
 * of the page, or anything running in it) is not heard. Messages from the host are not validated (it is the trusted
 * side); only its channel is listened to.
 */
export function hearHost(page: Pick<Window, 'addEventListener'>, receive: (message: HostMessage) => void): void {
  page.addEventListener('message', (event: MessageEvent<HostMessage>) => {
    if (event.source !== page) receive(event.data);
  });
}

/**
 * What every part of the settings page shares: the state, the host it asks (`Requester`: one promise per request),
 * drawing the page after each change (lit-html updates only what changed, so focus, caret and scroll stay) while
 * keeping unsaved edits in the webview state (hiding the panel or reloading the window loses nothing), and the focus.
 */
export class Page {
  readonly state: UiState = initialState();
  readonly host: Requester<Requests>;
  /** Whether `getState()` gave the page its state (else the host's copy from the serializer is used). */
  hadState = false;
  /** The page as drawn from the state; the app sets it, as it knows every part. */
  view: (t: Localize) => TemplateResult | undefined = () => undefined;

  constructor(private readonly root: HTMLElement, readonly vscode: VsCodeApi, random: () => number = Math.random) {
    // A random first id keeps answers meant for an earlier page (before a reload) from matching this page's requests.
    this.host = new Requester((message) => vscode.postMessage(message), 1 + Math.floor(random() * 1_000_000_000));
  }

  /** Waits for a reply, applies it, and shows the result; settles once the result is shown. */
  ask<T>(request: Promise<T>, then: (value: T) => void, fail: (error: ErrorInfo) => void): Promise<void> {
    return request.then(then, fail).finally(() => this.changed());
  }

  /** Moves the keyboard focus to the element `id` (of the page as last rendered). */
  focus(id: string): void {
    document.getElementById(id)?.focus();
  }

  /** Moves the focus to a scope option, which takes the list's tab stop. */
  focusOption(key: string): void {
    this.state.activeKey = key;
    this.changed();
    this.focus(scopeOptionId(key));
  }

  /** Whether the focus is nowhere in particular (the page's body) or still on one of `ids`: then it may be moved. */
  focusLost(...ids: string[]): boolean {
    const active = document.activeElement;
    return !active || active === document.body || ids.includes(active.id);
  }

  restore(persisted: PersistedState): void {
    applyPersisted(this.state, persisted);
    this.hadState = true;
  }

  changed(): void {
    this.vscode.setState(toPersisted(this.state));
    const t = this.state.texts;
    if (!t) return; // the host's texts have not come yet: the page keeps its loading line
    if (this.root.dataset.state !== 'ready') this.root.replaceChildren(); // the loading line goes
    this.root.dataset.state = 'ready';
    render(this.view(t), this.root);
  }
}
