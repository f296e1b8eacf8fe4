import { graphqlSync, type GraphQLFormattedError } from 'graphql';
import { readCredentials } from '../auth';
import type { ApiRequest } from '../http/request';
import { json, routeNotFound, type ApiResponse } from '../http/response';
import type { DoubleContext } from '../routes/route';
import { rootValue, type GraphqlContext } from './resolvers';
import { todoSchema } from './schema';

/**
 * `POST /api/graphql` (to-dos note §4, GitLab's `GraphqlController`): a token is optional (without one the caller is
 * anonymous), but a token that is unknown, expired, revoked or lacks `read_api` and `api` gets 401 "Invalid token";
 * a query longer than 10,000 characters gets 422 "Query too large"; anything else is 200 with graphql-ruby's
 * `{ data, errors }`, validation errors worded as graphql-ruby words them.
 */

const MAX_QUERY_SIZE = 10_000;

const graphqlError = (status: number, message: string): ApiResponse => json(status, { errors: [{ message }] });

type Translated = GraphQLFormattedError & { extensions?: Record<string, unknown> };

/** graphql-js's validation messages in graphql-ruby's words, with its `extensions.code` (§6). */
function rubyWording(error: GraphQLFormattedError): Translated {
  const { message, locations } = error;
  const base = { locations, ...(error.path ? { path: error.path } : {}) };
  let match = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(message);
  if (match) {
    return {
      message: `Field '${match[1]}' doesn't exist on type '${match[2]}'`, ...base,
      extensions: { code: 'undefinedField', typeName: match[2], fieldName: match[1] },
    };
  }
  match = /^Unknown argument "([^"]+)" on field "([^".]+)\.([^"]+)"\./.exec(message);
  if (match) {
    return {
      message: `Field '${match[3]}' doesn't accept argument '${match[1]}'`, ...base,
      extensions: { code: 'argumentNotAccepted', name: match[3], typeName: 'Field', argumentName: match[1] },
    };
  }
  // An input object's unknown field (a filter argument an older GitLab's mutation lacks): graphql-ruby's
  // ArgumentsAreDefined words it as an argument of the InputObject.
  match = /^Field "([^"]+)" is not defined by type "([^"]+)"\./.exec(message);
  if (match) {
    return {
      message: `InputObject '${match[2]}' doesn't accept argument '${match[1]}'`, ...base,
      extensions: { code: 'argumentNotAccepted', name: match[2], typeName: 'InputObject', argumentName: match[1] },
    };
  }
  match = /^Unknown type "([^"]+)"\./.exec(message);
  if (match) {
    return { message: `No such type ${match[1]}, so it can't be a fragment condition`, ...base, extensions: { code: 'undefinedType', typeName: match[1] } };
  }
  return error;
}

function variablesOf(raw: unknown): Record<string, unknown> | undefined | 'invalid' {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'string') {
    try {
      return variablesOf(JSON.parse(raw));
    } catch {
      return 'invalid';
    }
  }
  return typeof raw === 'object' && !Array.isArray(raw) ? raw as Record<string, unknown> : 'invalid';
}

export function answerGraphql(request: ApiRequest, double: DoubleContext): ApiResponse {
  const version = double.options.graphql;
  if (version === 'none') return routeNotFound();
  if (request.method !== 'POST') return graphqlError(404, 'Not found!');

  const credentials = readCredentials(request);
  let context: GraphqlContext;
  const schema = todoSchema(version, double.options.edition);
  if (credentials.token === undefined) {
    context = { double, user: null, scopes: [], schema, version };
  } else {
    const token = double.data.tokens.find((t) => t.token === credentials.token);
    const user = token ? double.data.users.find((u) => u.id === (token.userId ?? 1)) : undefined;
    // A token is accepted for the `api` request format with `api` or `read_api`, or as a fine-grained token (its
    // permissions are checked field by field, `granular.ts`); otherwise no user is found.
    const fineGrained = token?.permissions !== undefined;
    if (!token || !user || (token.state ?? 'active') !== 'active' || (!fineGrained && !token.scopes.some((s) => s === 'api' || s === 'read_api'))) {
      return graphqlError(401, 'Invalid token');
    }
    if (user.state === 'blocked') return graphqlError(403, 'API not accessible for user');
    context = { double, user, scopes: token.scopes, schema, version, token };
  }

  if (request.bodyError) return graphqlError(400, request.bodyError);
  const query = typeof request.body.query === 'string' ? request.body.query : '';
  if (query.length > MAX_QUERY_SIZE) return graphqlError(422, 'Query too large');
  if (query.trim() === '') return json(200, { errors: [{ message: 'No query string was present' }] });
  const variables = variablesOf(request.body.variables);
  if (variables === 'invalid') return graphqlError(422, 'Unexpected parameter: variables');
  const operationName = typeof request.body.operationName === 'string' ? request.body.operationName : undefined;

  const result = graphqlSync({
    schema, source: query, variableValues: variables, operationName, contextValue: context, rootValue: rootValue(context),
  });
  const body: Record<string, unknown> = {};
  if (result.errors) body.errors = result.errors.map((e) => rubyWording(e.toJSON()));
  if ('data' in result && result.data !== undefined) body.data = result.data;
  return json(200, body);
}
