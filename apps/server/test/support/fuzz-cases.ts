import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import {
  buildSchema,
  getNullableType,
  isInputObjectType,
  isListType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { hostileValues, randomStrings, type Hostile } from './fuzz-hostile-values.ts';
import { baseOf, requiredOf } from './fuzz-valid-values.ts';

// Hostile inputs for every operation of the platform and billing schemas that takes arguments, read from the schema
// itself: each argument and each field inside it, down to list items, gets values of its kind that a
// careless or malicious client sends (empty, huge, NUL and other control characters, emoji, lone
// surrogates, injection strings, wrong types, out-of-range numbers, duplicate and oversized lists,
// nulls), one position at a time on an otherwise valid request, written as variables and as an inline
// literal. Valid requests come from BASES (which name the seeded resources, so mutations reach their
// rules) or, for an operation without one, from the schema alone (fuzz-valid-values.ts). The hostile values
// are fuzz-hostile-values.ts's, the requests written from a case fuzz-requests.ts's.

/** The customer-facing GraphQL APIs the fuzz cases go to, each at `/graphql/{api}`. */
export const FUZZED_APIS = ['platform', 'billing'] as const;
export type FuzzedApi = (typeof FUZZED_APIS)[number];

export function schemaOf(api: FuzzedApi): GraphQLSchema {
  const file = createRequire(import.meta.url).resolve(`@berth/schema/${api}.graphql`);
  return buildSchema(readFileSync(file, 'utf8'));
}

export interface Operation {
  api: FuzzedApi;
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/** Every mutation, and every query that takes arguments (ids, names, filters), of the API. */
export function operationsOf(api: FuzzedApi): Operation[] {
  const schema = schemaOf(api);
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  const queries = Object.values(schema.getQueryType()?.getFields() ?? {}).filter(
    (field) => field.args.length > 0,
  );
  return [
    ...mutations.map((field) => ({ api, kind: 'mutation' as const, field })),
    ...queries.map((field) => ({ api, kind: 'query' as const, field })),
  ];
}

type Path = (string | number)[];

/** Every place a value can go: the argument, each field of an input object, the first item of a list. */
function* positions(type: GraphQLInputType, path: Path): Generator<{ path: Path; type: GraphQLInputType }> {
  yield { path, type };
  if (path.length > 8) return;
  const inner = getNullableType(type);
  if (isListType(inner)) yield* positions(inner.ofType as GraphQLInputType, [...path, 0]);
  else if (isInputObjectType(inner)) {
    for (const field of Object.values(inner.getFields())) yield* positions(field.type, [...path, field.name]);
  }
}

const valueAt = (value: unknown, key: string | number): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;

/** A copy of the arguments with the value at the path; missing parents start as valid samples. */
function withValue(
  args: Record<string, unknown>,
  path: Path,
  value: unknown,
  types: GraphQLInputType[],
): Record<string, unknown> {
  const copy = structuredClone(args);
  let parent: Record<string | number, unknown> = copy;
  path.slice(0, -1).forEach((key, index) => {
    const type = types[index];
    if (parent[key] === null || typeof parent[key] !== 'object') {
      // A list starts empty and an object with its required fields, so only this position is hostile.
      parent[key] = type && isListType(getNullableType(type)) ? [] : type ? requiredOf(type) : {};
    }
    parent = parent[key] as Record<string | number, unknown>;
  });
  const last = path.at(-1);
  if (last !== undefined) parent[last] = value;
  return copy;
}

export interface FuzzCase {
  operation: Operation;
  /** Arguments, with placeholders (⟨…⟩) for what the seeded world knows. */
  args: Record<string, unknown>;
  /** Where the hostile value is, e.g. `containerInput.environmentVariables[0].value`. */
  position: string;
  label: string;
  mode: 'variables' | 'inline';
}

const pathText = (path: Path) =>
  path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');

/** Types along a path from the argument's type: types[i] is the type of path[0..i]. */
function typesAlong(argType: GraphQLInputType, path: Path): GraphQLInputType[] {
  const types = [argType];
  let type = argType;
  for (const key of path.slice(1)) {
    const inner = getNullableType(type);
    if (isListType(inner)) type = inner.ofType as GraphQLInputType;
    else if (isInputObjectType(inner)) {
      const field = inner.getFields()[String(key)];
      if (!field) break;
      type = field.type;
    }
    types.push(type);
  }
  return types;
}

/** Every case of one operation (random strings from fast-check, seeded, join the fixed ones). */
export function casesOf(operation: Operation, randomStrings: Hostile[]): FuzzCase[] {
  const base = baseOf(operation.field);
  const cases: FuzzCase[] = [];
  for (const arg of operation.field.args) {
    for (const { path, type } of positions(arg.type, [arg.name])) {
      const current = path.reduce<unknown>((value, key) => valueAt(value, key), base);
      for (const hostile of hostileValues(type, current, path.length > 1, randomStrings)) {
        const args = withValue(base, path, hostile.value, typesAlong(arg.type, path));
        for (const mode of ['variables', 'inline'] as const) {
          cases.push({ operation, args, position: pathText(path), label: hostile.label, mode });
        }
      }
    }
  }
  return cases;
}

/** The cases to run: all of them, or a seeded sample of about `total` spread over the operations. */
export function fuzzPlan(options: { seed: number; full: boolean; total: number }): Map<string, FuzzCase[]> {
  const strings = randomStrings(options.seed);
  const all = FUZZED_APIS.flatMap(operationsOf).map((operation) => casesOf(operation, strings));
  const count = all.reduce((sum, cases) => sum + cases.length, 0);
  const plan = new Map<string, FuzzCase[]>();
  for (const cases of all) {
    const operation = cases[0]?.operation;
    if (!operation) continue;
    const name = `${operation.api} ${operation.field.name}`;
    const size = Math.min(cases.length, Math.max(12, Math.round((options.total * cases.length) / count)));
    const chosen = options.full
      ? cases
      : (fc.sample(fc.shuffledSubarray(cases, { minLength: size, maxLength: size }), {
          seed: options.seed,
          numRuns: 1,
        })[0] ?? []);
    plan.set(name, chosen);
  }
  return plan;
}
