import path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { slug } from './artifacts';
import { waitFor } from './wait-for';

export interface StatusBarItem {
  id: string;
  text: string;
  ariaLabel: string;
}

type TextMatch = string | RegExp;

function matches(value: string, expected: TextMatch): boolean {
  return typeof expected === 'string' ? value.includes(expected) : expected.test(value);
}

function describeMatch(expected: TextMatch): string {
  return typeof expected === 'string' ? JSON.stringify(expected) : String(expected);
}

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;
const QUICK_INPUT_ROWS = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;

/** What a person sees and does in the VS Code workbench, in terms of its real DOM. */
export class Workbench {
  constructor(
    readonly page: Page,
    private readonly screenshotDir: string,
  ) {}

  /** The workbench has rendered its parts (activity bar, status bar). */
  async waitForReady(timeoutMs = 60_000): Promise<void> {
    await this.page.waitForSelector('.monaco-workbench', { timeout: timeoutMs });
    await this.page.waitForSelector('.monaco-workbench .part.activitybar', { timeout: timeoutMs });
    await this.page.waitForSelector('.monaco-workbench .part.statusbar', { timeout: timeoutMs });
  }

  // ---- activity bar and views ----

  /** The activity bar entry whose aria-label is `label` (VS Code appends the keybinding in parentheses). */
  activityBarItem(label: string): Locator {
    return this.page
      .locator('.part.activitybar a.action-label')
      .and(this.page.locator(`[aria-label="${label}"], [aria-label^="${label} ("]`));
  }

  async waitForActivityBarItem(label: string, timeoutMs = 30_000): Promise<Locator> {
    const item = this.activityBarItem(label);
    await item.first().waitFor({ state: 'visible', timeout: timeoutMs });
    return item.first();
  }

  /** Opens a view container of the activity bar (does not toggle it closed when it is already open). */
  async openViewContainer(label: string, timeoutMs = 30_000): Promise<void> {
    const item = await this.waitForActivityBarItem(label, timeoutMs);
    const isOpen = async () =>
      item.evaluate((element) => element.closest('.action-item')?.classList.contains('checked') ?? false);
    if (!(await isOpen())) await item.click();
    await waitFor(`view container "${label}" to open`, isOpen, { timeoutMs });
  }

  /** The sidebar's header text (the view container's title, plus the view's when it holds a single view). */
  async sidebarTitle(): Promise<string> {
    return (await this.page.locator('.part.sidebar .composite.title').first().innerText()).replace(/\s+/g, ' ').trim();
  }

  /** Names of the views (panes) visible in the side bar; a single view's header is merged into the side bar title. */
  async visibleViews(): Promise<string[]> {
    return this.page.locator('.part.sidebar .pane').evaluateAll((panes) =>
      panes
        .filter((pane) => pane.getClientRects().length > 0)
        .map((pane) => pane.querySelector('.pane-header h3.title')?.textContent?.trim() ?? ''),
    );
  }

  /** Waits until the side bar shows the view called `name`. */
  async waitForView(name: string, timeoutMs = 30_000): Promise<void> {
    await waitFor(`view "${name}" in the side bar`, async () => (await this.visibleViews()).includes(name), {
      timeoutMs,
    });
  }

  /** Text of the welcome content shown in an empty view (`viewsWelcome`). */
  async welcomeText(): Promise<string> {
    return (await this.page.locator('.part.sidebar .welcome-view-content').allInnerTexts()).join('\n');
  }

  // ---- trees and lists ----

  /** Rows of the trees and lists in the side bar, as a person reads them. */
  async treeRows(): Promise<string[]> {
    return this.page
      .locator('.part.sidebar .monaco-list-row')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  }

  /** Waits for a side-bar tree row whose text (or aria-label) matches, and returns it. */
  async waitForTreeRow(text: TextMatch, timeoutMs = 20_000): Promise<Locator> {
    const rows = this.page.locator('.part.sidebar .monaco-list-row');
    const index = await waitFor(
      `a tree row matching ${describeMatch(text)}`,
      async () => {
        const labels = await rows.evaluateAll((elements) =>
          elements.map((row) => `${(row as HTMLElement).innerText}\n${row.getAttribute('aria-label') ?? ''}`),
        );
        const found = labels.findIndex((label) => matches(label, text));
        return found >= 0 ? found + 1 : undefined;
      },
      { timeoutMs },
    );
    return rows.nth(index - 1);
  }

  /** Waits for visible text anywhere in the workbench. */
  async waitForText(text: TextMatch, timeoutMs = 20_000): Promise<Locator> {
    const locator = this.page.getByText(text).first();
    await locator.waitFor({ state: 'visible', timeout: timeoutMs });
    return locator;
  }

  // ---- commands and quick input ----

  /** Runs a command through the command palette by its full title, e.g. "GitLab: Refresh Activity". */
  async runCommand(title: string, timeoutMs = 20_000): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.page.locator(QUICK_INPUT_BOX);
    await input.waitFor({ state: 'visible', timeout: timeoutMs });
    await input.fill(`>${title}`);
    const row = await this.waitForQuickPickItem(title, { exact: true, timeoutMs });
    await row.click();
    // The palette closes, or its widget is taken over by the command's own input: either way it no longer holds
    // the '>' query, so a following answerQuickInput cannot type into the palette.
    await waitFor(
      `the command palette to close after "${title}"`,
      async () => !(await input.isVisible()) || !(await input.inputValue()).startsWith('>'),
      { timeoutMs },
    );
  }

  /**
   * Waits for the quick input (quick pick or input box) to be open; with `expect`, for one whose title, prompt or
   * placeholder matches, which tells the steps of a multi-step input apart.
   */
  async waitForQuickInput(expect?: TextMatch, timeoutMs = 20_000): Promise<Locator> {
    const widget = this.page.locator(QUICK_INPUT);
    await widget.waitFor({ state: 'visible', timeout: timeoutMs });
    if (expect !== undefined) {
      await waitFor(
        `a quick input matching ${describeMatch(expect)}`,
        async () => {
          if (!(await widget.isVisible())) return false;
          const { title, placeholder, message } = await this.quickInputText();
          return [title, placeholder, message].some((text) => matches(text, expect));
        },
        { timeoutMs },
      );
    }
    return widget;
  }

  /** Types `text` into the open quick input (the one matching `expect`, if given) and accepts it with Enter. */
  async answerQuickInput(text: string, { expect, timeoutMs = 20_000 }: { expect?: TextMatch; timeoutMs?: number } = {}): Promise<void> {
    await this.waitForQuickInput(expect, timeoutMs);
    const input = this.page.locator(QUICK_INPUT_BOX);
    await input.fill(text);
    await input.press('Enter');
  }

  /** Opens a workspace file in an editor through Quick Open (Ctrl+P), by its file name. */
  async openFile(fileName: string, timeoutMs = 20_000): Promise<void> {
    await this.page.keyboard.press('Control+P');
    const input = this.page.locator(QUICK_INPUT_BOX);
    await input.waitFor({ state: 'visible', timeout: timeoutMs });
    await input.fill(fileName);
    // File search answers asynchronously: pick the result once it is listed rather than pressing Enter on nothing.
    await (await this.waitForQuickPickItem(fileName, { exact: true, timeoutMs })).click();
    await this.page
      .locator(`.part.editor .tab[aria-label^="${fileName}"]`)
      .first()
      .waitFor({ state: 'visible', timeout: timeoutMs });
  }

  /** Prompt, placeholder and validation message of the open quick input. */
  async quickInputText(): Promise<{ title: string; placeholder: string; message: string; value: string }> {
    const widget = this.page.locator(QUICK_INPUT);
    await widget.waitFor({ state: 'visible', timeout: 20_000 });
    const text = async (selector: string) => {
      const found = widget.locator(selector);
      return (await found.count()) > 0 ? (await found.first().innerText()).trim() : '';
    };
    return {
      title: await text('.quick-input-title'),
      placeholder: (await this.page.locator(QUICK_INPUT_BOX).getAttribute('placeholder')) ?? '',
      message: await text('.quick-input-message'),
      value: await this.page.locator(QUICK_INPUT_BOX).inputValue(),
    };
  }

  /** Labels of the items in the open quick pick. */
  async quickPickItems(): Promise<string[]> {
    await this.waitForQuickInput();
    return this.page
      .locator(QUICK_INPUT_ROWS)
      .evaluateAll((rows) =>
        rows.map((row) => (row.querySelector('.label-name') as HTMLElement | null)?.innerText.trim() ?? ''),
      );
  }

  async waitForQuickPickItem(label: TextMatch, { exact = false, timeoutMs = 20_000 } = {}): Promise<Locator> {
    const rows = this.page.locator(QUICK_INPUT_ROWS);
    const index = await waitFor(
      `a quick pick item ${describeMatch(label)}`,
      async () => {
        const labels = await rows.evaluateAll((elements) =>
          elements.map((row) => (row.querySelector('.label-name') as HTMLElement | null)?.innerText.trim() ?? ''),
        );
        const found = labels.findIndex((text) =>
          exact && typeof label === 'string' ? text === label : matches(text, label),
        );
        return found >= 0 ? found + 1 : undefined;
      },
      { timeoutMs },
    );
    return rows.nth(index - 1);
  }

  /** Picks an item of the open quick pick by its label. */
  async pickQuickItem(label: TextMatch, timeoutMs = 20_000): Promise<void> {
    await (await this.waitForQuickPickItem(label, { timeoutMs })).click();
  }

  async waitForQuickInputClosed(timeoutMs = 20_000): Promise<void> {
    await this.page.locator(QUICK_INPUT).waitFor({ state: 'hidden', timeout: timeoutMs });
  }

  // ---- status bar and notifications ----

  async statusBarItems(): Promise<StatusBarItem[]> {
    return this.page.locator('.part.statusbar .statusbar-item').evaluateAll((elements) =>
      elements.map((element) => ({
        id: element.id,
        text: (element as HTMLElement).innerText.trim(),
        ariaLabel: element.querySelector('[aria-label]')?.getAttribute('aria-label') ?? element.getAttribute('aria-label') ?? '',
      })),
    );
  }

  /** Waits for a status bar item whose text, aria-label or id matches. */
  async waitForStatusBarItem(text: TextMatch, timeoutMs = 20_000): Promise<StatusBarItem> {
    return waitFor(
      `a status bar item matching ${describeMatch(text)}`,
      async () =>
        (await this.statusBarItems()).find(
          (item) => matches(item.text, text) || matches(item.ariaLabel, text) || matches(item.id, text),
        ),
      { timeoutMs },
    );
  }

  statusBarItem(id: string): Locator {
    return this.page.locator(`.part.statusbar .statusbar-item[id="${id}"]`);
  }

  /** Texts of the notification toasts on screen. */
  async notifications(): Promise<string[]> {
    return this.page
      .locator('.notifications-toasts .notification-toast')
      .evaluateAll((toasts) => toasts.map((toast) => (toast as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  }

  async waitForNotification(text: TextMatch, timeoutMs = 20_000): Promise<Locator> {
    const toasts = this.page.locator('.notifications-toasts .notification-toast');
    const index = await waitFor(
      `a notification matching ${describeMatch(text)}`,
      async () => {
        const found = (await this.notifications()).findIndex((toast) => matches(toast, text));
        return found >= 0 ? found + 1 : undefined;
      },
      { timeoutMs },
    );
    return toasts.nth(index - 1);
  }

  // ---- webviews ----

  /**
   * The content frame of a webview: VS Code hosts each webview in an outer iframe (`iframe.webview`) whose inner
   * `#active-frame` holds the extension's HTML. With `containing`, waits for a webview that has that selector.
   */
  async webviewFrame({ containing, timeoutMs = 30_000 }: { containing?: string; timeoutMs?: number } = {}): Promise<Frame> {
    return waitFor(
      containing ? `a webview containing ${containing}` : 'a webview',
      async () => {
        for (const outerElement of await this.page.$$('iframe.webview')) {
          const outer = await outerElement.contentFrame();
          const innerElement = await outer?.$('iframe#active-frame');
          const inner = await innerElement?.contentFrame();
          if (!inner) continue;
          if (!containing || (await inner.$(containing))) return inner;
        }
        return undefined;
      },
      { timeoutMs },
    );
  }

  // ---- pictures ----

  /** Saves a screenshot of the whole workbench as `<dir>/<name>.png` and returns its path. */
  async screenshot(name: string, dir = this.screenshotDir): Promise<string> {
    const file = path.join(dir, `${slug(name)}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }
}
