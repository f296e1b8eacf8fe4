import path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { slug } from './artifacts';
import { escapeRegExp } from './tree-rows';
import { ACTIVITY_VIEW, describeMatch, matches, viewPane, ViewTree, type TextMatch, type TreeItemView } from './view-tree';
import { waitFor } from './wait-for';

export { ACTIVITY_VIEW, SUBSCRIPTIONS_VIEW, TODO_VIEW, VIEW_CONTAINER, type TreeItemView } from './view-tree';

export interface StatusBarItem {
  id: string;
  text: string;
  ariaLabel: string;
}

/** An item of the open quick pick. */
export interface QuickPickEntry {
  label: string;
  description: string;
  detail: string;
}

/** The texts of the open quick input. */
export interface QuickInputText {
  title: string;
  placeholder: string;
  message: string;
  value: string;
}

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;
const QUICK_INPUT_ROWS = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;

/** "Name", "Name (keybinding)", and either followed by " - <badge>" while the container shows a badge. */
const labelledAs = (label: string): string => `[aria-label="${label}"], [aria-label^="${label} ("], [aria-label^="${label} - "]`;

/** What a person sees and does in the VS Code workbench, in terms of its real DOM. */
/**
 * VS Code runs a view container's activity bar item at most once in this many ms: a second click within it is taken as
 * the second half of a double click and ignored (`ViewContainerActivityAction.preventDoubleClickDelay`).
 */
const ACTIVITY_BAR_DOUBLE_CLICK_MS = 300;

export class Workbench {
  /** When each activity bar item was last clicked, by label (see `ACTIVITY_BAR_DOUBLE_CLICK_MS`). */
  private readonly activityBarClicks = new Map<string, number>();

  constructor(
    readonly page: Page,
    readonly screenshotDir: string,
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
    return this.page.locator('.part.activitybar a.action-label').and(this.page.locator(labelledAs(label)));
  }

  /** The count on the activity bar entry `label`; matches nothing while it shows none. */
  activityBarBadge(label: string): Locator {
    return this.page.locator('.part.activitybar li.action-item')
      .filter({ has: this.page.locator('a.action-label').and(this.page.locator(labelledAs(label))) })
      .locator('.badge-content');
  }

  async waitForActivityBarItem(label: string, timeoutMs = 30_000): Promise<Locator> {
    const item = this.activityBarItem(label);
    await item.first().waitFor({ state: 'visible', timeout: timeoutMs });
    return item.first();
  }

  /**
   * Opens a view container of the activity bar with one click (none when it is open already: a click would close it).
   * Right after a (re)load the workbench restores the side bar it had: a click landing while it does would close the
   * container it is opening, so the click waits until the side bar shows what it restored (its title). A container
   * that does not open, or closes again, fails the test.
   */
  async openViewContainer(label: string, timeoutMs = 30_000): Promise<void> {
    const item = await this.waitForActivityBarItem(label, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    const isOpen = async () =>
      item.evaluate((element) => element.closest('.action-item')?.classList.contains('checked') ?? false);
    await waitFor('the side bar to show what it restored', async () =>
      ((await this.page.locator('.part.sidebar .composite.title .title-label').first().textContent({ timeout: 1_000 })) ?? '').trim() !== '',
    { timeoutMs });
    if (await isOpen()) return;
    await this.page.evaluate(() => {
      // Notes when the focus next enters the side bar (an inline arrow: the page has none of the test's helpers).
      const state = window as unknown as { sideBarFocused?: boolean };
      state.sideBarFocused = false;
      const done = new AbortController();
      document.addEventListener('focusin', (event) => {
        if (!(event.target instanceof Element) || !event.target.closest('.part.sidebar')) return;
        state.sideBarFocused = true;
        done.abort();
      }, { capture: true, signal: done.signal });
    });
    // A person never clicks an item twice within VS Code's double-click window unless double-clicking; a harness that
    // opens Explorer, another container and Explorer again in quick steps can. The window's end is the condition.
    const sinceLast = Date.now() - (this.activityBarClicks.get(label) ?? 0);
    if (sinceLast < ACTIVITY_BAR_DOUBLE_CLICK_MS) await new Promise((resolve) => setTimeout(resolve, ACTIVITY_BAR_DOUBLE_CLICK_MS - sinceLast + 20));
    // The item, not its icon: a badge, when there is one, lies over the icon.
    await item.locator('xpath=ancestor::li[1]').click({ timeout: Math.max(1, deadline - Date.now()) });
    this.activityBarClicks.set(label, Date.now());
    try {
      await waitFor(`view container "${label}" to open`, isOpen, { timeoutMs: Math.max(1, deadline - Date.now()) });
    } catch (error) {
      throw new Error(`${(error as Error).message} after one click on its activity bar item`);
    }
    // A click opens the container marked at once and gives its view the focus a moment later. A quick input opened in
    // between loses its focus to the view, and closes: the next step waits for that focus.
    const focused = () => this.page.evaluate(() => (window as unknown as { sideBarFocused?: boolean }).sideBarFocused === true);
    await waitFor(`view container "${label}" to focus its view`, focused, { timeoutMs: Math.max(1_000, deadline - Date.now()) });
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

  /** Expands or collapses the view called `name` (a section of its container) by its header, as a person does. */
  async setViewExpanded(name: string, expanded: boolean, timeoutMs = 20_000): Promise<void> {
    const header = viewPane(this.page, name).locator('.pane-header');
    const shows = async () => ((await header.getAttribute('aria-expanded', { timeout: 1_000 })) === 'true') === expanded;
    if (await shows()) return;
    // One click, at its left end, on the twistie: the rest of the header holds the view's actions once it is hovered.
    await header.click({ timeout: timeoutMs, position: { x: 12, y: 11 } });
    try {
      await waitFor(`view "${name}" to be ${expanded ? 'expanded' : 'collapsed'}`, () => shows().catch(() => false), { timeoutMs });
    } catch (error) {
      throw new Error(`${(error as Error).message} after one click on its header (the click was lost)`);
    }
  }

  /** Text of the welcome content shown in an empty view (`viewsWelcome`; the Activity view's unless named). */
  async welcomeText(view: string = ACTIVITY_VIEW): Promise<string> {
    return (await viewPane(this.page, view).locator('.welcome-view-content').allInnerTexts()).join('\n');
  }

  // ---- trees and lists ----

  /**
   * The tree of the side-bar view called `view` (the Activity view unless named): every reader below is scoped to
   * that view's pane, so another view's rows in the same container never count as its rows.
   */
  tree(view: string = ACTIVITY_VIEW): ViewTree {
    return new ViewTree(this.page, view);
  }

  /** Rows of the Activity view's tree, as a person reads them (`tree(view)` for another view's). */
  async treeRows(): Promise<string[]> {
    return this.tree().treeRows();
  }

  /** Waits for a row of the Activity view's tree whose text (or aria-label) matches, and returns it. */
  async waitForTreeRow(text: TextMatch, timeoutMs = 20_000): Promise<Locator> {
    return this.tree().waitForTreeRow(text, timeoutMs);
  }

  /** The Activity view's row matching `text`, found by its text at each use (see `ViewTree.waitForTreeRowByText`). */
  async waitForTreeRowByText(text: TextMatch, timeoutMs = 20_000): Promise<Locator> {
    return this.tree().waitForTreeRowByText(text, timeoutMs);
  }

  /** The rendered rows of the Activity view's tree, structured and in display order (see `ViewTree.treeItems`). */
  async treeItems(): Promise<TreeItemView[]> {
    return this.tree().treeItems();
  }

  /** Polls the Activity view's rows until `probe` returns something (not undefined/false/null), and returns that. */
  async waitForTree<T>(
    what: string,
    probe: (items: TreeItemView[]) => T | undefined | null | false,
    timeoutMs = 20_000,
  ): Promise<T> {
    return this.tree().waitForTree(what, probe, timeoutMs);
  }

  /** The Activity view's row shown at `index` (see `ViewTree.treeRow`). */
  treeRow(index: number): Locator {
    return this.tree().treeRow(index);
  }

  /** The Activity view's row whose label is `label` (exactly, for a string), at depth `level` when given. */
  treeRowLabelled(label: TextMatch, options: { level?: number } = {}): Locator {
    return this.tree().treeRowLabelled(label, options);
  }

  /** Expands the Activity view's row whose label matches (exactly, for a string), and waits until it shows so. */
  async expandTreeRow(label: TextMatch, timeoutMs = 20_000): Promise<void> {
    await this.tree().expandTreeRow(label, timeoutMs);
  }

  async collapseTreeRow(label: TextMatch, timeoutMs = 20_000): Promise<void> {
    await this.tree().collapseTreeRow(label, timeoutMs);
  }

  /** Expands a tree row found by locator (for rows a label cannot single out), as `expandTreeRow` does. */
  async expandRow(row: Locator, timeoutMs = 20_000): Promise<void> {
    await this.tree().expandRow(row, timeoutMs);
  }

  /**
   * The description an extension sets next to a view's name (`TreeView.description`), '' when none, read from the
   * view's header. When the view is the only one of its container, VS Code merges that header into the container's
   * title and hides it: the text is set but not on screen (see `isShownInSideBar`).
   */
  async viewDescription(viewName: string): Promise<string> {
    const description = this.page
      .locator('.part.sidebar .pane-header')
      .filter({ has: this.page.locator('h3.title', { hasText: viewName }) })
      .locator('.description');
    return (await description.count()) > 0 ? ((await description.first().textContent()) ?? '').trim() : '';
  }

  /** Whether `text` is on screen in the side bar outside the tree's rows (title, view headers, view messages). */
  async isShownInSideBar(text: string): Promise<boolean> {
    const candidates = this.page
      .locator('.part.sidebar')
      .getByText(text)
      .filter({ hasNot: this.page.locator('.monaco-list-row') });
    for (const candidate of await candidates.all()) {
      const inRow = await candidate.evaluate((element) => element.closest('.monaco-list-row') !== null);
      if (!inRow && (await candidate.isVisible())) return true;
    }
    return false;
  }

  /**
   * An action of a view's title shown as an icon, by its label, e.g. "Clear Filters" (the Activity view's unless
   * named). While the view is the only one of its container, VS Code shows its actions in the side bar's title; beside
   * another view, in its own pane's header (the sessions show header actions always, not only on hover).
   */
  viewTitleAction(label: string, view: string = ACTIVITY_VIEW): Locator {
    const action = `.actions-container a.action-label:is([aria-label="${label}"], [aria-label^="${label} ("])`;
    return this.page.locator(`.part.sidebar .composite.title ${action}`)
      .or(viewPane(this.page, view).locator(`.pane-header ${action}`))
      .filter({ visible: true })
      .first();
  }

  async clickViewTitleAction(label: string, timeoutMs = 20_000, view: string = ACTIVITY_VIEW): Promise<void> {
    const action = this.viewTitleAction(label, view);
    await action.waitFor({ state: 'visible', timeout: timeoutMs });
    await action.click();
  }

  /**
   * Clicks a view's title action that opens a quick input, once, and waits for one matching `expect`. A quick input
   * that does not open, or closes again (a tree view ending a refresh takes the focus back), fails the test: the
   * caller first waits for what its previous step draws (see the README's "One action, once").
   */
  async openQuickInputFromTitleAction(label: string, expect: TextMatch, timeoutMs = 20_000, view: string = ACTIVITY_VIEW): Promise<Locator> {
    await this.clickViewTitleAction(label, timeoutMs, view);
    try {
      return await this.waitForQuickInput(expect, timeoutMs);
    } catch (error) {
      throw new Error(`${(error as Error).message} after one click on "${label}" (the click was lost, or the quick input closed again)`);
    }
  }

  /** A button of the welcome content of a view (`viewsWelcome`; the Activity view's unless named), by its text. */
  welcomeButton(text: string, view: string = ACTIVITY_VIEW): Locator {
    return viewPane(this.page, view).locator('.welcome-view-content a.monaco-button', { hasText: text });
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
    const input = this.page.locator(QUICK_INPUT_BOX);
    const query = `>${title}`;
    // F1 once. The palette closes when it loses the focus: a tree view that ends a refresh while it holds the focus
    // takes it back (VS Code's doRefresh), so the caller first waits for what its previous step draws. A palette that
    // closes by itself fails the test, as it would lose a person's typing.
    await this.page.keyboard.press('F1');
    try {
      await input.waitFor({ state: 'visible', timeout: timeoutMs });
      await input.fill(query, { timeout: timeoutMs });
      await waitFor(`the command palette to take "${title}"`, async () => (await input.inputValue({ timeout: 1_000 })) === query, { timeoutMs });
    } catch (error) {
      throw new Error(`${(error as Error).message} after one F1 (the palette did not open, or closed again)`);
    }
    const row = await this.waitForQuickPickItem(title, { exact: true, timeoutMs });
    await row.click();
    // The palette closes, or its widget is taken over by the command's own input: either way it no longer holds
    // the '>' query, so a following answerQuickInput cannot type into the palette.
    // Each look is short: a command that reloads the window takes the palette away mid-look, and an unbounded
    // read would wait for it on the new page until the whole wait is spent.
    await waitFor(
      `the command palette to close after "${title}"`,
      async () => !(await input.isVisible()) || !(await input.inputValue({ timeout: 1_000 })).startsWith('>'),
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
          const shown = await this.shownQuickInput();
          return shown !== undefined && [shown.title, shown.placeholder, shown.message].some((text) => matches(text, expect));
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

  /**
   * Answers code-server's own file dialog (titled `title`) with `filePath`, and returns once the dialog has closed.
   * The dialog reads a typed path in steps: an Enter that finds the listing behind the typed path only moves the
   * listing there, leaving the dialog open, as it does for a person, who then presses Enter again. So Enter is pressed
   * once for each listing the dialog shows with the path typed, never twice for the same one: the dialog takes a
   * fraction of a second to close after an Enter it accepts, and a second Enter pressed then lands on whatever opens
   * next (it once accepted the import's preview unseen, and applied the profile).
   */
  async answerFileDialog(title: string, filePath: string, timeoutMs = 20_000): Promise<void> {
    await this.waitForQuickInput(title, timeoutMs);
    const input = this.page.locator(QUICK_INPUT_BOX);
    const busy = this.page.locator(`${QUICK_INPUT} .monaco-progress-container.active`);
    const listing = () => this.page.locator(QUICK_INPUT_ROWS)
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? '').join('\n'));
    await input.fill(filePath);
    let answered: string | undefined;
    await waitFor(`the file dialog "${title}" to take ${filePath}`, async () => {
      if (!(await this.shownQuickInput())?.title.includes(title)) return true;
      if (await busy.isVisible()) return false;
      const now = await listing();
      if (now !== answered && (await input.inputValue({ timeout: 1_000 })) === filePath) {
        answered = now;
        await input.press('Enter', { timeout: 1_000 });
      }
      return false;
    }, { timeoutMs, intervalMs: 50 });
  }

  /**
   * Changes a user setting in the Settings editor, as a person does: search for its key, type the value into its
   * text or number box; the editor stays open. (code-server does not notice edits of settings.json made behind its
   * back, so this is also the way for tests to change a setting of a running window.)
   */
  async changeSettingInSettingsEditor(key: string, value: string, timeoutMs = 20_000): Promise<void> {
    const input = await this.settingControl(key, 'input', timeoutMs);
    // The editor writes the value to the user settings after a short pause.
    await input.fill(value);
  }

  /**
   * Chooses `option` (the value as the editor lists it) for an enum setting in the Settings editor (user settings):
   * a click on its select box, then on the option in the drop-down, as a person does. Returns once the editor marks
   * the setting as set (or, for the default option, as not set): it writes the value a moment after the choice, and
   * closing it before would lose the change. From one non-default option to another that mark does not change, so
   * such a write is not waited for. The editor stays open.
   */
  async chooseSettingInSettingsEditor(key: string, option: string, timeoutMs = 20_000): Promise<void> {
    const select = await this.settingControl(key, 'select', timeoutMs);
    await select.click();
    // The workbench draws its own drop-down list (outside the editor), one row per option; the default one says so.
    const row = this.page.locator('.monaco-select-box-dropdown-container.visible .monaco-list-row')
      .filter({ has: this.page.locator('.option-text', { hasText: new RegExp(`^\\s*${escapeRegExp(option)}\\s*$`) }) })
      .first();
    await row.waitFor({ state: 'visible', timeout: timeoutMs });
    const isDefault = (await row.locator('.option-decorator-right').innerText()).trim() !== '';
    await row.click({ timeout: timeoutMs });
    const item = this.page.locator(`.settings-editor .setting-item-contents[data-key="${key}"]`);
    const selectedText = async () => (await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '')).trim();
    // Chosen once: a drop-down that closed without the choice (it cancels itself when its list loses the focus,
    // `SelectBoxList.onListBlur`) fails the test, naming it, as a person's lost click would have been lost.
    await waitFor(`the drop-down of ${key} to take the choice or close`, async () => (await selectedText()) === option || !(await row.isVisible()), { timeoutMs });
    if ((await selectedText()) !== option) throw new Error(`the Settings editor's drop-down for ${key} closed without the choice "${option}" after one click (something took the focus while it was open)`);
    await waitFor(`the Settings editor to have written ${key} = ${option}`, async () =>
      (await item.evaluate((element) => element.classList.contains('is-configured'))) === !isDefault, { timeoutMs, intervalMs: 100 });
  }

  /**
   * Closes the editor shown as a dialog over the workbench (the Settings editor opens so), with its Close button as a
   * person does: while it is open, the workbench behind it takes no clicks or commands.
   */
  async closeModalEditor(timeoutMs = 20_000): Promise<void> {
    const dialog = this.page.locator('.modal-editor-part');
    await dialog.locator('.modal-editor-action-container .action-label[aria-label^="Close"]').first().click({ timeout: timeoutMs });
    await dialog.first().waitFor({ state: 'hidden', timeout: timeoutMs });
  }

  /** Opens the user settings, searches for `key` and returns its control (`input` for text and numbers, `select` for enums). */
  private async settingControl(key: string, kind: 'input' | 'select', timeoutMs: number): Promise<Locator> {
    await this.runCommand('Preferences: Open User Settings');
    await this.page.locator('.settings-editor').waitFor({ state: 'visible', timeout: timeoutMs });
    // The search box has the focus once the editor opens.
    await this.page.keyboard.type(key);
    const control = this.page.locator(`.settings-editor .setting-item-contents[data-key="${key}"] .setting-item-control ${kind}`);
    await control.waitFor({ state: 'visible', timeout: timeoutMs });
    // The editor draws its results again as its search ends (it counts them then): a control is used once that is
    // done, so a click is not lost to that redraw.
    await waitFor(`the Settings editor's search for ${key} to end`, async () =>
      /Settings? Found/.test((await this.page.locator('.settings-editor .settings-count-widget').first().textContent({ timeout: 1_000 })) ?? ''), { timeoutMs });
    return control;
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
  async quickInputText(): Promise<QuickInputText> {
    await this.page.locator(QUICK_INPUT).waitFor({ state: 'visible', timeout: 20_000 });
    return (await this.shownQuickInput()) ?? { title: '', placeholder: '', message: '', value: '' };
  }

  /**
   * What the quick input shows now, or undefined once it is hidden; for probes, which must not wait: a wait for the
   * widget inside a probe outlasts the probe's own deadline when the widget closes between two reads (seen once with
   * the file dialog, which had taken the path and closed).
   */
  private async shownQuickInput(): Promise<QuickInputText | undefined> {
    const widget = this.page.locator(QUICK_INPUT);
    if (!(await widget.isVisible())) return undefined;
    const text = async (selector: string) => {
      const found = widget.locator(selector);
      return (await found.count()) > 0 ? (await found.first().innerText({ timeout: 1_000 })).trim() : '';
    };
    const box = this.page.locator(QUICK_INPUT_BOX);
    return {
      title: await text('.quick-input-title'),
      placeholder: (await box.getAttribute('placeholder', { timeout: 1_000 })) ?? '',
      message: await text('.quick-input-message'),
      value: await box.inputValue({ timeout: 1_000 }),
    };
  }

  /**
   * Waits for the open quick input's validation or prompt message (or, with `field: 'value'`, the text in its box) to
   * match, and returns it.
   */
  async waitForQuickInputMessage(expected: TextMatch, timeoutMs = 20_000, field: 'message' | 'value' = 'message'): Promise<string> {
    let last = '';
    try {
      return await waitFor(
        `a quick input ${field} matching ${describeMatch(expected)}`,
        async () => {
          const shown = await this.shownQuickInput();
          if (shown === undefined) return undefined;
          last = shown[field];
          return matches(last, expected) ? last : undefined;
        },
        { timeoutMs },
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; the ${field} was ${JSON.stringify(last)}`);
    }
  }

  /** Label, description and detail of each item of the open quick pick (separators left out). */
  async quickPickEntries(): Promise<QuickPickEntry[]> {
    await this.waitForQuickInput();
    // Runs in the page: no named helper functions in here (the test's TypeScript build would wrap them).
    return this.page.locator(QUICK_INPUT_ROWS).evaluateAll((rows) =>
      rows
        .map((row) => ({
          index: Number(row.getAttribute('data-index')),
          label: (row.querySelector('.label-name') as HTMLElement | null)?.innerText.trim() ?? '',
          description: (row.querySelector('.label-description') as HTMLElement | null)?.innerText.trim() ?? '',
          detail: (row.querySelector('.quick-input-list-label-meta .label-name') as HTMLElement | null)?.innerText.trim() ?? '',
        }))
        .filter((entry) => entry.label !== '')
        .sort((a, b) => a.index - b.index)
        .map(({ label, description, detail }) => ({ label, description, detail })),
    );
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
        // A closed quick input keeps its rows in the page, hidden: they are not there to pick.
        if (!(await this.page.locator(QUICK_INPUT).isVisible())) return undefined;
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

  /**
   * Types `label` into the open quick pick, as a person narrows a long list (its rows are drawn only when scrolled to),
   * picks the item with exactly that label and waits for the quick pick to close.
   */
  async filterAndPickQuickItem(label: string, timeoutMs = 20_000): Promise<void> {
    await this.waitForQuickInput(undefined, timeoutMs);
    await this.page.locator(QUICK_INPUT_BOX).fill(label);
    await (await this.waitForQuickPickItem(label, { exact: true, timeoutMs })).click();
    await this.waitForQuickInputClosed(timeoutMs);
  }

  async waitForQuickInputClosed(timeoutMs = 20_000): Promise<void> {
    await this.page.locator(QUICK_INPUT).waitFor({ state: 'hidden', timeout: timeoutMs });
  }

  /**
   * Escape in the quick input's box, as a person closes it. The key goes to the box itself: a key pressed while the
   * workbench moves focus elsewhere (a notification, a view redrawing) would not reach it.
   */
  async dismissQuickInput(timeoutMs = 20_000): Promise<void> {
    const widget = this.page.locator(QUICK_INPUT);
    if (!(await widget.isVisible())) return;
    await this.page.locator(QUICK_INPUT_BOX).press('Escape', { timeout: timeoutMs });
    await widget.waitFor({ state: 'hidden', timeout: timeoutMs });
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

  /** Codicon names shown in a status bar item, e.g. ['bell'] for `$(bell) Watch`. */
  async statusBarIcons(id: string): Promise<string[]> {
    return this.statusBarItem(id)
      .locator('.codicon')
      .evaluateAll((icons) =>
        icons.flatMap((icon) => Array.from(icon.classList).filter((name) => name.startsWith('codicon-')).map((name) => name.slice('codicon-'.length))),
      );
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

  // ---- the Accounts menu ----

  /** The entries of the open context menu (the first level), as shown. */
  private async menuEntries(): Promise<string[]> {
    return this.page.locator('.context-view .monaco-menu').first().locator(':scope .actions-container > .action-item .action-label')
      .evaluateAll((labels) => labels.map((label) => (label.textContent ?? '').replace(/\s+/g, ' ').trim()).filter((text) => text !== ''));
  }

  /**
   * Opens the activity bar's Accounts menu until its entries satisfy `probe` (VS Code fills it as providers report
   * their accounts: a menu opened too early is closed and opened again), and returns them with the menu open.
   */
  async waitForAccountsMenu(what: string, probe: (entries: string[]) => boolean, timeoutMs = 30_000): Promise<string[]> {
    const item = await this.waitForActivityBarItem('Accounts', timeoutMs);
    let last: string[] = [];
    try {
      return await waitFor(what, async () => {
        if (await this.page.locator('.context-view .monaco-menu').first().isVisible()) await this.page.keyboard.press('Escape');
        await item.click();
        await this.page.locator('.context-view .monaco-menu').first().waitFor({ state: 'visible', timeout: 5_000 });
        last = await this.menuEntries();
        return probe(last) ? last : undefined;
      }, { timeoutMs });
    } catch (error) {
      throw new Error(`${(error as Error).message}; the Accounts menu showed: ${JSON.stringify(last)}`);
    }
  }

  async closeMenu(): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu').first();
    if (await menu.isVisible()) await this.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  }

  /**
   * "Sign Out" of an account of the Accounts menu (a submenu per account), then the workbench's confirmation
   * dialog's "Sign Out", as a person does.
   */
  async signOutOfAccount(account: TextMatch, timeoutMs = 30_000): Promise<void> {
    await this.waitForAccountsMenu(`an account ${describeMatch(account)} in the Accounts menu`,
      (entries) => entries.some((entry) => matches(entry, account)), timeoutMs);
    const menu = this.page.locator('.context-view .monaco-menu').first();
    const entry = menu.locator(':scope .actions-container > .action-item').filter({ has: this.page.locator('.action-label').getByText(account) }).first();
    await entry.hover();
    await entry.press('ArrowRight').catch(() => undefined);
    const signOut = this.page.locator('.context-view .monaco-submenu .action-label').getByText('Sign Out', { exact: true }).first();
    await signOut.waitFor({ state: 'visible', timeout: 10_000 });
    // The menu acts on its focused entry: the pointer focuses it, Enter runs it (a synthetic click can miss it while
    // the submenu is still animating in).
    await signOut.hover();
    await waitFor('"Sign Out" to be the focused menu entry', async () =>
      signOut.evaluate((label) => label.closest('.action-item')?.classList.contains('focused') ?? false), { timeoutMs: 5_000 });
    await this.page.keyboard.press('Enter');
    const button = this.page.locator('.monaco-dialog-box .dialog-buttons .monaco-button').getByText('Sign Out', { exact: true }).first();
    await button.waitFor({ state: 'visible', timeout: 10_000 });
    await button.click();
    await this.page.locator('.monaco-dialog-box').waitFor({ state: 'hidden', timeout: 10_000 });
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
