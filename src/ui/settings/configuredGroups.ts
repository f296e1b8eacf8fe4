import * as vscode from 'vscode';
import { SETTINGS, SETTINGS_SECTION } from '../../ids';

const SECTION = SETTINGS_SECTION;
const KEY = SETTINGS.groups;

/** The `gitlabActivity.groups` setting: extra groups (ID or path) the settings editor offers. */
export class ConfiguredGroups {
  list(): readonly string[] {
    const value = vscode.workspace.getConfiguration(SECTION).get<unknown>(KEY);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
  }

  /** Adds a group to the user's settings, once. */
  async remember(ref: string): Promise<void> {
    const current = this.list();
    if (current.includes(ref)) return;
    await vscode.workspace.getConfiguration(SECTION).update(KEY, [...current, ref], vscode.ConfigurationTarget.Global);
  }
}
