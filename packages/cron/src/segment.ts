import { allowsNoSpecific, findField, type CronField, type CronFormat, type FieldId } from './fields.ts';

export type SegmentKind = 'any' | 'value' | 'range' | 'every' | 'combined' | 'noSpecific';

export interface Segment {
  readonly kind: SegmentKind;
  /** The sorted numbers the segment selects; empty for `any` and `noSpecific`. */
  readonly values: readonly number[];
  readonly text: string;
}

const integer = /^\d+$/;

/** An integer written with digits only, within the field's bounds; otherwise undefined. */
function parseValue(text: string, field: CronField): number | undefined {
  if (!integer.test(text)) return undefined;
  const value = Number(text);
  return value >= field.min && value <= field.max ? value : undefined;
}

function rangeValues(start: number, end: number, step: number): number[] {
  const values: number[] = [];
  for (let value = start; value <= end; value += step) values.push(value);
  return values;
}

/** `a-b` as [a, b], or undefined when either end is invalid or the start is past the end. */
function parseRange(text: string, field: CronField): [number, number] | undefined {
  const dash = text.indexOf('-');
  if (dash < 0) return undefined;
  const start = parseValue(text.slice(0, dash), field);
  const end = parseValue(text.slice(dash + 1), field);
  if (start === undefined || end === undefined || start > end) return undefined;
  return [start, end];
}

/** A single item of a segment: a value, a range or a step (`*` and `?` stand only on their own). */
function parseItem(text: string, field: CronField): Segment | null {
  const slash = text.indexOf('/');
  if (slash >= 0) {
    const stepText = text.slice(slash + 1);
    if (!integer.test(stepText)) return null;
    const step = Number(stepText);
    // A step of zero selects nothing; a step beyond the field's size is rejected as §5 says.
    if (step < 1 || step > field.max - field.min + 1) return null;
    const base = text.slice(0, slash);
    const bounds: [number, number] | undefined =
      base === '*' ? [field.min, field.max] : parseRange(base, field);
    if (bounds === undefined) return null;
    return { kind: 'every', values: rangeValues(bounds[0], bounds[1], step), text };
  }
  const range = parseRange(text, field);
  if (range !== undefined) return { kind: 'range', values: rangeValues(range[0], range[1], 1), text };
  const value = parseValue(text, field);
  return value === undefined ? null : { kind: 'value', values: [value], text };
}

/** Parses one segment of an expression, or gives null when the text is not valid for the field (SPEC §5). */
export function parseSegment(text: string, fieldId: FieldId, format: CronFormat = 'crontab'): Segment | null {
  const field = findField(fieldId, format);
  if (field === undefined) return null;
  if (text === '*') return { kind: 'any', values: [], text };
  if (text === '?')
    return allowsNoSpecific(fieldId, format) ? { kind: 'noSpecific', values: [], text } : null;
  if (!text.includes(',')) return parseItem(text, field);

  const selected = new Set<number>();
  for (const part of text.split(',')) {
    const item = parseItem(part, field);
    if (item === null) return null;
    for (const value of item.values) selected.add(value);
  }
  return { kind: 'combined', values: [...selected].sort((a, b) => a - b), text };
}

/** The step n when `values` are exactly min, min+n, min+2n, … up to max (two values at least); else undefined. */
function evenStep(values: readonly number[], field: CronField): number | undefined {
  const [first, second] = values;
  if (first !== field.min || second === undefined) return undefined;
  const step = second - first;
  const expected = rangeValues(field.min, field.max, step);
  if (expected.length !== values.length) return undefined;
  return expected.every((value, index) => value === values[index]) ? step : undefined;
}

/**
 * Converts selected values to segment text (SPEC §5): `*` for nothing or the full set, `*\/n` for every n-th
 * value from the minimum, else a comma list where runs of three or more become ranges.
 * Gives null when a value is not an integer within the field's bounds.
 */
export function valuesToSegmentText(
  values: readonly number[],
  fieldId: FieldId,
  format: CronFormat = 'crontab',
): string | null {
  const field = findField(fieldId, format);
  if (field === undefined) return null;
  if (values.some((value) => !Number.isInteger(value) || value < field.min || value > field.max)) return null;
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length === 0 || sorted.length === field.max - field.min + 1) return '*';
  const step = evenStep(sorted, field);
  if (step !== undefined) return `*/${step}`;

  const parts: string[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] as number) + 1) end += 1;
    if (end - start >= 2) {
      parts.push(`${sorted[start]}-${sorted[end]}`);
    } else {
      for (let index = start; index <= end; index += 1) parts.push(String(sorted[index]));
    }
    start = end + 1;
  }
  return parts.join(',');
}
