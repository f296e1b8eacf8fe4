import * as vscode from 'vscode';
import type { Localize } from '../../app/localize';
import { inert } from '../../app/plainText';
import { displayLocalize } from '../displayLanguage';

/** What filter picks read and change: a list view's filter (`ListFilter`), or a stand-in. */
export interface FilterChoice<F> {
  readonly filter: F;
  set(filter: F): Promise<void>;
}

/** What a list's filter offers its view: its words, its stored form, and equality (each list's filter is its own). */
export interface ViewFilter<F> {
  equals(other: F): boolean;
  serialize(): unknown;
  /** The view's description ("Merge request · Last 7 days"); empty without a filter. */
  describe(t: Localize): string;
  /** The message at the top of the tree, shown while the description is hidden ("Filtered: …"). */
  message(t: Localize): string;
}

export interface ListFilterOptions<F> {
  /** Where the filter is kept (per workspace), under `key`. */
  state: vscode.Memento;
  key: string;
  /** The filter the view starts with (read from `state` by the list's own rules). */
  initial: F;
  /** A filter that narrows nothing is not stored. */
  isEmpty(filter: F): boolean;
  /** The context keys the menus' `when` clauses read, by name. */
  context(filter: F): Record<string, unknown>;
  view: vscode.TreeView<unknown>;
  viewId: string;
  signedIn(): boolean;
  /** Pushes a new filter down into the lists with the reset it causes (the rows shown stay, marked stale). */
  pushDown(filter: F): void;
  /** Starts the first pages of the lists on screen now, so the progress bar waits for them. */
  loadOpen(): void;
  lists: { whenIdle(): Promise<void>; dropStale(): void };
  /** Resolves once the view has drawn the new rows (VS Code redraws a tree only after asking for its rows again). */
  redrawn?(): Promise<void>;
}

/**
 * A list view's filter: kept per workspace, mirrored into context keys, said in the view's description and message.
 * A new filter (validated where it was chosen or restored) travels one way: down into the lists with the reset it
 * causes, then drawn once. The rows and the label change together, never the old rows under the new label: the old
 * rows stay (under the view's progress bar) until the open lists' new first pages arrive; then the label follows.
 */
export class ListFilter<F extends ViewFilter<F>> implements FilterChoice<F> {
  private current: F;
  private turn = 0;
  private switching: Promise<void> = Promise.resolve();

  constructor(private readonly options: ListFilterOptions<F>) {
    this.current = options.initial;
    void this.publishContext();
    this.describe();
  }

  get filter(): F {
    return this.current;
  }

  /** Stores and pushes down `filter`; resolves once it is pushed down (`switched` waits for its rows and label). */
  async set(filter: F): Promise<void> {
    if (filter.equals(this.current)) return;
    this.current = filter;
    await this.options.state.update(this.options.key, this.options.isEmpty(filter) ? undefined : filter.serialize());
    await this.publishContext();
    this.switching = this.follow(filter);
  }

  /** Resolves once the last filter set is drawn and labelled (or a later one took over). */
  switched(): Promise<void> {
    return this.switching;
  }

  private async follow(filter: F): Promise<void> {
    const turn = ++this.turn;
    const { options } = this;
    options.pushDown(filter);
    options.loadOpen();
    await vscode.window.withProgress({ location: { viewId: options.viewId } }, async () => {
      await options.lists.whenIdle();
      options.lists.dropStale(); // lists nobody opened keep nothing of the old filter
      await options.redrawn?.();
    });
    if (turn === this.turn) this.describe();
  }

  /** The filter in the view's description and, as VS Code hides that while the view is alone, as its message. */
  describe(): void {
    // A project's or group's path in a filter is the server's text.
    const text = inert(this.current.describe(displayLocalize()));
    this.options.view.description = text || undefined;
    // Signed out, a message would hide the welcome content with its Sign In button.
    this.options.view.message = text && this.options.signedIn() ? inert(this.current.message(displayLocalize())) : undefined;
  }

  private publishContext(): Thenable<unknown> {
    return Promise.all(Object.entries(this.options.context(this.current))
      .map(([key, value]) => vscode.commands.executeCommand('setContext', key, value)));
  }
}
