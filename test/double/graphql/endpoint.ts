import { executeSync, GraphQLError, parse, validate, type DocumentNode } from 'graphql';
import { readCredentials } from '../auth';
import type { ApiRequest } from '../http/request';
import { json, routeNotFound, type ApiResponse } from '../http/response';
import type { DoubleContext } from '../routes/route';
import { rubyValidationError } from './errors';
import { rootValue, type GraphqlContext } from './resolvers';
import { todoSchema } from './schema';

/**
 * `POST /api/graphql` (to-dos note §4, GitLab's `GraphqlController`): a token is optional (without one the caller is
 * anonymous), but a token that is unknown, expired, revoked or lacks `read_api` and `api` gets 401 "Invalid token";
 * a query longer than 10,000 characters gets 422 "Query too large"; anything else is 200 with graphql-ruby's
 * `{ data, errors }`, validation errors worded as graphql-ruby words them and with its `path`.
 */

const MAX_QUERY_SIZE = 10_000;

const graphqlError = (status: number, message: string): ApiResponse => json(status, { errors: [{ message }] });

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

  // graphqlSync's steps one by one, so that validation errors can be given graphql-ruby's words and paths, which need
  // the document.
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return json(200, { errors: [error.toJSON()] });
    throw error;
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return json(200, { errors: invalid.map((error) => rubyValidationError(error, document)) });
  const result = executeSync({
    schema, document, variableValues: variables, operationName, contextValue: context, rootValue: rootValue(context),
  });
  const body: Record<string, unknown> = {};
  if (result.errors) body.errors = result.errors.map((error) => error.toJSON());
  if ('data' in result && result.data !== undefined) body.data = result.data;
  return json(200, body);
}
