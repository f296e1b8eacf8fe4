import * as vscode from 'vscode';
import { instanceHost } from '../../app/instance';
import { reasonWords } from '../../app/todos/todoReasons';
import { todoPlaceChoices } from '../../app/todos/todoPlaces';
import { todoTypeLabel } from '../../app/todos/todoTypeLabels';
import type { TodoService } from '../../app/todos/todoService';
import { FILTER_ACTIONS, FILTER_TYPES, todoListLabel, type TodoPlace, type TodoViewFilter } from '../../app/todos/todoViewFilter';
import type { Group } from '../../gitlab/types';
import type { Log } from '../log';
import * as plainWindow from '../plainWindow';
import { applyFilterChange, pickOneOrAny } from '../pickOneOrAny';
import type { Session } from '../session';
import type { FilterChoice } from '../lists/listFilter';
import { displayLocalize } from '../displayLanguage';

/** What the picks read: the filter to change, the to-dos shown (their projects), the accounts (their groups). */
export interface TodoFilterPicksDeps {
  /** The list and filter; a choice resolves once it is drawn (see `TodoView.setFilter`). */
  filters: FilterChoice<TodoViewFilter>;
  service: { shownTodos: TodoService['shownTodos'] };
  session: { readonly all: Session['all'] };
  log: { warn: Log['warn'] };
  urlOfInstance(instance: string): string;
}

type Pick<T> = plainWindow.PlainItem & { value: T };

/**
 * The To-Do view's filter quick picks, as the Activity view's: values come only from GitLab's known sets or from
 * GitLab's own projects and groups, so an invalid filter can never be built, let alone sent.
 */
export class TodoFilterPicks {
  constructor(private readonly deps: TodoFilterPicksDeps, private readonly chooseList: () => Promise<void>) {}

  /** "Filter To-Dos…": which part to change. */
  async chooseKind(): Promise<void> {
    const f = this.deps.filters.filter;
    const any = vscode.l10n.t('any');
    const kinds: Array<Pick<() => Promise<void>>> = [
      { icon: 'list-selection', label: vscode.l10n.t('List'), description: todoListLabel(f.list, displayLocalize()), value: () => this.chooseList() },
      { icon: 'symbol-event', label: vscode.l10n.t('Reason'), description: f.action ? reasonWords(f.action, displayLocalize()) : any, value: () => this.reason() },
      { icon: 'repo', label: vscode.l10n.t('Project or Group'), description: f.place?.path ?? any, value: () => this.place() },
      { icon: 'symbol-class', label: vscode.l10n.t('Type'), description: f.type ? todoTypeLabel(f.type, displayLocalize()) : any, value: () => this.type() },
    ];
    if (f.narrowed) kinds.push({ icon: 'clear-all', label: vscode.l10n.t('Clear Filters'), value: () => this.clear() });
    const choice = await plainWindow.showQuickPick(kinds, {
      title: vscode.l10n.t('Filter To-Dos'), placeHolder: f.describe(displayLocalize()) || vscode.l10n.t('No filter'),
    });
    await choice?.value();
  }

  async reason(): Promise<void> {
    const value = await this.pickOne(vscode.l10n.t('Filter To-Dos by Reason'),
      FILTER_ACTIONS.map((action) => ({ label: reasonWords(action, displayLocalize()), value: action })), this.deps.filters.filter.action);
    if (value !== null) await this.apply((f) => f.withAction(value));
  }

  async type(): Promise<void> {
    const value = await this.pickOne(vscode.l10n.t('Filter To-Dos by Type'),
      FILTER_TYPES.map((type) => ({ label: todoTypeLabel(type, displayLocalize()), value: type })), this.deps.filters.filter.type);
    if (value !== null) await this.apply((f) => f.withType(value));
  }

  /** The projects and groups of the to-dos loaded and the person's groups (read as the pick opens, one page each). */
  async place(): Promise<void> {
    const current = this.deps.filters.filter.place;
    const several = this.deps.session.all.length > 1;
    const items = (async () => {
      const sources = await Promise.all(this.deps.session.all.map(async (account) => ({
        instance: account.key, todos: this.deps.service.shownTodos(account.key), groups: await this.groupsOf(account),
      })));
      return todoPlaceChoices(sources, current).map((place) => ({
        icon: place.kind === 'project' ? 'repo' : 'organization', label: place.path, value: place,
        detail: several ? instanceHost(this.deps.urlOfInstance(place.instance)) : undefined,
      }));
    })();
    const value = await this.pickOne<TodoPlace>(vscode.l10n.t('Filter To-Dos by Project or Group'), items, current,
      (a, b) => a.kind === b.kind && a.id === b.id && a.instance === b.instance);
    if (value !== null) await this.apply((f) => f.withPlace(value));
  }

  async clear(): Promise<void> {
    await this.apply((f) => f.cleared());
  }

  private async groupsOf(account: { api?: { listGroups(page: { page: number; perPage: number }): Promise<{ items: Group[] }> } }): Promise<Group[]> {
    try {
      return account.api ? (await account.api.listGroups({ page: 1, perPage: 100 })).items : [];
    } catch (error) {
      this.deps.log.warn(`Listing groups for the to-do filter failed: ${(error as Error).message}`);
      return [];
    }
  }

  private pickOne<T>(title: string, values: Array<Pick<T>> | Promise<Array<Pick<T>>>, current: T | undefined,
    same?: (a: T, b: T) => boolean): Promise<T | undefined | null> {
    return pickOneOrAny(title, values, current, { same, matchOnDetail: true });
  }

  private apply(change: (filter: TodoViewFilter) => TodoViewFilter): Promise<void> {
    return applyFilterChange(() => this.deps.filters.set(change(this.deps.filters.filter)));
  }
}
