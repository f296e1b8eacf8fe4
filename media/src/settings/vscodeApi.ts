import type { PersistedState, WebviewMessage } from '../../../src/app/settings/protocol';

/** The part of the webview API this front end uses. */
export interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: PersistedState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** Can be called once per page; main.ts does. */
export function getVsCodeApi(): VsCodeApi {
  return acquireVsCodeApi();
}
