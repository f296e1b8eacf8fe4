import * as vscode from 'vscode';
import { ActivityFilter } from '../../app/activity/filterState';
import { CONTEXT_KEYS, STATE_KEYS } from '../../ids';

const FILTER_STATE_KEY = STATE_KEYS.filter;

/** The Activity view's filter: persisted per workspace, mirrored into the `gitlabActivity.filtered` context key. */
export class FilterController implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ActivityFilter>();
  readonly onDidChange = this.changed.event;
  private current: ActivityFilter;

  constructor(private readonly state: vscode.Memento) {
    // Stored data is untrusted: invalid parts are dropped, never sent.
    this.current = ActivityFilter.deserialize(state.get(FILTER_STATE_KEY));
    void this.publishContext();
  }

  get filter(): ActivityFilter {
    return this.current;
  }

  async set(filter: ActivityFilter): Promise<void> {
    if (filter.equals(this.current)) return;
    this.current = filter;
    await this.state.update(FILTER_STATE_KEY, filter.isEmpty ? undefined : filter.serialize());
    await this.publishContext();
    this.changed.fire(filter);
  }

  private publishContext(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', CONTEXT_KEYS.filtered, !this.current.isEmpty);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
