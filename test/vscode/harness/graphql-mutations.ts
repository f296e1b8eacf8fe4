import { Kind, parse, valueFromASTUntyped } from 'graphql';
import type { LoggedRequest } from '../../double';

/** One mutation field of a GraphQL request, with its `input` as GitLab reads it (the request's variables filled in). */
export interface SentMutation {
  name: string;
  input: Record<string, unknown>;
}

/**
 * The mutations a logged `POST /api/graphql` asked for, read from the document itself rather than from how the client
 * names its variables: `todoSnoozeMany(input: { ids: $ids, snoozeUntil: $until })` gives `{ ids, snoozeUntil }`.
 */
export function mutationsOf(request: LoggedRequest): SentMutation[] {
  if (request.method !== 'POST' || request.path !== '/api/graphql' || !request.body) return [];
  let document: ReturnType<typeof parse>;
  let variables: Record<string, unknown>;
  try {
    const body = JSON.parse(request.body) as { query: string; variables?: Record<string, unknown> };
    document = parse(body.query);
    variables = body.variables ?? {};
  } catch {
    // Not a GraphQL request GitLab could read: it asks for nothing. (This also runs as a predicate inside the
    // double's request handling, where a throw would turn into the client's 500.)
    return [];
  }
  return document.definitions.flatMap((definition) => {
    if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== 'mutation') return [];
    return definition.selectionSet.selections.flatMap((selection) => {
      if (selection.kind !== Kind.FIELD) return [];
      const input = selection.arguments?.find((argument) => argument.name.value === 'input');
      const value = input ? valueFromASTUntyped(input.value, variables) : {};
      return [{ name: selection.name.value, input: value as Record<string, unknown> }];
    });
  });
}

/** The to-dos a to-do mutation names, by number: the `ids` of a many-mutation, else its one `id` (`gid://gitlab/Todo/130`). */
export function mutatedTodos(mutation: SentMutation): number[] {
  const ids = Array.isArray(mutation.input.ids) ? mutation.input.ids : [mutation.input.id];
  return ids.map((globalId) => {
    const match = /^gid:\/\/gitlab\/Todo\/(\d+)$/.exec(String(globalId));
    if (!match) throw new Error(`${mutation.name} names ${JSON.stringify(globalId)}, not a to-do's global ID`);
    return Number(match[1]);
  });
}
