import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  applyPeriod,
  getFields,
  getPeriods,
  loadTimeZones,
  nextRuns,
  parseCron,
  parseSegment,
  periodCovers,
  valuesToSegmentText,
  type CronField,
  type CronFormat,
  type Segment,
} from '../src/index.ts';

const formats: readonly CronFormat[] = ['crontab', 'quartz', 'spring'];

function valueIn(field: CronField): fc.Arbitrary<number> {
  return fc.integer({ min: field.min, max: field.max });
}

function rangeIn(field: CronField): fc.Arbitrary<string> {
  return fc.tuple(valueIn(field), valueIn(field)).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`);
}

function stepIn(field: CronField): fc.Arbitrary<number> {
  return fc.integer({ min: 1, max: field.max - field.min + 1 });
}

/** Any single item the grammar allows in a comma list. */
function itemIn(field: CronField): fc.Arbitrary<string> {
  return fc.oneof(
    valueIn(field).map(String),
    rangeIn(field),
    stepIn(field).map((step) => `*/${step}`),
    fc.tuple(rangeIn(field), stepIn(field)).map(([range, step]) => `${range}/${step}`),
  );
}

function segmentIn(field: CronField, format: CronFormat): fc.Arbitrary<string> {
  const wildcards =
    format !== 'crontab' && (field.id === 'day' || field.id === 'dayOfWeek') ? ['*', '?'] : ['*'];
  return fc.oneof(
    fc.constantFrom(...wildcards),
    itemIn(field),
    fc.array(itemIn(field), { minLength: 2, maxLength: 4 }).map((items) => items.join(',')),
  );
}

const expressions = fc.constantFrom(...formats).chain((format) =>
  fc.record({
    format: fc.constant(format),
    expression: fc
      .tuple(...getFields(format).map((field) => segmentIn(field, format)))
      .map((parts) => parts.join(' ')),
  }),
);

/** What a segment selects: `*` and `?` put no constraint on the field, so they stand for all of its values. */
function selected(segment: Segment, field: CronField): readonly number[] {
  return segment.values.length > 0
    ? segment.values
    : Array.from({ length: field.max - field.min + 1 }, (_, index) => field.min + index);
}

describe('properties', () => {
  // Croner, the reference for runs in a zone, is fetched on first need.
  beforeAll(loadTimeZones);

  test('parse → values → text → parse selects the same values', () => {
    fc.assert(
      fc.property(expressions, ({ format, expression }) => {
        const parsed = parseCron(expression, format);
        if ('error' in parsed) throw new Error(`${expression}: ${parsed.error}`);
        for (const [index, field] of getFields(format).entries()) {
          const segment = parsed.segments[index] as Segment;
          const text = valuesToSegmentText(segment.values, field.id, format);
          const again = text === null ? null : parseSegment(text, field.id, format);
          expect(again, `${field.id} ${segment.text} → ${text}`).not.toBeNull();
          expect(selected(again as Segment, field)).toEqual(selected(segment, field));
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('any set of values converts to text that selects exactly those values', () => {
    const subsets = fc
      .constantFrom(...formats)
      .chain((format) => fc.constantFrom(...getFields(format)).map((field) => ({ format, field })))
      .chain(({ format, field }) =>
        fc.record({
          format: fc.constant(format),
          field: fc.constant(field),
          values: fc.uniqueArray(valueIn(field), { minLength: 1, maxLength: field.max - field.min + 1 }),
        }),
      );
    fc.assert(
      fc.property(subsets, ({ format, field, values }) => {
        const text = valuesToSegmentText(values, field.id, format);
        const segment = text === null ? null : parseSegment(text, field.id, format);
        expect(segment, `${values.join(',')} → ${text}`).not.toBeNull();
        expect(selected(segment as Segment, field)).toEqual([...values].sort((a, b) => a - b));
      }),
      { numRuns: 2000 },
    );
  });

  test('applyPeriod is idempotent and leaves an expression its period covers', () => {
    const withPeriod = expressions.chain(({ format, expression }) =>
      fc.record({
        format: fc.constant(format),
        expression: fc.constant(expression),
        period: fc.constantFrom(...getPeriods(format)),
      }),
    );
    fc.assert(
      fc.property(withPeriod, ({ format, expression, period }) => {
        const once = applyPeriod(expression, period, format);
        expect(once.error).toBeUndefined();
        expect(applyPeriod(once.expression, period, format)).toEqual(once);
        expect(periodCovers(period, once.expression, format)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test('runs computed in UTC are the runs croner finds in a zone that is always UTC', () => {
    const from = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(expressions, from, ({ format, expression }, start) => {
        const options = { format, from: start, count: 4 };
        expect(nextRuns(expression, { ...options, timezone: 'UTC' })).toEqual(
          nextRuns(expression, { ...options, timezone: 'Etc/UTC' }),
        );
      }),
      { numRuns: 1000 },
    );
  });
});
