import { DUO_BODY } from '../world/generate-todos';
import { issuableOfTodo } from '../world/lookup';
import type { DoubleData, DoubleGroup, DoubleProject, DoubleTodo, DoubleUser } from '../world/types';
import { presentProjectSimple } from './project';
import { presentUserBasic } from './user';

/** The To-Do entity of REST (to-dos note §2) and the parts GraphQL shares with it: body, web URLs. */

export interface TodoContext {
  baseUrl: string;
  data: DoubleData;
}

export function projectOf(data: DoubleData, todo: DoubleTodo): DoubleProject | undefined {
  return todo.projectId === null ? undefined : data.projects.find((p) => p.id === todo.projectId);
}

export function groupOf(data: DoubleData, todo: DoubleTodo): DoubleGroup | undefined {
  return todo.groupId === null ? undefined : data.groups.find((g) => g.id === todo.groupId);
}

function userOf(data: DoubleData, id: number): DoubleUser | undefined {
  return data.users.find((u) => u.id === id);
}

/** `Todo#body` (§2): the comment's text, the requester's target path, Duo's fixed message, else the target's title. */
export function todoBody(data: DoubleData, todo: DoubleTodo): string {
  if (todo.note) return todo.note.body;
  if (todo.action === 'member_access_requested') {
    return todo.targetType === 'Namespace' ? groupOf(data, todo)?.fullPath ?? '' : projectOf(data, todo)?.pathWithNamespace ?? '';
  }
  if (todo.action.startsWith('duo_') && todo.action.endsWith('_access_granted')) return DUO_BODY;
  return todo.target.title;
}

/** The target's own page, and `Todo#target_url` (§2): the same with the comment's anchor, or the page an action asks for. */
export function todoUrls(context: TodoContext, todo: DoubleTodo): { webUrl: string; targetUrl: string } {
  const { baseUrl, data } = context;
  const t = todo.target;
  const project = `${baseUrl}/${projectOf(data, todo)?.pathWithNamespace ?? ''}`;
  const group = `${baseUrl}/groups/${groupOf(data, todo)?.fullPath ?? ''}`;
  let webUrl: string;
  let targetUrl: string | undefined;
  switch (todo.targetType) {
    case 'Issue': webUrl = `${project}/-/issues/${t.iid}`; break;
    case 'WorkItem': webUrl = `${project}/-/work_items/${t.iid}`; break;
    case 'MergeRequest':
      webUrl = `${project}/-/merge_requests/${t.iid}`;
      if (todo.action === 'build_failed') targetUrl = `${webUrl}/pipelines`;
      break;
    case 'Commit': webUrl = `${project}/-/commit/${t.sha}`; break;
    case 'DesignManagement::Design': webUrl = `${project}/-/issues/${t.issueIid}/designs/${encodeURIComponent(t.filename ?? '')}`; break;
    case 'AlertManagement::Alert': webUrl = `${project}/-/alert_management/${t.iid}/details`; break;
    case 'Project':
      webUrl = project;
      if (todo.action === 'member_access_requested') targetUrl = `${project}/-/project_members?tab=access_requests`;
      break;
    case 'Namespace':
      webUrl = group;
      if (todo.action === 'member_access_requested') targetUrl = `${group}/-/group_members?tab=access_requests`;
      break;
    case 'Key': webUrl = `${baseUrl}/-/user_settings/ssh_keys/${t.id}`; break;
    case 'WikiPage::Meta': webUrl = `${project}/-/wikis/${t.slug}`; break;
    case 'Epic': webUrl = `${group}/-/epics/${t.iid}`; break;
    case 'Vulnerability': webUrl = `${project}/-/security/vulnerabilities/${t.id}`; break;
    case 'User': webUrl = `${baseUrl}/help/user/get_started/getting_started_gitlab_duo`; break;
    default: webUrl = t.iid !== undefined ? `${project}/-/${todo.targetType.toLowerCase().replace(/\W+/g, '_')}/${t.iid}` : project;
  }
  targetUrl ??= todo.note ? `${webUrl}#note_${todo.note.id}` : webUrl;
  return { webUrl, targetUrl };
}

/** `ProjectIdentity`. */
function projectIdentity(project: DoubleProject): Record<string, unknown> {
  return {
    id: project.id, description: project.description, name: project.name, name_with_namespace: project.nameWithNamespace,
    path: project.path, path_with_namespace: project.pathWithNamespace, created_at: project.createdAt,
  };
}

/** `NamespaceBasic` of a group. */
export function namespaceBasic(baseUrl: string, group: DoubleGroup): Record<string, unknown> {
  return {
    id: group.id, name: group.name, path: group.path, kind: 'group', full_path: group.fullPath, parent_id: group.parentId,
    avatar_url: null, web_url: `${baseUrl}/groups/${group.fullPath}`,
  };
}

function references(prefix: string, iid: number, fullPath: string): Record<string, string> {
  return { short: `${prefix}${iid}`, relative: `${prefix}${iid}`, full: `${fullPath}${prefix}${iid}` };
}

/** `API::Entities.const_get(target_type)`: the target's own entity (trimmed to what a client may read). */
function presentTarget(context: TodoContext, todo: DoubleTodo, webUrl: string): Record<string, unknown> {
  const { baseUrl, data } = context;
  // GitLab serializes the record the to-do points at as it is now: a title or state changed since is the new one.
  const live = issuableOfTodo(data.issuables, todo);
  const t = live && live.id === todo.target.id ? { ...todo.target, title: live.title, state: live.state } : todo.target;
  const project = projectOf(data, todo);
  const group = groupOf(data, todo);
  const author = userOf(data, todo.authorId);
  const authorEntity = author ? presentUserBasic(baseUrl, author) : null;
  const path = project?.pathWithNamespace ?? '';
  switch (todo.targetType) {
    case 'Issue':
    case 'WorkItem': {
      const task = todo.targetType === 'WorkItem';
      return {
        id: t.id, iid: t.iid, project_id: todo.projectId, title: t.title, description: null, state: t.state,
        created_at: todo.createdAt, updated_at: todo.updatedAt, closed_at: null, closed_by: null, labels: [], milestone: null,
        assignees: [], author: authorEntity, type: task ? 'TASK' : 'ISSUE', assignee: null, user_notes_count: 0,
        merge_requests_count: 0, upvotes: 0, downvotes: 0, due_date: null, confidential: false, discussion_locked: null,
        issue_type: task ? 'task' : 'issue', web_url: webUrl, references: references('#', t.iid ?? 0, path),
      };
    }
    case 'MergeRequest':
      return {
        id: t.id, iid: t.iid, project_id: todo.projectId, title: t.title, description: null, state: t.state,
        created_at: todo.createdAt, updated_at: todo.updatedAt, merged_by: null, merged_at: null, closed_by: null,
        closed_at: null, target_branch: 'main', source_branch: `feature-${t.iid}`, user_notes_count: 0, upvotes: 0,
        downvotes: 0, author: authorEntity, assignees: [], assignee: null, reviewers: [], source_project_id: todo.projectId,
        target_project_id: todo.projectId, labels: [], draft: false, work_in_progress: false, milestone: null,
        merge_when_pipeline_succeeds: false, merge_status: 'can_be_merged', detailed_merge_status: 'mergeable',
        sha: 'a'.repeat(40), merge_commit_sha: null, squash_commit_sha: null, reference: `!${t.iid}`,
        references: references('!', t.iid ?? 0, path), web_url: webUrl, has_conflicts: false,
      };
    case 'Commit':
      return {
        id: t.sha, short_id: t.sha?.slice(0, 8), created_at: todo.createdAt, parent_ids: [], title: t.title, message: t.title,
        author_name: author?.name ?? '', author_email: author?.email ?? '', authored_date: todo.createdAt,
        committer_name: author?.name ?? '', committer_email: author?.email ?? '', committed_date: todo.createdAt,
        trailers: {}, extended_trailers: {}, web_url: webUrl,
      };
    case 'DesignManagement::Design':
      return {
        id: t.id, project_id: todo.projectId, filename: t.filename,
        image_url: `${baseUrl}/${path}/-/design_management/designs/${t.id}/raw_image`,
      };
    case 'AlertManagement::Alert':
      return { id: t.id, iid: t.iid, project_id: todo.projectId, title: t.title, status: 'triggered', created_at: todo.createdAt };
    case 'Project':
      return project ? presentProjectSimple(baseUrl, project) : { id: t.id };
    case 'Namespace':
      return group ? namespaceBasic(baseUrl, group) : { id: t.id };
    case 'Key':
      return {
        id: t.id, title: t.title, created_at: todo.createdAt, expires_at: t.expiresAt, usage_type: 'auth_and_signing',
        key: `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${String(t.id).padStart(8, '0')} ${t.title}`,
      };
    case 'WikiPage::Meta':
      return { id: t.id, slug: t.slug, title: t.title };
    case 'Epic':
      return {
        id: t.id, iid: t.iid, group_id: todo.groupId, title: t.title, description: null, state: t.state, author: authorEntity,
        web_url: webUrl, reference: `&${t.iid}`, references: references('&', t.iid ?? 0, group?.fullPath ?? ''),
        created_at: todo.createdAt, updated_at: todo.updatedAt,
      };
    case 'Vulnerability':
      return { id: t.id, title: t.title, description: null, state: t.state, severity: 'high', report_type: 'sast', project_id: todo.projectId };
    case 'User': {
      const user = userOf(data, t.id);
      return user ? presentUserBasic(baseUrl, user) : { id: t.id };
    }
    default:
      return { id: t.id, iid: t.iid, title: t.title, state: t.state, web_url: webUrl };
  }
}

/** `API::Entities::Todo`, keys in exposure order; `project` only when set, `group` only when set. */
export function presentTodo(context: TodoContext, todo: DoubleTodo): Record<string, unknown> {
  const { baseUrl, data } = context;
  const project = projectOf(data, todo);
  const group = groupOf(data, todo);
  const author = userOf(data, todo.authorId);
  const { webUrl, targetUrl } = todoUrls(context, todo);
  const body: Record<string, unknown> = { id: todo.id };
  if (project) body.project = projectIdentity(project);
  if (group) body.group = namespaceBasic(baseUrl, group);
  Object.assign(body, {
    author: author ? presentUserBasic(baseUrl, author) : null,
    action_name: todo.action, target_type: todo.targetType, target: presentTarget(context, todo, webUrl), target_url: targetUrl,
    body: todoBody(data, todo), state: todo.state, created_at: todo.createdAt, updated_at: todo.updatedAt,
  });
  return body;
}
