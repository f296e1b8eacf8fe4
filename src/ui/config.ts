import * as vscode from 'vscode';
import { SETTINGS, SETTINGS_SECTION } from '../ids';

export interface ExtensionConfig {
  instanceUrl: string;
  projects: string[];
  users: string[];
  groups: string[];
  pageSize: number;
  pollIntervalSeconds: number;
  statusBarScope: 'auto' | 'global';
  requestTimeoutSeconds: number;
  proxy: string;
  caFile: string;
  ignoreCertificateErrors: boolean;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

/** Reads the extension's settings, tolerating hand-edited wrong types. */
export function readConfig(): ExtensionConfig {
  const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const httpProxy = vscode.workspace.getConfiguration('http').get<string>('proxy') ?? '';
  const instance = c.get<string>(SETTINGS.instanceUrl);
  return {
    instanceUrl: typeof instance === 'string' && instance.trim() ? instance.trim().replace(/\/+$/, '') : 'https://gitlab.com',
    projects: strings(c.get(SETTINGS.projects)),
    users: strings(c.get(SETTINGS.users)),
    groups: strings(c.get(SETTINGS.groups)),
    pageSize: clampInt(c.get(SETTINGS.pageSize), 20, 1, 100),
    pollIntervalSeconds: clampInt(c.get(SETTINGS.pollInterval), 120, 0, 86_400),
    statusBarScope: c.get(SETTINGS.statusBarScope) === 'global' ? 'global' : 'auto',
    requestTimeoutSeconds: clampInt(c.get(SETTINGS.requestTimeout), 30, 1, 600),
    proxy: (c.get<string>(SETTINGS.proxy) || httpProxy || '').trim(),
    caFile: (c.get<string>(SETTINGS.caFile) ?? '').trim(),
    ignoreCertificateErrors: c.get<boolean>(SETTINGS.ignoreCertificateErrors) === true,
  };
}

/** Adds or removes a value of a list setting, in the workspace when one is open, else for the user. */
export async function updateList(key: 'projects' | 'users' | 'groups', change: (list: string[]) => string[]): Promise<void> {
  const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const inspected = c.inspect<string[]>(SETTINGS[key]);
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  const current = strings(target === vscode.ConfigurationTarget.Workspace
    ? inspected?.workspaceValue ?? inspected?.globalValue
    : inspected?.globalValue);
  await c.update(SETTINGS[key], change(current), target);
}
