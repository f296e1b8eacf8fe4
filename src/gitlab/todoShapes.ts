import { array, fail, num, object, optional, str, userSummary, type Json } from './shapes';
import type { Todo, TodoGroup, TodoProject, TodoTarget } from './todoTypes';
import type { UserSummary } from './types';

/**
 * Checks of to-do shapes, REST's and GraphQL's, each read into the one `Todo` a list needs: the fields it uses are
 * checked, the rest of GitLab's large target entities (a merge request's reviewers, pipelines…) is not kept.
 * Unknown action names and target types pass as they are.
 */

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A time as the rest of the extension reads it: UTC with milliseconds, as REST writes it on an instance in UTC. GraphQL's
 * `Time` is written to the second ("…T08:00:00Z"), and an instance in another zone writes its offset
 * ("…T09:00:00.000+01:00"): read as they come, times of one list would not compare as strings. A time that does not
 * read as one is kept as sent, and shown so.
 */
export function utcTime(value: string): string {
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : value;
}

const utcTimeOrNull = (value: string | null): string | null => (value === null ? null : utcTime(value));

function nullableString(o: Json, key: string, path: string): string | null {
  optional(o, key, 'string', path);
  return typeof o[key] === 'string' ? o[key] as string : null;
}

/** A REST target entity (`API::Entities.const_get(target_type)`), whatever its type, reduced to a `TodoTarget`. */
function restTarget(value: unknown, path: string): TodoTarget | null {
  if (value === null || value === undefined) return null;
  const o = object(value, path);
  if (o.id !== undefined && o.id !== null && typeof o.id !== 'number' && typeof o.id !== 'string') fail(`${path}.id`, 'a number or a string', o.id);
  optional(o, 'iid', 'number', path);
  optional(o, 'web_url', 'string', path);
  optional(o, 'state', 'string', path);
  const references = o.references !== null && typeof o.references === 'object' ? o.references as Json : undefined;
  const target: TodoTarget = {};
  if (typeof o.id === 'number' || typeof o.id === 'string') target.id = o.id;
  if (typeof o.iid === 'number') target.iid = o.iid;
  const title = text(o.title) ?? text(o.name) ?? text(o.filename);
  if (title !== undefined) target.title = title;
  const reference = text(references?.short) ?? text(o.reference) ?? text(o.short_id);
  if (reference !== undefined) target.reference = reference;
  if (typeof o.state === 'string') target.state = o.state;
  if (typeof o.web_url === 'string') target.web_url = o.web_url;
  return target;
}

function restProject(value: unknown, path: string): TodoProject | null {
  if (value === null || value === undefined) return null;
  const o = object(value, path);
  optional(o, 'name', 'string', path);
  optional(o, 'name_with_namespace', 'string', path);
  return {
    id: num(o, 'id', path), path_with_namespace: str(o, 'path_with_namespace', path),
    ...(typeof o.name === 'string' ? { name: o.name } : {}),
    ...(typeof o.name_with_namespace === 'string' ? { name_with_namespace: o.name_with_namespace } : {}),
  };
}

function restGroup(value: unknown, path: string): TodoGroup | null {
  if (value === null || value === undefined) return null;
  const o = object(value, path);
  optional(o, 'name', 'string', path);
  optional(o, 'web_url', 'string', path);
  return {
    id: num(o, 'id', path), full_path: str(o, 'full_path', path),
    ...(typeof o.name === 'string' ? { name: o.name } : {}),
    ...(typeof o.web_url === 'string' ? { web_url: o.web_url } : {}),
  };
}

function compactUser(user: UserSummary): UserSummary {
  const { id, username, name, state, avatar_url, web_url } = user;
  return { id, username, name, ...(state !== undefined ? { state } : {}), ...(avatar_url !== undefined ? { avatar_url } : {}), ...(web_url !== undefined ? { web_url } : {}) };
}

/** `API::Entities::Todo` (to-dos note §2). `project` and `group` are absent when unset: both become null. */
export function restTodo(value: unknown, path = 'todo'): Todo {
  const o = object(value, path);
  optional(o, 'updated_at', 'string', path);
  return {
    id: num(o, 'id', path), action_name: str(o, 'action_name', path), target_type: str(o, 'target_type', path),
    target: restTarget(o.target, `${path}.target`), target_url: nullableString(o, 'target_url', path),
    body: nullableString(o, 'body', path) ?? '', author: compactUser(userSummary(o.author, `${path}.author`)),
    project: restProject(o.project, `${path}.project`), group: restGroup(o.group, `${path}.group`),
    state: str(o, 'state', path), created_at: utcTime(str(o, 'created_at', path)),
    ...(typeof o.updated_at === 'string' ? { updated_at: utcTime(o.updated_at) } : {}),
    snoozed_until: null,
  };
}

export function restTodos(value: unknown): Todo[] {
  return array(value, 'todos').map((item, i) => restTodo(item, `todos[${i}]`));
}

/** The number of a GitLab global ID (`gid://gitlab/Todo/130` → 130). */
export function globalIdNumber(value: unknown, path: string, model?: string): number {
  const match = typeof value === 'string' ? /^gid:\/\/gitlab\/([\w:]+)\/(\d+)$/.exec(value) : null;
  if (!match || (model !== undefined && match[1] !== model)) fail(path, `a global ID${model ? ` of a ${model}` : ''}`, value);
  return Number(match[2]);
}

/** `TodoTargetEnum` (§4) back to GitLab's class names, as REST spells target types. Unknown values stay as they are. */
const TARGET_CLASS: Readonly<Record<string, string>> = {
  ISSUE: 'Issue', MERGEREQUEST: 'MergeRequest', WORKITEM: 'WorkItem', COMMIT: 'Commit', DESIGN: 'DesignManagement::Design',
  ALERT: 'AlertManagement::Alert', PROJECT: 'Project', NAMESPACE: 'Namespace', KEY: 'Key', WIKIPAGEMETA: 'WikiPage::Meta',
  USER: 'User', EPIC: 'Epic', VULNERABILITY: 'Vulnerability',
};

/** A REST target type (a class name) as GraphQL's `TodoTargetEnum` names it (`MergeRequest` → `MERGEREQUEST`). */
export function targetEnumOf(className: string): string {
  return Object.entries(TARGET_CLASS).find(([, name]) => name === className)?.[0] ?? className.replace(/\W/g, '').toUpperCase();
}

function graphqlUser(value: unknown, path: string): UserSummary {
  const o = object(value, path);
  optional(o, 'avatarUrl', 'string', path);
  optional(o, 'webUrl', 'string', path);
  return {
    id: globalIdNumber(o.id, `${path}.id`), username: str(o, 'username', path), name: str(o, 'name', path),
    ...(typeof o.avatarUrl === 'string' ? { avatar_url: o.avatarUrl } : {}), ...(typeof o.webUrl === 'string' ? { web_url: o.webUrl } : {}),
  };
}

function graphqlTarget(value: unknown, path: string): TodoTarget | null {
  if (value === null || value === undefined) return null;
  const o = object(value, path);
  optional(o, 'webUrl', 'string', path);
  optional(o, 'iid', 'string', path);
  optional(o, 'title', 'string', path);
  optional(o, 'reference', 'string', path);
  const target: TodoTarget = {};
  if (typeof o.iid === 'string' && /^\d+$/.test(o.iid)) target.iid = Number(o.iid);
  if (typeof o.title === 'string') target.title = o.title;
  if (typeof o.reference === 'string') target.reference = o.reference;
  if (typeof o.webUrl === 'string') target.web_url = o.webUrl;
  return target;
}

/** `Types::TodoType` as the client asks for it (`TODO_FIELDS`), read into the same `Todo` as REST's. */
export function graphqlTodo(value: unknown, path = 'todo'): Todo {
  const o = object(value, path);
  const project = o.project === null || o.project === undefined ? null : object(o.project, `${path}.project`);
  const group = o.group === null || o.group === undefined ? null : object(o.group, `${path}.group`);
  const targetType = str(o, 'targetType', path);
  return {
    id: globalIdNumber(o.id, `${path}.id`, 'Todo'), action_name: str(o, 'action', path),
    target_type: TARGET_CLASS[targetType] ?? targetType, target: graphqlTarget(o.targetEntity, `${path}.targetEntity`),
    target_url: nullableString(o, 'targetUrl', path), body: nullableString(o, 'body', path) ?? '',
    author: graphqlUser(o.author, `${path}.author`),
    project: project && {
      id: globalIdNumber(project.id, `${path}.project.id`), path_with_namespace: str(project, 'fullPath', `${path}.project`),
      ...(typeof project.name === 'string' ? { name: project.name } : {}),
      ...(typeof project.nameWithNamespace === 'string' ? { name_with_namespace: project.nameWithNamespace } : {}),
    },
    group: group && {
      id: globalIdNumber(group.id, `${path}.group.id`), full_path: str(group, 'fullPath', `${path}.group`),
      ...(typeof group.name === 'string' ? { name: group.name } : {}),
      ...(typeof group.webUrl === 'string' ? { web_url: group.webUrl } : {}),
    },
    state: str(o, 'state', path), created_at: utcTime(str(o, 'createdAt', path)),
    snoozed_until: utcTimeOrNull(nullableString(o, 'snoozedUntil', path)),
  };
}
