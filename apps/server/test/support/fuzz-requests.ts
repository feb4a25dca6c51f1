import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isObjectType,
} from 'graphql';
import type { GraphQLArgument, GraphQLInputType } from 'graphql';
import type { FuzzCase, Operation } from './fuzz-cases.ts';

// A fuzz case as the GraphQL request it sends: its arguments as variables, or written inline as literals.

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The value as a GraphQL literal of the type (enum values bare, everything else as JSON writes it). */
function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'null';
  const inner = getNullableType(type);
  if (Array.isArray(value)) {
    const item = isListType(inner) ? (inner.ofType as GraphQLInputType) : type;
    return `[${value.map((entry) => literal(entry, item)).join(', ')}]`;
  }
  if (typeof value === 'object') {
    const fields = isInputObjectType(inner) ? inner.getFields() : {};
    const entries = Object.entries(value).map(
      ([key, entry]) => `${key}: ${literal(entry, fields[key]?.type ?? type)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  if (typeof value === 'string') return isEnumType(inner) && NAME.test(value) ? value : JSON.stringify(value);
  return String(value);
}

/** The GraphQL request of a case whose placeholders are filled in. */
export function requestOf(
  operation: Operation,
  args: Record<string, unknown>,
  mode: FuzzCase['mode'],
): { query: string; variables: Record<string, unknown> } {
  const { field } = operation;
  const given = field.args.filter((arg: GraphQLArgument) => Object.hasOwn(args, arg.name));
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  const variables: Record<string, unknown> = {};
  const definitions: string[] = [];
  const call = given.map((arg, index) => {
    if (mode === 'inline') return `${arg.name}: ${literal(args[arg.name], arg.type)}`;
    definitions.push(`$v${index}: ${String(arg.type)}`);
    variables[`v${index}`] = args[arg.name];
    return `${arg.name}: $v${index}`;
  });
  const head = definitions.length > 0 ? `${operation.kind} Fuzz(${definitions.join(', ')})` : operation.kind;
  const callText = call.length > 0 ? `(${call.join(', ')})` : '';
  return { query: `${head} { ${field.name}${callText}${selection} }`, variables };
}
