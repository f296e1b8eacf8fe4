import { GitLabError } from './errors';
import { fineGrainedMessage, fineGrainedPermissions } from './messages';
import type { ApiRequest } from './request';
import { array, fail, object, str, type Json } from './shapes';

/**
 * GitLab's GraphQL API (`POST /api/graphql`, to-dos note §4, §6) as requests of the one transport: the same token
 * header, timeouts, size limit and retry rules (a query is retried like a GET; a mutation, like any POST, is not).
 * GraphQL answers failures with HTTP 200 and `errors`; they become typed `GitLabError`s here.
 */

export interface GraphqlOperation<T> {
  /** The root field, for logs and errors (`todoSnooze`). */
  name: string;
  /** A constant document: values travel as `variables` only, never spliced into it. */
  document: string;
  variables?: Record<string, unknown>;
  /** A query may be sent again after a network error or a 502–504; a mutation may not. */
  kind: 'query' | 'mutation';
  /** Reads `data` once the answer has no errors; throws `ShapeError` on a wrong shape. */
  read: (data: Json) => T;
}

export function graphqlRequest<T>(operation: GraphqlOperation<T>): ApiRequest<T> {
  return {
    method: 'POST', path: '', api: 'graphql', operation: operation.name, idempotent: operation.kind === 'query',
    body: { query: operation.document, variables: operation.variables ?? {} },
    parse: (body) => {
      const envelope = object(body, 'graphql');
      if (Array.isArray(envelope.errors) && envelope.errors.length > 0) throw graphqlError(envelope.errors, operation.name);
      return operation.read(object(envelope.data, 'graphql.data'));
    },
  };
}

/** graphql-ruby's codes and words for a field, argument or type the schema does not have (an older GitLab, §6). */
const MISSING_CODES = new Set(['undefinedField', 'argumentNotAccepted', 'undefinedType', 'variableRequiresValidType']);
const MISSING_WORDS = /doesn't exist on type|doesn't accept argument|isn't a defined input type|No such type|Cannot query field|Unknown argument|Unknown type/;
/** graphql-ruby's answer to a missing object or permission, and to a mutation with a token without `api` (§4). */
const NOT_AVAILABLE_WORDS = /does not exist or you don't have permission/;

function errorMessage(error: unknown): string {
  const message = error !== null && typeof error === 'object' ? (error as Json).message : undefined;
  return typeof message === 'string' ? message.replace(/\s+/g, ' ').trim().slice(0, 300) : 'an error without a message';
}

function errorCode(error: unknown): string | undefined {
  const extensions = error !== null && typeof error === 'object' ? (error as Json).extensions : undefined;
  const code = extensions !== null && typeof extensions === 'object' ? (extensions as Json).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** GraphQL's top-level `errors` as one typed error: the first that decides the kind, GitLab's words kept. */
export function graphqlError(errors: unknown[], operation: string): GitLabError {
  const request = `POST /api/graphql (${operation})`;
  const messages = errors.map(errorMessage);
  const serverMessage = messages.join('; ').slice(0, 300);
  const details = { request, serverMessage };
  if (errors.some((e, i) => MISSING_CODES.has(errorCode(e) ?? '') || MISSING_WORDS.test(messages[i]))) {
    return new GitLabError('unsupported', `This GitLab is too old for this: its GraphQL API has no \`${operation}\`.`, details);
  }
  const permissions = messages.map(fineGrainedPermissions).find((found) => found !== undefined);
  if (permissions) return new GitLabError('forbidden', fineGrainedMessage(permissions), { ...details, missingPermissions: permissions });
  if (messages.some((m) => NOT_AVAILABLE_WORDS.test(m))) {
    return new GitLabError('notFound',
      'GitLab did not find the to-do, or does not let this token change it: changing to-dos needs a token with the `api` scope.',
      { ...details, missingScope: 'api' });
  }
  if (messages.some((m) => /timed out|Internal server error/i.test(m))) {
    return new GitLabError('server', `GitLab had a server error: ${serverMessage}`, details);
  }
  return new GitLabError('validation', `GitLab refused the request: ${serverMessage}`, details);
}

/** A mutation's payload (`data[name]`), its `errors` (errors as data) thrown as a `validation` error. */
export function mutationPayload(data: Json, name: string): Json {
  const payload = object(data[name], `data.${name}`);
  const errors = payload.errors === undefined || payload.errors === null ? [] : array(payload.errors, `data.${name}.errors`);
  if (errors.length > 0) {
    const serverMessage = errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('; ').slice(0, 300);
    throw new GitLabError('validation', `GitLab refused the change: ${serverMessage}`, { request: `POST /api/graphql (${name})`, serverMessage });
  }
  return payload;
}

/** A list field of a payload (`todos`), each item read by `item`. */
export function listOf<T>(payload: Json, key: string, item: (value: unknown, path: string) => T): T[] {
  const list = payload[key];
  if (!Array.isArray(list)) fail(key, 'an array', list);
  return list.map((value, i) => item(value, `${key}[${i}]`));
}

/**
 * The nodes of a connection page asked with `first`, nulls (nodes GitLab redacted) left out, cut to `first`: GitLab
 * never sends more, and a server that does would otherwise fill a list with whatever it chose.
 */
export function connectionNodes(connection: Json, path: string, first: number): unknown[] {
  const nodes = array(connection.nodes, `${path}.nodes`);
  return (nodes.length > first ? nodes.slice(0, first) : nodes).filter((n) => n !== null);
}

/** An introspected type's fields, each with the names of its arguments (`__type { fields { name args { name } } }`). */
export function introspectedFields(type: unknown): Map<string, string[]> {
  const names = new Map<string, string[]>();
  if (type === null || type === undefined) return names;
  const fields = object(type, '__type').fields;
  for (const field of fields === null || fields === undefined ? [] : array(fields, '__type.fields')) {
    const o = object(field, '__type.fields[]');
    const args = Array.isArray(o.args) ? o.args.map((a) => (a !== null && typeof a === 'object' ? (a as Json).name : undefined)) : [];
    names.set(str(o, 'name', 'field'), args.filter((a): a is string => typeof a === 'string'));
  }
  return names;
}
