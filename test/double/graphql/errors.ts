import {
  BREAK, getLocation, Kind, visit, type ASTNode, type DocumentNode, type FieldNode, type GraphQLError, type GraphQLFormattedError, type VariableDefinitionNode,
} from 'graphql';

/** graphql-ruby's answer to a missing object, a missing permission and a token without `api` on a mutation (§4). */
export const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

type RubyError = GraphQLFormattedError & { extensions?: Record<string, unknown> };

/** Where a validation error stands, as graphql-ruby's static validation tracks it, and the field it stands in. */
interface Place {
  path: Array<string | number>;
  field?: FieldNode;
  variable?: VariableDefinitionNode;
}

/**
 * One step of graphql-ruby's validation path (`StaticValidation::BaseVisitor::ContextMethods`): an operation as
 * `"query"` or `"mutation name"`, a fragment as `"fragment name"`, an inline fragment as `"... on Type"` or `"..."`, a
 * spread as `"... name"`, a field by its alias or else its name, an argument (an input object's field too) by its name,
 * an input object in a list by its index.
 */
function step(node: ASTNode, parent: ASTNode | undefined): Array<string | number> {
  switch (node.kind) {
    case Kind.OPERATION_DEFINITION: return [`${node.operation}${node.name ? ` ${node.name.value}` : ''}`];
    case Kind.FRAGMENT_DEFINITION: return [`fragment ${node.name.value}`];
    case Kind.INLINE_FRAGMENT: return [node.typeCondition ? `... on ${node.typeCondition.name.value}` : '...'];
    case Kind.FRAGMENT_SPREAD: return [`... ${node.name.value}`];
    case Kind.FIELD: return [node.alias?.value ?? node.name.value];
    case Kind.ARGUMENT: case Kind.OBJECT_FIELD: return [node.name.value];
    case Kind.OBJECT: return parent?.kind === Kind.LIST ? [parent.values.indexOf(node)] : [];
    default: return [];
  }
}

/** The path graphql-ruby gives an error at `target` (the node graphql-js names first), the nearest field, the variable. */
function placeOf(document: DocumentNode, target: ASTNode | undefined): Place | undefined {
  if (!target) return undefined;
  let place: Place | undefined;
  visit(document, {
    enter(node, _key, parent, _path, ancestors) {
      if (node !== target) return undefined;
      // graphql-js's ancestors stop before the parent.
      const chain = [...ancestors, parent, node].filter((a): a is ASTNode => a !== undefined && !Array.isArray(a));
      place = {
        path: chain.flatMap((each, i) => step(each, chain[i - 1])),
        field: chain.filter((each): each is FieldNode => each.kind === Kind.FIELD).at(-1),
        variable: chain.find((each): each is VariableDefinitionNode => each.kind === Kind.VARIABLE_DEFINITION),
      };
      return BREAK;
    },
  });
  return place;
}

/**
 * A graphql-js validation error as graphql-ruby answers it (§6; `lib/graphql/static_validation/rules/*.rb`): its words
 * and `extensions.code`, and the `path` its `add_error` gives every validation error. An unknown argument of a field
 * names the field's alias when it has one (`ArgumentsAreDefined#parent_name`: `parent.alias || parent.name`).
 */
export function rubyValidationError(error: GraphQLError, document: DocumentNode): RubyError {
  const { message, locations } = error.toJSON();
  const place = placeOf(document, error.nodes?.[0]);
  const base = { message, locations, ...(place ? { path: place.path } : {}) };
  let match = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(message);
  if (match) {
    return {
      ...base, message: `Field '${match[1]}' doesn't exist on type '${match[2]}'`,
      extensions: { code: 'undefinedField', typeName: match[2], fieldName: match[1] },
    };
  }
  match = /^Unknown argument "([^"]+)" on field "([^".]+)\.([^"]+)"\./.exec(message);
  if (match) {
    const name = place?.field ? place.field.alias?.value ?? place.field.name.value : match[3];
    return {
      ...base, message: `Field '${name}' doesn't accept argument '${match[1]}'`,
      extensions: { code: 'argumentNotAccepted', name, typeName: 'Field', argumentName: match[1] },
    };
  }
  // An input object's unknown field (a filter argument an older GitLab's mutation lacks): graphql-ruby's
  // ArgumentsAreDefined words it as an argument of the InputObject.
  match = /^Field "([^"]+)" is not defined by type "([^"]+)"\./.exec(message);
  if (match) {
    return {
      ...base, message: `InputObject '${match[2]}' doesn't accept argument '${match[1]}'`,
      extensions: { code: 'argumentNotAccepted', name: match[2], typeName: 'InputObject', argumentName: match[1] },
    };
  }
  // A variable's type is VariablesAreInputTypes' (`$id: WorkItemID!` where there is no WorkItemID), whose errors stand
  // at the variable's definition (graphql-js's at the type's name); a fragment's condition is FragmentTypesExist's.
  const definition = place?.variable?.loc;
  const atVariable = definition ? { ...base, locations: [getLocation(definition.source, definition.start)] } : base;
  match = /^Unknown type "([^"]+)"\./.exec(message);
  if (match && place?.variable) {
    const variable = place.variable.variable.name.value;
    return {
      ...atVariable, message: `${match[1]} isn't a defined input type (on $${variable})`,
      extensions: { code: 'variableRequiresValidType', typeName: match[1], variableName: variable },
    };
  }
  if (match) {
    return { ...base, message: `No such type ${match[1]}, so it can't be a fragment condition`, extensions: { code: 'undefinedType', typeName: match[1] } };
  }
  match = /^Variable "\$([^"]+)" cannot be non-input type "([^"]+)"\./.exec(message);
  if (match) {
    const type = match[2].replace(/[[\]!]/g, '');
    return {
      ...atVariable, message: `${type} isn't a valid input type (on $${match[1]})`,
      extensions: { code: 'variableRequiresValidType', typeName: type, variableName: match[1] },
    };
  }
  return base;
}
