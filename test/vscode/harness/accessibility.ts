import { readFileSync } from 'node:fs';
import type { AxeResults, Result } from 'axe-core';
import type { Frame } from 'playwright-core';
import { waitFor } from './wait-for';
import type { Workbench } from './workbench';

/** The rules of WCAG 2.0 and 2.1, levels A and AA, by axe-core's tags. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A colour theme that code-server ships: its label in the theme picker, its id (the setting's value). */
export interface ColorTheme {
  label: string;
  id: string;
  /** The class the workbench and the webview's body carry under it. */
  workbenchClass: 'vs' | 'vs-dark' | 'hc-black' | 'hc-light';
}

/** Dark, Light and both High Contrast themes, as code-server 4.139 (VS Code 1.139) names them. */
export const AUDITED_THEMES: readonly ColorTheme[] = [
  { label: 'Dark Modern', id: 'Dark Modern', workbenchClass: 'vs-dark' },
  { label: 'Light Modern', id: 'Light Modern', workbenchClass: 'vs' },
  { label: 'Dark High Contrast', id: 'Default High Contrast', workbenchClass: 'hc-black' },
  { label: 'Light High Contrast', id: 'Default High Contrast Light', workbenchClass: 'hc-light' },
];

let axeSource: string | undefined;

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the document of `frame` (a webview's page) and returns its violations.
 * The page's content security policy allows only its own nonce'd script, so a script tag with axe's source is refused
 * (playwright's `addScriptTag` throws "Executing inline script violates…"); playwright's evaluation goes through the
 * DevTools protocol, which the policy does not govern, so axe's source is evaluated in the frame that way.
 */
export async function auditFrame(frame: Frame): Promise<Result[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
  const results = await frame.evaluate(
    (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe
      .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_21_AA_TAGS,
  );
  return results.violations;
}

/** The violations that fail the audit: serious or critical ones. */
export function seriousViolations(violations: Result[]): Result[] {
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** One line per violation and element, to read in a failed assertion. */
export function describeViolations(violations: Result[]): string {
  return violations.flatMap((violation) => violation.nodes.map((node) =>
    `${violation.impact ?? '?'} ${violation.id}: ${node.target.join(' ')} — ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`))
    .join('\n');
}

/**
 * Chooses a colour theme with "Preferences: Color Theme", as a person does, and waits until the workbench and the
 * webview in `frame()` show it (VS Code sends the theme's colours to a webview along with its id).
 */
export async function chooseColorTheme(
  workbench: Workbench, theme: Pick<ColorTheme, 'label' | 'id'> & Partial<ColorTheme>, frame: () => Promise<Frame>, timeoutMs = 30_000,
): Promise<void> {
  await workbench.runCommand('Preferences: Color Theme');
  await workbench.filterAndPickQuickItem(theme.label, timeoutMs);
  if (theme.workbenchClass) await workbench.page.locator(`.monaco-workbench.${theme.workbenchClass}`).first().waitFor({ state: 'attached', timeout: timeoutMs });
  await waitFor(`the webview to show the theme ${theme.id}`, async () =>
    (await (await frame()).evaluate(() => document.body.dataset.vscodeThemeId)) === theme.id, { timeoutMs });
}

/** The theme the webview in `frame` shows now: its label and id (to choose it again). */
export async function currentColorTheme(frame: Frame): Promise<{ label: string; id: string }> {
  return frame.evaluate(() => ({ label: document.body.dataset.vscodeThemeName ?? '', id: document.body.dataset.vscodeThemeId ?? '' }));
}
