import { randomBytes } from 'node:crypto';

/** A fresh nonce for each render of the webview's HTML (base64, 192 bits). */
export function createNonce(): string {
  return randomBytes(24).toString('base64');
}
