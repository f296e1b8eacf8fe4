import { GraphQLError } from 'graphql';
import { fineGrainedDenial, permitted, type FineGrainedPermission, type FineGrainedPermissionName } from '../auth';
import type { GraphqlContext } from './resolvers';

/**
 * GitLab's `authorize_granular_token` on GraphQL types, fields and mutations (behaviour note §3B; GitLab's
 * `doc/development/permissions/granular_access/graphql_granular_token_authorization.md` and
 * `app/services/authz/tokens/authorize_granular_scopes_service.rb`): a fine-grained token without the permission, or
 * a legacy one where fine-grained ones are required, gets the field as `null` and GitLab's sentence in `errors` with
 * the field's path (a mutation: `Gitlab::Graphql::Errors::ArgumentError`, the same shape). The double checks where a
 * list or a single thing is resolved, not object by object: one error per field, not one per node.
 */
export function requirePermission(context: GraphqlContext, name: FineGrainedPermissionName, boundary: FineGrainedPermission['boundary']): void {
  if (context.token === undefined) return;
  if (!permitted(context.token, name, context.double.options.fineGrainedEnforced)) throw new GraphQLError(fineGrainedDenial(boundary, [name]));
}

/** A fine-grained token: its permissions decide, not its (empty) scopes. */
export const isFineGrained = (context: GraphqlContext): boolean => context.token?.permissions !== undefined;
