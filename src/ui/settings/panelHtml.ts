/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The settings editor's page, with a nonce fresh for each render. Its content security policy: nothing by default; the
 * one bundled script by nonce; styles, fonts and images only from the extension's own files (the page uses no inline
 * styles, so styles need no nonce); no network access. Every URI is already a webview URI; `lang` is BCP 47.
 */
export function panelHtml(page: { cspSource: string; scriptUri: string; styleUri: string; title: string; loadingText: string; lang: string }): string {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))));
  const own = page.cspSource;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${own}; font-src ${own}; img-src ${own}; base-uri 'none'; form-action 'none'`;
  const e = escapeHtml;
  return `<!DOCTYPE html>
<html lang="${e(page.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${e(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${e(page.styleUri)}">
<title>${e(page.title)}</title>
</head>
<body>
<div id="app" data-state="booting"><p class="boot-message" id="boot-message">${e(page.loadingText)}</p></div>
<script nonce="${nonce}" src="${e(page.scriptUri)}"></script>
</body>
</html>
`;
}
