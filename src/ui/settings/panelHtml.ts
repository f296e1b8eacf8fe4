import { randomBytes } from 'node:crypto';

/** A fresh nonce for each render of the page (base64, 192 bits). */
export function createNonce(): string {
  return randomBytes(24).toString('base64');
}

/** What the page needs from the host: every URI is already a webview URI, `nonce` fresh for each render, `lang` BCP 47. */
export interface PanelHtmlOptions {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  title: string;
  loadingText: string;
  lang: string;
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The content security policy: nothing by default; the one bundled script by nonce; styles and fonts only from
 * the extension's own files (the front end uses no inline styles, so styles need no nonce); no network access.
 */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${cspSource}; font-src ${cspSource}; img-src ${cspSource}; base-uri 'none'; form-action 'none'`;
}

export function renderPanelHtml(options: PanelHtmlOptions): string {
  if (!/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(options.nonce)) throw new Error('The nonce must be a long base64 value.');
  const attr = escapeHtml;
  return `<!DOCTYPE html>
<html lang="${attr(options.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(options.cspSource, options.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(options.styleUri)}">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<div id="app" data-state="booting"><p class="boot-message" id="boot-message">${escapeHtml(options.loadingText)}</p></div>
<script nonce="${attr(options.nonce)}" src="${attr(options.scriptUri)}"></script>
</body>
</html>
`;
}
