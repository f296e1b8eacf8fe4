import type * as vscode from 'vscode';
import type { ListRows } from '../../app/lists/listRows';
import type { ListStore } from '../../app/lists/listStore';
import type { GitLabError } from '../../gitlab';
import type { Log } from '../log';
import type { Session } from '../session';
import type { ListFilterOptions, ViewFilter } from './listFilter';
import type { StatusNode } from './listNodes';
import type { ListStatusLook } from './listStatusItems';

/** An instance's root, shown while several are signed in. */
export interface InstanceNode {
  type: 'instance';
  instance: string;
}

/** A row of an instance list view: an instance's root, a status row, or one of the view's own rows. */
export type InstanceListNode<Source, Row> = InstanceNode | StatusNode<Source> | Row;

/** What sits under an instance (its root, or the top while one is signed in): the view's own rows, or one list's rows. */
export type InstanceTop<Source, Row> = readonly Row[] | { list: Source };

/** A list of a view: its key in the view's `ListStore`, and the instance whose account it belongs to. */
export interface ListSource {
  readonly key: string;
  readonly instance: string;
}

/**
 * What a view brings to the shell: its lists and where they sit, its rows and its words. The rest (roots, status rows,
 * the filter, redraws that keep what a person has open) is the shell's.
 */
export interface InstanceListParts<Source extends ListSource, Item, Order, Row extends { type: string }, F extends ViewFilter<F>> {
  viewId: string;
  /** Rows can be selected together (an action on a selection). */
  canSelectMany?: boolean;
  showCollapseAll?: boolean;
  session: Pick<Session, 'signedIn' | 'onDidChange' | 'onDidLearnUsername' | 'reportUnauthorized'> & {
    readonly all: ReadonlyArray<{ key: string; instanceUrl: string; username?: string }>;
  };
  log: Pick<Log, 'warn'>;
  /** What holds the lists: a sign-in or sign-out starts them over. */
  service: { sessionChanged(): void };
  /** Each signed-in instance's lists. */
  lists: ListStore<Source, Item, Order>;
  /** What sits under `instance`: the view's rows (a row may hold a list, see `listOf`), or one list's rows in place. */
  top(instance: string): InstanceTop<Source, Row>;
  /** The list a row holds (a section, a feed): its children are that list's rows. */
  listOf?(row: Row): Source | undefined;
  /** The rows under a row that holds no list (a group of feeds; a day's events). */
  children?(row: Row): Row[];
  /** A list's own rows, from what it shows (their type none of the shell's: `instance` or a status row's). */
  rows(source: Source, list: ListRows<Item, Order>): Row[];
  /** Rows that replace a list's rows once it has answered (a calm line where a GitLab has no such list). */
  instead?(source: Source, list: ListRows<Item, Order>, error: GitLabError | undefined): Array<Row | StatusNode<Source>> | undefined;
  /** A row's identity: the same while it stands for the same thing (VS Code keeps its expansion, selection and focus by it). */
  idOf(row: Row): string;
  /**
   * What a list's row with children shows, with everything under them: when a list changes but its rows are the same
   * ones, only those whose revision changed are drawn again (a row without children is compared by its item). Without
   * it, a change draws the whole list again.
   */
  revision?(row: Row): string | undefined;
  /** Whether a row with children starts open; undefined for a row without children (a list's row starts open). */
  openByDefault?(row: Row): boolean | undefined;
  /** The parent of a row that may be revealed before it was shown: a row, or the instance whose top holds it. */
  parentOf?(row: Row): Row | string | undefined;
  /** VS Code asked for a list's rows (after its first page was asked for). */
  asked?(source: Source): void;
  rowItem(row: Row): vscode.TreeItem;
  /** The row's tooltip, built only when VS Code asks. */
  resolveRow?(item: vscode.TreeItem, row: Row): vscode.TreeItem;
  /** The status rows in the list's words, and what they run. */
  look: ListStatusLook<Source>;
  /** The list's filter: where it is kept, its context keys, and how it is pushed down into the lists. */
  filter: Pick<ListFilterOptions<F>, 'state' | 'key' | 'initial' | 'isEmpty' | 'context' | 'pushDown' | 'redrawn'>;
}
