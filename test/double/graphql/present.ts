import type { GraphQLSchema } from 'graphql';
import { avatarUrl } from '../present/user';
import { groupOf, projectOf, todoBody, todoUrls, type TodoContext } from '../present/todo';
import { targetEnum } from '../todos/vocabulary';
import type { DoubleGroup, DoubleProject, DoubleTodo, DoubleUser } from '../world/types';
import { isTodoableType } from './schema';

/** GitLab's GraphQL objects of the To-Do List (to-dos note §4), as plain objects for graphql-js's default resolvers. */

export const gid = (model: string, id: number | string): string => `gid://gitlab/${model}/${id}`;

export function userCore(baseUrl: string, user: DoubleUser): Record<string, unknown> {
  return {
    __typename: 'UserCore', id: gid('User', user.id), username: user.username, name: user.name, state: user.state,
    avatarUrl: avatarUrl(baseUrl, user), webUrl: `${baseUrl}/${user.username}`,
  };
}

function projectObject(baseUrl: string, project: DoubleProject): Record<string, unknown> {
  return {
    __typename: 'Project', id: gid('Project', project.id), name: project.name, nameWithNamespace: project.nameWithNamespace,
    fullPath: project.pathWithNamespace, webUrl: `${baseUrl}/${project.pathWithNamespace}`,
  };
}

function groupObject(baseUrl: string, group: DoubleGroup): Record<string, unknown> {
  return {
    __typename: 'Group', id: gid('Group', group.id), name: group.name, fullName: group.fullName, fullPath: group.fullPath,
    webUrl: `${baseUrl}/groups/${group.fullPath}`,
  };
}

/** The target as its GraphQL type, or null when this schema has no `Todoable` type for it. */
function targetObject(context: TodoContext, schema: GraphQLSchema, todo: DoubleTodo, webUrl: string): Record<string, unknown> | null {
  const { baseUrl, data } = context;
  const t = todo.target;
  const path = projectOf(data, todo)?.pathWithNamespace ?? groupOf(data, todo)?.fullPath ?? '';
  const reference = (sign: string) => ({ full }: { full?: boolean }) => `${full ? path : ''}${sign}${t.iid}`;
  const iid = String(t.iid);
  let object: Record<string, unknown> | null;
  switch (todo.targetType) {
    case 'Issue':
      object = { __typename: 'Issue', id: gid('Issue', t.id), iid, title: t.title, state: t.state, reference: reference('#'), name: t.title };
      break;
    case 'WorkItem':
      object = {
        __typename: 'WorkItem', id: gid('WorkItem', t.id), iid, title: t.title, state: t.state === 'closed' ? 'CLOSED' : 'OPEN',
        reference: reference('#'), name: t.title,
      };
      break;
    case 'MergeRequest':
      object = {
        __typename: 'MergeRequest', id: gid('MergeRequest', t.id), iid, title: t.title, state: t.state, draft: false,
        reference: reference('!'), name: t.title,
      };
      break;
    case 'Commit':
      object = { __typename: 'Commit', id: gid('CommitPresenter', t.id), sha: t.sha, shortId: t.sha?.slice(0, 8), title: t.title, name: t.title };
      break;
    case 'DesignManagement::Design':
      object = { __typename: 'Design', id: gid('DesignManagement::Design', t.id), filename: t.filename, name: t.filename };
      break;
    case 'AlertManagement::Alert':
      object = { __typename: 'AlertManagementAlert', id: gid('AlertManagement::Alert', t.id), iid, title: t.title, name: t.title };
      break;
    case 'Project': {
      const project = projectOf(data, todo);
      object = project ? { ...projectObject(baseUrl, project), name: project.name } : null;
      break;
    }
    case 'Namespace': {
      const group = groupOf(data, todo);
      object = group ? groupObject(baseUrl, group) : null;
      break;
    }
    case 'Key':
      object = { __typename: 'Key', id: gid('Key', t.id), title: t.title, expiresAt: t.expiresAt ?? null, name: t.title };
      break;
    case 'WikiPage::Meta':
      object = { __typename: 'WikiPage', title: t.title, name: t.title };
      break;
    case 'Epic':
      object = {
        __typename: 'Epic', id: gid('Epic', t.id), iid, title: t.title, state: t.state, reference: reference('&'), name: t.title,
      };
      break;
    case 'Vulnerability':
      object = { __typename: 'Vulnerability', id: gid('Vulnerability', t.id), title: t.title, state: 'DETECTED', name: t.title };
      break;
    case 'User': {
      const user = data.users.find((u) => u.id === t.id);
      object = user ? userCore(baseUrl, user) : null;
      break;
    }
    default:
      object = null;
  }
  if (!object || !isTodoableType(schema, String(object.__typename))) return null;
  return { ...object, webUrl };
}

/** `Types::TodoType`. Fields a schema does not declare are never read. */
export function todoObject(context: TodoContext, schema: GraphQLSchema, todo: DoubleTodo): Record<string, unknown> {
  const { baseUrl, data } = context;
  const author = data.users.find((u) => u.id === todo.authorId);
  const project = projectOf(data, todo);
  const group = groupOf(data, todo);
  const { webUrl, targetUrl } = todoUrls(context, todo);
  const target = targetObject(context, schema, todo, webUrl);
  return {
    id: gid('Todo', todo.id), action: todo.action, author: author ? userCore(baseUrl, author) : null, body: todoBody(data, todo),
    createdAt: todo.createdAt, group: group ? groupObject(baseUrl, group) : null,
    project: project ? projectObject(baseUrl, project) : null,
    note: todo.note ? { id: gid('Note', todo.note.id), body: todo.note.body } : null,
    memberAccessType: todo.action === 'member_access_requested' ? (todo.targetType === 'Namespace' ? 'group' : 'project') : null,
    snoozedUntil: todo.snoozedUntil, state: todo.state, target, targetEntity: target, targetType: targetEnum(todo.targetType),
    targetUrl,
  };
}
