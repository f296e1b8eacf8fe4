/** graphql-ruby's answer to a missing object, a missing permission and a token without `api` on a mutation (§4). */
export const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";
