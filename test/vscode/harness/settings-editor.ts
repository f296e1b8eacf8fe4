import type { Frame, Locator } from 'playwright-core';
import { waitFor } from './wait-for';
import type { Workbench } from './workbench';

/** The panel's title, as its editor tab shows it. */
export const SETTINGS_EDITOR_TITLE = 'GitLab Notification Settings';

export interface FormExpectation {
  /** `data-form-state`: ready, loading, saving, conflict, error, empty. Default ready. */
  state?: string;
  /** `data-dirty`. */
  dirty?: boolean;
  /** The level the level select shows (`data-level`). */
  level?: string;
}

/** What has the keyboard focus in the page. */
export interface FocusedElement {
  id: string;
  tag: string;
  role: string;
  /** `data-scope-key` of a scope option. */
  scopeKey: string;
  text: string;
  /** A focus indicator is drawn: an outline (or the browser's own ring). */
  indicated: boolean;
}

/** A CSS attribute selector value in double quotes. */
function quoted(value: string): string {
  return JSON.stringify(value);
}

/**
 * The notification settings editor as a person uses it: its webview's DOM hooks (`data-scope-key`,
 * `data-form-state`, `#level-select`…). The webview's document is replaced whenever VS Code hides and shows the
 * panel or reloads the window, so every step looks the frame up again instead of keeping one.
 */
export class SettingsEditor {
  constructor(private readonly workbench: Workbench) {}

  /** The editor's tab in the editor area. */
  get tab(): Locator {
    return this.workbench.page.locator(`.part.editor .tab[aria-label^=${quoted(SETTINGS_EDITOR_TITLE)}]`).first();
  }

  /** Opens (or reveals) the editor through the command palette and waits for its page to render. */
  async openFromPalette(timeoutMs = 30_000): Promise<Frame> {
    await this.workbench.runCommand('GitLab: Open Notification Settings…');
    return this.frame(timeoutMs);
  }

  /**
   * Opens the editor from the extension's status bar item (id `itemId`), as a person does: its quick pick's "Open
   * Notification Settings…", which opens the editor on the item's scope. Waits for that scope's form (`key`), unchanged.
   */
  async openFromStatusBar(itemId: string, key: string, expect: FormExpectation = {}): Promise<Frame> {
    await this.workbench.statusBarItem(itemId).click();
    await this.workbench.pickQuickItem(/Open Notification Settings/);
    return this.waitForForm(key, { ...expect, dirty: false });
  }

  /** Sets the form's level, clicks Save and waits for the form of scope `key` to show it saved (nothing left to save). */
  async saveLevel(key: string, level: string): Promise<Frame> {
    await this.setLevel(level);
    await this.click('#save-button');
    return this.waitForForm(key, { level, dirty: false });
  }

  /** The page's frame once it has rendered (it holds the scope list). */
  frame(timeoutMs = 30_000): Promise<Frame> {
    return this.workbench.webviewFrame({ containing: '#app[data-state="ready"] #scope-list', timeoutMs });
  }

  /** The editor's key for a project, whichever way its list names it (by path or by ID). */
  async projectKey(path: string): Promise<string> {
    const frame = await this.frameWith('[data-scope-select^="project:"]');
    const keys = await frame.locator('[data-scope-select^="project:"]').evaluateAll((rows) =>
      rows.map((row) => ({ key: row.getAttribute('data-scope-select') ?? '', title: row.getAttribute('title') ?? '' })));
    const found = keys.find((row) => row.key === `project:${path}` || row.title === path);
    if (!found) throw new Error(`the editor lists no project ${path}: ${JSON.stringify(keys)}`);
    return found.key;
  }

  /** Waits until the page holds `selector` and returns its frame. */
  frameWith(selector: string, timeoutMs = 20_000): Promise<Frame> {
    return this.workbench.webviewFrame({ containing: selector, timeoutMs });
  }

  static formSelector(key: string, expect: FormExpectation = {}): string {
    const state = expect.state ?? 'ready';
    let selector = `#settings-form[data-scope-key=${quoted(key)}][data-form-state=${quoted(state)}]`;
    if (expect.dirty !== undefined) selector += `[data-dirty="${String(expect.dirty)}"]`;
    if (expect.level !== undefined) selector += ` #level-select[data-level=${quoted(expect.level)}]`;
    return selector;
  }

  /** Waits for the form of scope `key` in the given state (ready by default). */
  waitForForm(key: string, expect: FormExpectation = {}, timeoutMs = 20_000): Promise<Frame> {
    return this.frameWith(SettingsEditor.formSelector(key, expect), timeoutMs);
  }

  /** Clicks a scope in the list and waits for its form to be loaded. */
  async selectScope(key: string, expect: FormExpectation = {}): Promise<Frame> {
    const frame = await this.frameWith(`[data-scope-select=${quoted(key)}]`);
    await frame.locator(`[data-scope-select=${quoted(key)}]`).click();
    return this.waitForForm(key, expect);
  }

  /** Clicks the check box drawn in a scope's option and waits until the option is checked for a bulk change. */
  async checkForBulk(key: string): Promise<void> {
    const frame = await this.frameWith(`[data-bulk-select=${quoted(key)}]`);
    await frame.locator(`[data-bulk-select=${quoted(key)}]`).click();
    await this.frameWith(`[role="option"][data-scope-key=${quoted(key)}][aria-checked="true"]`);
  }

  async setLevel(level: string): Promise<void> {
    const frame = await this.frameWith('#level-select');
    await frame.locator('#level-select').selectOption(level);
    await this.frameWith(`#level-select[data-level=${quoted(level)}]`);
  }

  /** Clicks an event's checkbox and waits until the row reads `expected`. */
  async clickEvent(key: string, expected: 'on' | 'off'): Promise<void> {
    const frame = await this.frameWith(`#event-${key}`);
    await frame.locator(`#event-${key}`).click();
    await this.frameWith(`[data-event-key=${quoted(key)}][data-event-state=${quoted(expected)}]`);
  }

  async click(selector: string): Promise<void> {
    const frame = await this.frameWith(selector);
    await frame.locator(selector).first().click();
  }

  /** The trimmed text of the first element matching `selector` (waiting for it). */
  async text(selector: string): Promise<string> {
    const frame = await this.frameWith(selector);
    return ((await frame.locator(selector).first().textContent()) ?? '').trim();
  }

  /** The value of the select or input `selector`. */
  async value(selector: string): Promise<string> {
    const frame = await this.frameWith(selector);
    return frame.locator(selector).first().inputValue();
  }

  /** Event keys of the form by their state. */
  async eventStates(): Promise<Record<string, string>> {
    const frame = await this.frameWith('[data-event-key]');
    return frame.locator('[data-event-key]').evaluateAll((rows) =>
      Object.fromEntries(rows.map((row) => [row.getAttribute('data-event-key') ?? '', row.getAttribute('data-event-state') ?? ''])),
    );
  }

  // ---- keyboard ----

  /** Waits until the page's document has the keyboard focus (VS Code gives it to a webview it shows). */
  async waitForKeyboardFocus(timeoutMs = 20_000): Promise<void> {
    await waitFor('the settings page to have the keyboard focus', async () =>
      (await this.frame(timeoutMs)).evaluate(() => document.hasFocus()), { timeoutMs });
  }

  /** A key press, as the keyboard sends it to the focused page. */
  async press(key: string): Promise<void> {
    await this.workbench.page.keyboard.press(key);
  }

  /** The element with the keyboard focus in the page. */
  async focused(): Promise<FocusedElement> {
    const frame = await this.frame();
    // Runs in the page: no named helper functions in here (the test's TypeScript build would wrap them).
    return frame.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const style = element ? getComputedStyle(element) : undefined;
      const outline = style !== undefined && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return {
        id: element?.id ?? '',
        tag: element?.tagName.toLowerCase() ?? '',
        role: element?.getAttribute('role') ?? '',
        scopeKey: element?.dataset.scopeKey ?? '',
        text: (element?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
        indicated: outline || (style !== undefined && style.boxShadow !== 'none'),
      };
    });
  }

  /**
   * Presses `key` (Tab by default) until the focused element is what `is` accepts, at most `limit` times; returns every
   * element the focus stopped at on the way, the last one included.
   */
  async pressUntil(what: string, is: (focused: FocusedElement) => boolean, { key = 'Tab', limit = 60 } = {}): Promise<FocusedElement[]> {
    const stops: FocusedElement[] = [];
    for (let count = 0; count < limit; count++) {
      await this.press(key);
      const focused = await this.focused();
      stops.push(focused);
      if (is(focused)) return stops;
    }
    throw new Error(`${key} pressed ${limit} times without reaching ${what}; the focus went to ${stops.map(describeFocus).join(', ')}`);
  }

  /** Waits until the focused element is what `is` accepts (focus may move once an answer comes). */
  async waitForFocus(what: string, is: (focused: FocusedElement) => boolean, timeoutMs = 20_000): Promise<FocusedElement> {
    let last: FocusedElement | undefined;
    try {
      return await waitFor(`the focus on ${what}`, async () => {
        last = await this.focused();
        return is(last) ? last : undefined;
      }, { timeoutMs });
    } catch (error) {
      throw new Error(`${(error as Error).message}; it is on ${last ? describeFocus(last) : 'nothing'}`);
    }
  }
}

export function describeFocus(focused: FocusedElement): string {
  return focused.id ? `#${focused.id}` : focused.scopeKey ? `option ${focused.scopeKey}` : `<${focused.tag}>`;
}
