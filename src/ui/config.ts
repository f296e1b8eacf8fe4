import * as vscode from 'vscode';
import {
  effectiveInstanceList, idsFor, legacyInstanceOf, listBoundNote, parseInstanceList, planListEdit, serializeInstanceList,
  type InstanceEntry, type ListEdit,
} from '../app/instanceSettings';
import { pollIntervalSeconds, resolveInstance, testPollFloor, userOrDefault, type InstanceSource } from '../app/settingTrust';
import { toastReasons } from '../app/todos/newTodos';
import { INSTANCE_ENV_VAR, SETTINGS, SETTINGS_SECTION, TEST_POLL_FLOOR_ENV_VAR } from '../ids';

export interface ExtensionConfig {
  instanceUrl: string;
  /** Where `instanceUrl` comes from; a workspace or folder naming it is said at sign-in. */
  instanceSource: InstanceSource;
  /** The IDs of `instanceUrl`'s entries in the per-instance lists. */
  projects: string[];
  users: string[];
  groups: string[];
  /** Every instance's entries (see instanceSettings.ts): the first `MAX_LIST_ENTRIES` of each list. */
  entries: Record<ListKey, InstanceEntry[]>;
  /** A line for the log per list cut at its bound. */
  listNotes: string[];
  pageSize: number;
  pollIntervalSeconds: number;
  /** The action names whose new to-dos show a notification (`todos.notifyFor`); empty: none. */
  todoNotifyFor: ReadonlySet<string>;
  /** `todos.ignoreWorkingHours`: new-to-do notifications at any hour, whatever the working hours set in GitLab. */
  todoIgnoreWorkingHours: boolean;
  statusBarScope: 'auto' | 'global';
  requestTimeoutSeconds: number;
  /** The next three come from the user's own settings only (see settingTrust.ts). */
  proxy: string;
  caFile: string;
  ignoreCertificateErrors: boolean;
}

/** Reads an environment variable; a browser has none (see Platform). */
export type Environment = (name: string) => string | undefined;

const noEnvironment: Environment = () => undefined;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export type ListKey = 'projects' | 'users' | 'groups';
const LIST_KEYS: ListKey[] = ['projects', 'users', 'groups'];

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

/**
 * Reads the extension's settings, tolerating hand-edited wrong types. Where requests go and whether TLS is checked
 * are read through `inspect()` from the user's settings alone: a repository's own settings must not steer the token.
 */
export function readConfig(env: Environment = noEnvironment): ExtensionConfig {
  const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const httpProxy = text(userOrDefault(vscode.workspace.getConfiguration('http').inspect<unknown>('proxy')));
  const inspectedInstance = c.inspect<unknown>(SETTINGS.instanceUrl);
  const instance = resolveInstance(inspectedInstance, env(INSTANCE_ENV_VAR));
  const lists = LIST_KEYS.map((key) => [key, effectiveInstanceList(c.inspect<unknown>(SETTINGS[key]), inspectedInstance, env(INSTANCE_ENV_VAR))] as const);
  const entries = Object.fromEntries(lists.map(([key, list]) => [key, list.entries])) as Record<ListKey, InstanceEntry[]>;
  return {
    instanceUrl: instance.url,
    instanceSource: instance.source,
    projects: idsFor(entries.projects, instance.url),
    users: idsFor(entries.users, instance.url),
    groups: idsFor(entries.groups, instance.url),
    entries,
    listNotes: lists.map(([key, list]) => listBoundNote(key, list)).filter((note): note is string => note !== undefined),
    pageSize: clampInt(c.get(SETTINGS.pageSize), 20, 1, 100),
    pollIntervalSeconds: pollIntervalSeconds(c.inspect<unknown>(SETTINGS.pollInterval), testPollFloor(env(TEST_POLL_FLOOR_ENV_VAR))),
    todoNotifyFor: toastReasons(c.get(SETTINGS.todosNotifyFor)),
    todoIgnoreWorkingHours: c.get(SETTINGS.todosIgnoreWorkingHours) === true,
    statusBarScope: c.get(SETTINGS.statusBarScope) === 'global' ? 'global' : 'auto',
    requestTimeoutSeconds: clampInt(c.get(SETTINGS.requestTimeout), 30, 1, 600),
    proxy: text(userOrDefault(c.inspect<unknown>(SETTINGS.proxy))) || httpProxy,
    caFile: text(userOrDefault(c.inspect<unknown>(SETTINGS.caFile))),
    ignoreCertificateErrors: userOrDefault(c.inspect<unknown>(SETTINGS.ignoreCertificateErrors)) === true,
  };
}

/** `readConfig` that says each list cut at its bound once in the log (settings are read often: on every redraw). */
export function configReader(log: (line: string) => void, env: Environment = noEnvironment): () => ExtensionConfig {
  const said = new Set<string>();
  return () => {
    const config = readConfig(env);
    for (const note of config.listNotes) {
      if (said.has(note)) continue;
      said.add(note);
      log(note);
    }
    return config;
  };
}

/**
 * The per-instance lists of projects, users and groups as the commands edit them. An environment's instance is the
 * one entries that name none belong to, so edits and the one-time migration read it.
 */
export class InstanceLists {
  constructor(private readonly env: Environment = noEnvironment) {}

  /** Adds a value to one instance's list once: a value already there in any letter case is not added again. */
  add(key: ListKey, instanceUrl: string, value: string): Promise<void> {
    return this.edit(key, instanceUrl, { add: value });
  }

  /** Removes a value (any letter case) from one instance's list, in the settings layer that holds it. */
  remove(key: ListKey, instanceUrl: string, value: string): Promise<void> {
    return this.edit(key, instanceUrl, { remove: value });
  }

  /** See `migrateUserLists`. */
  migrate(log: (line: string) => void): Promise<void> {
    return migrateUserLists(log, this.env);
  }

  /** Applies one edit of one instance's entries where `planListEdit` says (never copying the user's list into a workspace). */
  private async edit(key: ListKey, instanceUrl: string, edit: ListEdit): Promise<void> {
    const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const write = planListEdit({
      list: c.inspect<unknown>(SETTINGS[key]),
      instance: c.inspect<unknown>(SETTINGS.instanceUrl),
      envInstance: this.env(INSTANCE_ENV_VAR),
      inWorkspace: Boolean(vscode.workspace.workspaceFolders?.length),
    }, instanceUrl, edit);
    if (!write) return;
    await c.update(SETTINGS[key], write.value, write.layer === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
  }
}

/**
 * Rewrites the user's own lists into the per-instance form, once, losing nothing; logs entries it cannot read. A
 * workspace's lists (a file in the repository) are read the same way but rewritten only when the person edits them.
 */
async function migrateUserLists(log: (line: string) => void, env: Environment): Promise<void> {
  const c = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const legacy = legacyInstanceOf('user', c.inspect<unknown>(SETTINGS.instanceUrl), env(INSTANCE_ENV_VAR));
  for (const key of LIST_KEYS) {
    const value = c.inspect<unknown>(SETTINGS[key])?.globalValue;
    if (value === undefined) continue;
    const list = parseInstanceList(value, legacy);
    for (const problem of list.problems) log(`gitlabActivity.${key}: kept an entry that names no instance and ID: ${problem}`);
    if (!list.changed) continue;
    await c.update(SETTINGS[key], serializeInstanceList(list), vscode.ConfigurationTarget.Global);
    log(`gitlabActivity.${key}: the user's entries now name their instance (${list.entries.length} entries, ${list.unusable.length} kept as they were).`);
  }
}
