import * as vscode from 'vscode';
import { resolveInstance, userOrDefault, type InstanceSource } from '../app/settingTrust';
import { INSTANCE_ENV_VAR, SETTINGS, SETTINGS_SECTION } from '../ids';

export interface ExtensionConfig {
  instanceUrl: string;
  /** Where `instanceUrl` comes from; a workspace or folder naming it is said at sign-in. */
  instanceSource: InstanceSource;
  projects: string[];
  users: string[];
  groups: string[];
  pageSize: number;
  pollIntervalSeconds: number;
  statusBarScope: 'auto' | 'global';
  requestTimeoutSeconds: number;
  /** The next three come from the user's own settings only (see settingTrust.ts). */
  proxy: string;
  caFile: string;
  ignoreCertificateErrors: boolean;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

/**
 * Reads the extension's settings, tolerating hand-edited wrong types. Where requests go and whether TLS is checked
 * are read through `inspect()` from the user's settings alone: a repository's own settings must not steer the token.
 */
export function readConfig(): ExtensionConfig {
  const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const httpProxy = text(userOrDefault(vscode.workspace.getConfiguration('http').inspect<unknown>('proxy')));
  const instance = resolveInstance(c.inspect<unknown>(SETTINGS.instanceUrl), process.env[INSTANCE_ENV_VAR]);
  return {
    instanceUrl: instance.url,
    instanceSource: instance.source,
    projects: strings(c.get(SETTINGS.projects)),
    users: strings(c.get(SETTINGS.users)),
    groups: strings(c.get(SETTINGS.groups)),
    pageSize: clampInt(c.get(SETTINGS.pageSize), 20, 1, 100),
    pollIntervalSeconds: clampInt(c.get(SETTINGS.pollInterval), 120, 0, 86_400),
    statusBarScope: c.get(SETTINGS.statusBarScope) === 'global' ? 'global' : 'auto',
    requestTimeoutSeconds: clampInt(c.get(SETTINGS.requestTimeout), 30, 1, 600),
    proxy: text(userOrDefault(c.inspect<unknown>(SETTINGS.proxy))) || httpProxy,
    caFile: text(userOrDefault(c.inspect<unknown>(SETTINGS.caFile))),
    ignoreCertificateErrors: userOrDefault(c.inspect<unknown>(SETTINGS.ignoreCertificateErrors)) === true,
  };
}

/**
 * Adds or removes a value of a list setting, in the workspace when one is open, else for the user. Every list
 * (projects, users, groups) follows this one rule: what a person adds while working on a folder belongs to that
 * folder, and the lists stay together where they look for them.
 */
export async function updateList(key: 'projects' | 'users' | 'groups', change: (list: string[]) => string[]): Promise<void> {
  const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const inspected = c.inspect<string[]>(SETTINGS[key]);
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  const current = strings(target === vscode.ConfigurationTarget.Workspace
    ? inspected?.workspaceValue ?? inspected?.globalValue
    : inspected?.globalValue);
  await c.update(SETTINGS[key], change(current), target);
}

/** Adds a value to a list setting once: a value already there in any letter case is not added again. */
export async function addToList(key: 'projects' | 'users' | 'groups', value: string): Promise<void> {
  await updateList(key, (list) => (list.some((item) => item.toLowerCase() === value.toLowerCase()) ? list : [...list, value]));
}
