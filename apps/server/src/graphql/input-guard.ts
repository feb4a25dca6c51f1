import {
  defaultFieldResolver,
  type GraphQLArgument,
  type GraphQLEnumType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLList,
  type GraphQLNonNull,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { badInput } from '../errors.ts';

// The one check every argument of the API passes before a resolver sees it, whatever the field and however
// the client wrote the value (variables or inline literals, which graphql-js coerces alike): strings have a
// length limit and no character PostgreSQL refuses (NUL) or that has no place in a name (control
// characters), lists have at most MAX_ITEMS items. Modules keep their own rules (name patterns, ranges);
// this one makes sure no field, today's or a future one, reaches the database with what it cannot store.
//
// The arguments are also rebuilt as ordinary objects: graphql-js gives input objects written inline a null
// prototype, and code that stores them as JSON (drizzle checks `value.constructor`) fails on those.

interface TextRule {
  /** At most this many characters (code points). */
  maxLength: number;
  /** Free text (descriptions, values, commands, passwords) may hold any character but NUL; others none. */
  freeText?: boolean;
}

/** Names, identifiers, addresses: anything without a rule of its own. */
const DEFAULT_RULE: TextRule = { maxLength: 255 };
/** Items of any list argument. */
const MAX_ITEMS = 100;

/**
 * Rules by field (or argument) name, for every type that has one; `Type.field` (input types) and
 * `Type.field.argument` (arguments) entries take precedence. Resource names keep the default: their 63
 * characters of API.md are the modules' rule, with the resource named in the message.
 */
const TEXT_RULES: Record<string, TextRule> = {
  description: { maxLength: 1000, freeText: true },
  'EnvironmentVariableInput.value': { maxLength: 32_768, freeText: true },
  // Items of a command line, e.g. a shell script after `sh -c`.
  command: { maxLength: 4096, freeText: true },
  entrypoint: { maxLength: 4096, freeText: true },
  password: { maxLength: 4096, freeText: true },
  // [registry[:port]/]path[:tag][@sha256:digest]: a 255-character path plus tag and digest.
  image: { maxLength: 512 },
  domainName: { maxLength: 253 },
  path: { maxLength: 1024 },
};

const ruleFor = (owner: string, name: string) =>
  TEXT_RULES[`${owner}.${name}`] ?? TEXT_RULES[name] ?? DEFAULT_RULE;

// Control characters (C0, DEL, C1) and lone surrogates (ill-formed UTF-16, not storable as UTF-8).
const CONTROL = /[\p{Cc}\p{Cs}]/u;
const NUL_OR_LONE_SURROGATE = /[\0\p{Cs}]/u;

const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

function characterCount(text: string, atMost: number): number {
  if (text.length <= atMost) return text.length; // UTF-16 units never undercount code points
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function checkText(text: string, rule: TextRule, field: string): void {
  if (characterCount(text, rule.maxLength) > rule.maxLength) {
    throw badInput(field, `${field} is too long (${rule.maxLength} characters at most)`);
  }
  const bad = (rule.freeText ? NUL_OR_LONE_SURROGATE : CONTROL).exec(text)?.[0];
  if (bad === undefined) return;
  const what = /\p{Cs}/u.test(bad)
    ? 'a lone surrogate (not valid Unicode)'
    : `control character ${codePoint(bad)}`;
  throw badInput(field, `${field} must not contain ${what}`);
}

const join = (path: string, name: string) => (path ? `${path}.${name}` : name);

// Kinds of types by their tag rather than graphql-js's instanceof checks: the schema may come from the
// other build of graphql-js (ESM or CommonJS) than this file, as under Vite-based test runners.
const kindOf = (type: object) => (type as { [Symbol.toStringTag]?: string })[Symbol.toStringTag];
const isNonNull = (type: object): type is GraphQLNonNull<GraphQLInputType> =>
  kindOf(type) === 'GraphQLNonNull';
const isList = (type: object): type is GraphQLList<GraphQLInputType> => kindOf(type) === 'GraphQLList';
const isInputObject = (type: object): type is GraphQLInputObjectType =>
  kindOf(type) === 'GraphQLInputObjectType';
const isEnum = (type: object): type is GraphQLEnumType => kindOf(type) === 'GraphQLEnumType';
const isObject = (type: object): type is GraphQLObjectType => kindOf(type) === 'GraphQLObjectType';

/** The value, checked against its type and rule, with input objects as ordinary objects. */
function checkedValue(type: GraphQLInputType, value: unknown, rule: TextRule, path: string): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNull(type)) return checkedValue(type.ofType, value, rule, path);
  if (isList(type)) {
    const items = value as unknown[]; // coercion has made every list value an array
    if (items.length > MAX_ITEMS) {
      throw badInput(path, `${path} has too many items (${MAX_ITEMS} at most)`);
    }
    return items.map((item, index) => checkedValue(type.ofType, item, rule, `${path}[${index}]`));
  }
  if (isInputObject(type)) {
    const input = value as Record<string, unknown>;
    const checked: Record<string, unknown> = {};
    // Only the fields the client gave (or that have defaults): absent and null differ in patches.
    for (const field of Object.values(type.getFields())) {
      if (!Object.hasOwn(input, field.name)) continue;
      const rule = ruleFor(type.name, field.name);
      checked[field.name] = checkedValue(field.type, input[field.name], rule, join(path, field.name));
    }
    return checked;
  }
  if (isEnum(type) || typeof value !== 'string') return value;
  checkText(value, rule, path);
  return value;
}

function checkedArguments(owner: string, args: readonly GraphQLArgument[], values: Record<string, unknown>) {
  const checked: Record<string, unknown> = {};
  for (const arg of args) {
    if (!Object.hasOwn(values, arg.name)) continue;
    // An input object's fields are named on their own (`environmentVariables[3].value`), as modules do.
    const path = isInputObject(isNonNull(arg.type) ? arg.type.ofType : arg.type) ? '' : arg.name;
    checked[arg.name] = checkedValue(arg.type, values[arg.name], ruleFor(owner, arg.name), path);
  }
  return checked;
}

const guarded = new WeakSet<GraphQLSchema>();

/** Puts the check in front of the resolver of every field of the schema that takes arguments. */
function guardArguments(schema: GraphQLSchema): void {
  if (guarded.has(schema)) return;
  guarded.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObject(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.args.length === 0) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      const owner = `${type.name}.${field.name}`;
      field.resolve = (source, args, context, info) =>
        resolve(source, checkedArguments(owner, field.args, args), context, info);
    }
  }
}

/** The Yoga plugin of the check, for the schema Yoga serves. */
export const useArgumentGuard = (): Plugin => ({
  onSchemaChange: ({ schema }) => guardArguments(schema),
});
