import type { Locator, Page } from 'playwright-core';
import { waitFor } from './wait-for';

/** The extension's view container and its views, as the manifest names them (one view alone reads "GitLab: Activity"). */
export const VIEW_CONTAINER = 'GitLab';
export const ACTIVITY_VIEW = 'Activity';
export const TODO_VIEW = 'To-Do List';
export const SUBSCRIPTIONS_VIEW = 'Subscriptions';

/** One rendered row of a side-bar tree, in display order. */
export interface TreeItemView {
  /** Position in the whole tree (`data-index`), which orders the rows as shown. */
  index: number;
  label: string;
  description: string;
  ariaLabel: string;
  /** 1 for the roots. */
  level: number;
  /** Undefined for rows that cannot expand. */
  expanded?: boolean;
}

export type TextMatch = string | RegExp;

export function matches(value: string, expected: TextMatch): boolean {
  return typeof expected === 'string' ? value.includes(expected) : expected.test(value);
}

export function describeMatch(expected: TextMatch): string {
  return typeof expected === 'string' ? JSON.stringify(expected) : String(expected);
}

/**
 * The side-bar pane of the view called `view`, found by its header's title. VS Code keeps that header in the DOM
 * even while it merges a lone view's header into the side bar's title, so this finds the pane either way; the
 * header's description is a sibling of the title, so the title's text is exactly the view's name.
 */
export function viewPane(page: Page, view: string): Locator {
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header h3.title').getByText(view, { exact: true }) });
}

/**
 * The tree of one view of the side bar, as a person reads and works it. Every reader stays inside that view's pane:
 * another view of the same container (the To-Do List beside the Activity) has rows of its own, which must never
 * count as this view's.
 */
export class ViewTree {
  /** The view's pane (header and body). */
  readonly pane: Locator;

  constructor(
    readonly page: Page,
    /** The view's name as its header shows it, e.g. "Activity". */
    readonly view: string,
  ) {
    this.pane = viewPane(page, view);
  }

  /** Every row of the view's tree (rendered rows only: the list renders those on screen). */
  private rows(selector = ''): Locator {
    return this.pane.locator(`.monaco-list-row${selector}`);
  }

  /** Rows of the view's tree, as a person reads them. */
  async treeRows(): Promise<string[]> {
    return this.rows().evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  }

  /** Waits for a row of the view's tree whose text (or aria-label) matches, and returns it. */
  async waitForTreeRow(text: TextMatch, timeoutMs = 20_000): Promise<Locator> {
    const rows = this.rows();
    const index = await waitFor(
      `a tree row of "${this.view}" matching ${describeMatch(text)}`,
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

  /**
   * Like `waitForTreeRow`, but the locator finds the row by its text at each use: the list reuses row elements as it
   * redraws, so a row found by position may be another item by the time it is clicked.
   */
  async waitForTreeRowByText(text: TextMatch, timeoutMs = 20_000): Promise<Locator> {
    await this.waitForTreeRow(text, timeoutMs);
    return this.rows().filter({ hasText: text }).first();
  }

  /**
   * The rendered rows of the view's tree, structured and in display order (the list reuses row elements, so
   * document order is not display order). Only rows scrolled into view are rendered.
   */
  async treeItems(): Promise<TreeItemView[]> {
    // Runs in the page: no named helper functions in here (the test's TypeScript build would wrap them).
    const items = await this.rows('[role="treeitem"]').evaluateAll((rows) =>
      rows.map((row) => {
        const expanded = row.getAttribute('aria-expanded');
        return {
          index: Number(row.getAttribute('data-index')),
          label: (row.querySelector('.label-name') as HTMLElement | null)?.innerText.trim() ?? '',
          description: (row.querySelector('.label-description') as HTMLElement | null)?.innerText.trim() ?? '',
          ariaLabel: row.getAttribute('aria-label') ?? '',
          level: Number(row.getAttribute('aria-level')),
          expanded: expanded === null ? undefined : expanded === 'true',
        };
      }),
    );
    return items.sort((a, b) => a.index - b.index);
  }

  /** Polls the tree's rows until `probe` returns something (not undefined/false/null), and returns that. */
  async waitForTree<T>(
    what: string,
    probe: (items: TreeItemView[]) => T | undefined | null | false,
    timeoutMs = 20_000,
  ): Promise<T> {
    let last: TreeItemView[] = [];
    try {
      return await waitFor(what, async () => probe((last = await this.treeItems())), { timeoutMs });
    } catch (error) {
      const shown = last.map((item) => `${'  '.repeat(item.level - 1)}${item.label}${item.description ? ` — ${item.description}` : ''}`);
      throw new Error(`${(error as Error).message}; the tree of "${this.view}" showed:\n${shown.join('\n')}`);
    }
  }

  /**
   * The row element of the tree item shown at `index` (see `treeItems`). The index of a row changes as the tree
   * changes: to act on a row, prefer `treeRowLabelled`, which finds it again when the action happens.
   */
  treeRow(index: number): Locator {
    return this.rows(`[role="treeitem"][data-index="${index}"]`);
  }

  /** The row whose label is `label` (exactly, for a string), at tree depth `level` when given (1 for the roots). */
  treeRowLabelled(label: TextMatch, { level }: { level?: number } = {}): Locator {
    const rows = this.rows(`[role="treeitem"]${level === undefined ? '' : `[aria-level="${level}"]`}`);
    return rows.filter({ has: this.page.locator('.label-name').getByText(label, { exact: true }) }).first();
  }

  /** Expands the tree row whose label matches (exactly, for a string) and waits until it shows as expanded. */
  async expandTreeRow(label: TextMatch, timeoutMs = 20_000): Promise<void> {
    await this.setTreeRowExpanded(label, true, timeoutMs);
  }

  async collapseTreeRow(label: TextMatch, timeoutMs = 20_000): Promise<void> {
    await this.setTreeRowExpanded(label, false, timeoutMs);
  }

  /** Expands a tree row found by locator (for rows a label cannot single out), as `expandTreeRow` does. */
  async expandRow(row: Locator, timeoutMs = 20_000): Promise<void> {
    await this.setRowExpanded(row, true, 'the tree row to be expanded', Date.now() + timeoutMs);
  }

  private async setTreeRowExpanded(label: TextMatch, expanded: boolean, timeoutMs: number): Promise<void> {
    const isRow = (item: TreeItemView) => (typeof label === 'string' ? item.label === label : label.test(item.label));
    const what = `tree row ${describeMatch(label)} to be ${expanded ? 'expanded' : 'collapsed'}`;
    const deadline = Date.now() + timeoutMs;
    const item = await this.waitForTree(`a collapsible tree row ${describeMatch(label)}`, (items) =>
      items.find((candidate) => isRow(candidate) && candidate.expanded !== undefined), timeoutMs);
    await this.setRowExpanded(this.treeRowLabelled(label, { level: item.level }), expanded, what, deadline);
  }

  /**
   * Clicks the row's twistie once, unless the row shows the wanted state already, and waits for it to show it. A
   * click lost to a redraw (the whole tree drawn again under it) fails the test: a person's click would be lost too.
   */
  private async setRowExpanded(row: Locator, expanded: boolean, what: string, deadline: number): Promise<void> {
    const shows = async () => ((await row.getAttribute('aria-expanded', { timeout: 1_000 })) === 'true') === expanded;
    if (await shows().catch(() => false)) return;
    await row.locator('.monaco-tl-twistie').click({ timeout: Math.max(1, deadline - Date.now()) });
    try {
      await waitFor(what, () => shows().catch(() => false), { timeoutMs: Math.max(1, deadline - Date.now()) });
    } catch (error) {
      throw new Error(`${(error as Error).message} after one click on its twistie (lost to a redraw?)`);
    }
  }
}
