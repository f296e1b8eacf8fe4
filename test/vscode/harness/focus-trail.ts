import type { Page } from 'playwright-core';

/**
 * Where the focus went, and who sent it: a test that fails because a quick input, a drop-down or a menu closed by
 * itself lost its focus to something (test/vscode/README.md, "Why an action gets lost"). The page notes every focus
 * that enters another element, with the workbench's frames that called `focus()` (its methods keep their names in the
 * shipped build: `doRefresh`, `domFocus`). Bounded: the last 300 entries.
 *
 * Run in the workbench's top frame on every load. A string, not a function: the test runner's compiler wraps named
 * functions in a helper the page does not have.
 */
const RECORD_FOCUS = `(() => {
  if (window !== window.top) return;
  const trail = [];
  window.focusTrail = trail;
  const note = (text) => {
    trail.push((performance.now() / 1000).toFixed(3) + ' ' + text);
    if (trail.length > 300) trail.splice(0, trail.length - 300);
  };
  const describe = (element) => {
    if (!(element instanceof Element)) return String(element);
    const parts = [];
    for (let node = element; node && parts.length < 4; node = node.parentElement) {
      const classes = Array.from(node.classList).slice(0, 3).join('.');
      parts.push(node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (classes ? '.' + classes : ''));
    }
    const label = element.getAttribute('aria-label') || element.getAttribute('placeholder') || '';
    return parts.join(' < ') + (label ? ' "' + label.slice(0, 60) + '"' : '');
  };
  const callers = () => (new Error().stack || '').split('\\n').slice(3, 12)
    .map((line) => line.trim().replace(/^at /, '').replace(/ \\(.*\\)$/, '')).join(' < ');
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (options) {
    if (document.activeElement !== this) note('focus() ' + describe(this) + ' from ' + callers());
    return focus.call(this, options);
  };
  document.addEventListener('focusin', (event) => note('focusin ' + describe(event.target)), { capture: true });
})();`;

/** Has the page note where the focus goes (`focusTrail`). */
export async function recordFocus(page: Page): Promise<void> {
  await page.addInitScript(RECORD_FOCUS);
}

/** The page's focus trail as text, oldest first (empty when the page has none, as after a failed load). */
export async function focusTrail(page: Page): Promise<string> {
  const trail = await page.evaluate(() => (window as unknown as { focusTrail?: string[] }).focusTrail ?? []).catch(() => []);
  return trail.join('\n');
}
