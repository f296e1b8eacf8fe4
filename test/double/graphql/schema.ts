import { buildSchema, GraphQLError, Kind, type GraphQLScalarType, type GraphQLSchema, type ValueNode } from 'graphql';
import type { Edition, GraphqlSchemaVersion } from '../types';
import { SERVER_ACTIONS, targetEnumValues } from '../todos/vocabulary';
import { atLeastCurrent, subscriptionSdl, wireSubscriptionScalars } from './subscription-schema';
import { NOTE_SDL, wireNoteScalar } from './note-resolver';

/**
 * The GraphQL schema of the parts of GitLab's this extension uses (to-dos note §4), in GitLab's own names, as of three
 * GitLab versions (and the Subscriptions list's parts, `subscription-schema.ts`): `16.11` (before snooze: mark done and restore only), `17.4` (snooze and unsnooze one to-do,
 * `snoozedUntil`, `targetEntity`, `targetUrl`), `current` (18.x: also `isSnoozed`, and the many-mutations
 * `todoResolveMany`, `todoSnoozeMany`, `todoUnsnoozeMany`, `todoRestoreMany` of up to 100 to-dos). Anything else a
 * query names is a validation error, as on GitLab.
 */

export type ServedVersion = Exclude<GraphqlSchemaVersion, 'none'>;

/** The most to-dos one many-mutation takes: 100 since 17.9, 50 before (§4). */
export function manyLimit(version: ServedVersion): number {
  return atLeastCurrent(version) ? 100 : 50;
}

function todoableTypes(version: ServedVersion, edition: Edition): Set<string> {
  const types = ['Issue', 'MergeRequest', 'Design', 'AlertManagementAlert', 'Commit'];
  if (version !== '16.11') types.push('WorkItem', 'Project', 'Group', 'Key', 'WikiPage', 'UserCore');
  if (edition === 'ee') types.push('Epic');
  if (edition === 'ee' && version !== '16.11') types.push('Vulnerability');
  return new Set(types);
}

function sdl(version: ServedVersion, edition: Edition): string {
  const since174 = version !== '16.11';
  const current = atLeastCurrent(version);
  const todoable = todoableTypes(version, edition);
  const type = (name: string, fields: string): string => (todoable.has(name) || ['Project', 'Group', 'UserCore'].includes(name)
    ? `type ${name}${todoable.has(name) ? ' implements Todoable' : ''} {\n${fields}\n}` : '');
  const webUrl = (nullable: boolean) => `  webUrl: String${nullable ? '' : '!'}${current ? '\n  name: String' : ''}`;
  const payload = (name: string, field: string) =>
    `type ${name}Payload {\n  clientMutationId: String\n  errors: [String!]!\n  ${field}\n}`;
  const input = (name: string, fields: string) => `input ${name}Input {\n  clientMutationId: String\n${fields}\n}`;
  return `
"""Time as an ISO 8601 string."""
scalar Time
"""A global ID of a to-do: gid://gitlab/Todo/<id>."""
scalar TodoID

enum TodoActionEnum { ${SERVER_ACTIONS.join(' ')} }
enum TodoStateEnum { pending done }
enum TodoTargetEnum { ${targetEnumValues(edition).join(' ')} }
enum TodoSort { CREATED_ASC CREATED_DESC UPDATED_ASC UPDATED_DESC LABEL_PRIORITY_ASC LABEL_PRIORITY_DESC }
enum UserState { active blocked deactivated banned ldap_blocked blocked_pending_approval }
enum IssueState { opened closed locked all }
enum MergeRequestState { merged opened closed locked all }
enum WorkItemState { OPEN CLOSED }
enum EpicState { all opened closed }
enum VulnerabilityState { DETECTED CONFIRMED RESOLVED DISMISSED }

interface Todoable {
  webUrl: String${current ? '\n  name: String' : ''}
}

${type('UserCore', `  id: ID!\n  username: String!\n  name: String!\n  state: UserState!\n  avatarUrl: String\n  webUrl: String!`)}
${type('Project', `  id: ID!\n  name: String!\n  nameWithNamespace: String!\n  fullPath: ID!\n  webUrl: String`)}
${type('Group', `  id: ID!\n  name: String!\n  fullName: String!\n  fullPath: ID!\n  webUrl: String!`)}
${type('Issue', `  id: ID!\n  iid: String!\n  title: String!\n  state: IssueState!\n  reference(full: Boolean = false): String!\n${webUrl(false)}`)}
${type('WorkItem', `  id: ID!\n  iid: String!\n  title: String!\n  state: WorkItemState!\n  reference(full: Boolean = false): String!\n${webUrl(true)}`)}
${type('MergeRequest', `  id: ID!\n  iid: String!\n  title: String!\n  state: MergeRequestState!\n  draft: Boolean!\n  reference(full: Boolean = false): String!\n${webUrl(true)}`)}
${type('Commit', `  id: ID!\n  sha: String!\n  shortId: String!\n  title: String\n${webUrl(false)}`)}
${type('Design', `  id: ID!\n  filename: String!\n${webUrl(false)}`)}
${type('AlertManagementAlert', `  id: ID!\n  iid: String!\n  title: String\n${webUrl(false)}`)}
${type('Key', `  id: ID!\n  title: String!\n  expiresAt: Time\n${webUrl(true)}`)}
${type('WikiPage', `  title: String!\n${webUrl(true)}`)}
${type('Epic', `  id: ID!\n  iid: String!\n  title: String\n  state: EpicState!\n  reference(full: Boolean = false): String!\n${webUrl(true)}`)}
${type('Vulnerability', `  id: ID!\n  title: String\n  state: VulnerabilityState\n${webUrl(true)}`)}

type Note {
  id: ID!
  body: String!
}

type Todo {
  id: ID!
  action: TodoActionEnum!
  author: UserCore!
  body: String!
  createdAt: Time!
  group: Group
  project: Project
  note: Note
  state: TodoStateEnum!
  target: Todoable${since174 ? ' @deprecated(reason: "Use `targetEntity`. Deprecated in GitLab 17.4.")' : ''}
  targetType: TodoTargetEnum!${since174 ? `
  memberAccessType: String
  snoozedUntil: Time
  targetEntity: Todoable
  targetUrl: String` : ''}
}

type PageInfo {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

type TodoEdge {
  cursor: String!
  node: Todo
}

type TodoConnection {
  count(limit: Int): Int!
  edges: [TodoEdge]
  nodes: [Todo]
  pageInfo: PageInfo!
}

type CurrentUser {
  id: ID!
  username: String!
  name: String!
  avatarUrl: String
  webUrl: String!
  todos(
    action: [TodoActionEnum!]
    authorId: [ID!]
    projectId: [ID!]
    groupId: [ID!]
    state: [TodoStateEnum!]
    type: [TodoTargetEnum!]
    sort: TodoSort${current ? '\n    isSnoozed: Boolean' : ''}
    after: String
    before: String
    first: Int
    last: Int
  ): TodoConnection
}

type Query {
  currentUser: CurrentUser
}

${input('TodoMarkDone', '  id: TodoID!')}
${payload('TodoMarkDone', 'todo: Todo!')}
${input('TodoRestore', '  id: TodoID!')}
${payload('TodoRestore', 'todo: Todo!')}
${input('TodosMarkAllDone', current ? '  authorId: [ID!]\n  projectId: [ID!]\n  groupId: [ID!]\n  action: [TodoActionEnum!]\n  type: [TodoTargetEnum!]' : '  targetId: ID')}
${payload('TodosMarkAllDone', 'todos: [Todo!]!')}
${input('TodoRestoreMany', '  ids: [TodoID!]!')}
${payload('TodoRestoreMany', 'todos: [Todo!]!')}
${since174 ? `${input('TodoSnooze', '  id: TodoID!\n  snoozeUntil: Time!')}
${payload('TodoSnooze', 'todo: Todo!')}
${input('TodoUnSnooze', '  id: TodoID!')}
${payload('TodoUnSnooze', 'todo: Todo!')}` : ''}
${current ? `${input('TodoResolveMany', '  ids: [TodoID!]!')}
${payload('TodoResolveMany', 'todos: [Todo!]!')}
${input('TodoSnoozeMany', '  ids: [TodoID!]!\n  snoozeUntil: Time!')}
${payload('TodoSnoozeMany', 'todos: [Todo!]!')}
${input('TodoUnsnoozeMany', '  ids: [TodoID!]!')}
${payload('TodoUnsnoozeMany', 'todos: [Todo!]!')}` : ''}

type Mutation {
  todoMarkDone(input: TodoMarkDoneInput!): TodoMarkDonePayload
  todoRestore(input: TodoRestoreInput!): TodoRestorePayload
  todosMarkAllDone(input: TodosMarkAllDoneInput!): TodosMarkAllDonePayload
  todoRestoreMany(input: TodoRestoreManyInput!): TodoRestoreManyPayload${since174 ? `
  todoSnooze(input: TodoSnoozeInput!): TodoSnoozePayload
  todoUnSnooze(input: TodoUnSnoozeInput!): TodoUnSnoozePayload` : ''}${current ? `
  todoResolveMany(input: TodoResolveManyInput!): TodoResolveManyPayload
  todoSnoozeMany(input: TodoSnoozeManyInput!): TodoSnoozeManyPayload
  todoUnsnoozeMany(input: TodoUnsnoozeManyInput!): TodoUnsnoozeManyPayload` : ''}
}
${subscriptionSdl(version)}
${NOTE_SDL}`;
}

const GID = /^gid:\/\/gitlab\/([A-Za-z:]+)\/(\d+)$/;

/** `GlobalIDType[::Todo]` coercion: a Todo's global ID becomes its numeric id; anything else is refused as GitLab words it. */
function todoId(value: unknown): number {
  if (typeof value !== 'string') throw new GraphQLError(`${JSON.stringify(value)} is not a valid Global ID`);
  const match = GID.exec(value);
  if (!match) throw new GraphQLError(`${JSON.stringify(value)} is not a valid Global ID`);
  if (match[1] !== 'Todo') throw new GraphQLError(`${JSON.stringify(value)} does not represent an instance of Todo`);
  return Number(match[2]);
}

function time(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError(`${JSON.stringify(value)} is not a valid ISO 8601 time`);
  }
  return new Date(value).toISOString();
}

/**
 * `Types::TimeType.coerce_result` is `value.iso8601`: a time in UTC to the second, fractions cut off
 * ("2026-11-28T08:00:00Z"), whatever precision was stored.
 */
function timeOutput(value: unknown): string {
  return new Date(String(value)).toISOString().replace(/\.\d+Z$/, 'Z');
}

function literal(parse: (value: unknown) => unknown) {
  return (node: ValueNode) => {
    if (node.kind !== Kind.STRING) throw new GraphQLError('Expected a string');
    return parse(node.value);
  };
}

const schemas = new Map<string, GraphQLSchema>();

/** The schema of a version and edition, built once. */
export function todoSchema(version: ServedVersion, edition: Edition): GraphQLSchema {
  const key = `${version}:${edition}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = buildSchema(sdl(version, edition));
    const todoIdType = schema.getType('TodoID') as GraphQLScalarType;
    todoIdType.parseValue = todoId;
    todoIdType.parseLiteral = literal(todoId);
    const timeType = schema.getType('Time') as GraphQLScalarType;
    timeType.parseValue = time;
    timeType.parseLiteral = literal(time);
    timeType.serialize = timeOutput;
    wireSubscriptionScalars(schema);
    wireNoteScalar(schema);
    schemas.set(key, schema);
  }
  return schema;
}

/** The object types that implement `Todoable` in this schema: other targets have no `targetEntity`. */
export function isTodoableType(schema: GraphQLSchema, name: string): boolean {
  const todoable = schema.getType('Todoable');
  const type = schema.getType(name);
  return todoable !== undefined && type !== undefined && 'getInterfaces' in type
    && type.getInterfaces().some((i) => i.name === todoable.name);
}
