import { describe, expect, test } from 'vitest';
import { parseSegment, valuesToSegmentText, type CronFormat, type FieldId } from '../src/index.ts';

const range = (start: number, end: number, step = 1): number[] =>
  Array.from({ length: Math.floor((end - start) / step) + 1 }, (_, index) => start + index * step);

// Bounds written out from SPEC §3, independently of the library's own table.
const bounds: { format: CronFormat; field: FieldId; min: number; max: number }[] = [
  { format: 'crontab', field: 'minute', min: 0, max: 59 },
  { format: 'crontab', field: 'hour', min: 0, max: 23 },
  { format: 'crontab', field: 'day', min: 1, max: 31 },
  { format: 'crontab', field: 'month', min: 1, max: 12 },
  { format: 'crontab', field: 'dayOfWeek', min: 0, max: 6 },
  { format: 'quartz', field: 'second', min: 0, max: 59 },
  { format: 'quartz', field: 'minute', min: 0, max: 59 },
  { format: 'quartz', field: 'hour', min: 0, max: 23 },
  { format: 'quartz', field: 'day', min: 1, max: 31 },
  { format: 'quartz', field: 'month', min: 1, max: 12 },
  { format: 'quartz', field: 'dayOfWeek', min: 1, max: 7 },
  { format: 'spring', field: 'second', min: 0, max: 59 },
  { format: 'spring', field: 'minute', min: 0, max: 59 },
  { format: 'spring', field: 'hour', min: 0, max: 23 },
  { format: 'spring', field: 'day', min: 1, max: 31 },
  { format: 'spring', field: 'month', min: 1, max: 12 },
  { format: 'spring', field: 'dayOfWeek', min: 0, max: 6 },
];

describe('parseSegment: every kind in every field and format', () => {
  const cases = bounds.flatMap(({ format, field, min, max }) => {
    const size = max - min + 1;
    const name = `${format} ${field}`;
    return [
      { name, format, field, text: '*', kind: 'any', values: [] },
      { name, format, field, text: `${min}`, kind: 'value', values: [min] },
      { name, format, field, text: `${max}`, kind: 'value', values: [max] },
      { name, format, field, text: `${min}-${max}`, kind: 'range', values: range(min, max) },
      { name, format, field, text: `${min + 1}-${min + 1}`, kind: 'range', values: [min + 1] },
      { name, format, field, text: '*/2', kind: 'every', values: range(min, max, 2) },
      { name, format, field, text: `*/${size}`, kind: 'every', values: [min] },
      { name, format, field, text: `${min + 1}-${max}/3`, kind: 'every', values: range(min + 1, max, 3) },
      { name, format, field, text: `${max},${min}`, kind: 'combined', values: [min, max] },
      {
        name,
        format,
        field,
        text: `${min}-${min + 2},*/3,${max}`,
        kind: 'combined',
        values: [...new Set([...range(min, min + 2), ...range(min, max, 3), max])].sort((a, b) => a - b),
      },
    ];
  });

  test.for(cases)('$name: $text is $kind', ({ format, field, text, kind, values }) => {
    expect(parseSegment(text, field, format)).toEqual({ kind, values, text });
  });
});

describe('parseSegment: bounds and step limits give null', () => {
  const cases = bounds.flatMap(({ format, field, min, max }) => {
    const size = max - min + 1;
    const name = `${format} ${field}`;
    return [
      { name, format, field, text: `${min - 1}` },
      { name, format, field, text: `${max + 1}` },
      { name, format, field, text: `${max}-${min}` },
      { name, format, field, text: `${min}-${max + 1}` },
      { name, format, field, text: `*/${size + 1}` },
      { name, format, field, text: `${min}-${max}/${size + 1}` },
      { name, format, field, text: '*/0' },
      { name, format, field, text: `${min},${max + 1}` },
    ];
  });

  test.for(cases)('$name: $text', ({ format, field, text }) => {
    expect(parseSegment(text, field, format)).toBeNull();
  });
});

describe('parseSegment: malformed text gives null', () => {
  test.for([
    '',
    ' 5',
    '5 ',
    '1.5',
    '+5',
    'MON',
    'L',
    '5/15',
    '*/',
    '/5',
    '1-',
    '-1',
    '1-2-3',
    '1,,2',
    '1,',
    ',1',
    '*,5',
    '?,1',
    '*/5/2',
    '*/-1',
  ])('minute %j', (text) => {
    expect(parseSegment(text, 'minute', 'crontab')).toBeNull();
  });

  test('leading zeros are still integers', () => {
    expect(parseSegment('05', 'minute')).toEqual({ kind: 'value', values: [5], text: '05' });
  });
});

describe('parseSegment: ? means no specific value only in day fields of quartz and spring', () => {
  test.for([
    { format: 'quartz', field: 'day', valid: true },
    { format: 'quartz', field: 'dayOfWeek', valid: true },
    { format: 'spring', field: 'day', valid: true },
    { format: 'spring', field: 'dayOfWeek', valid: true },
    { format: 'crontab', field: 'day', valid: false },
    { format: 'crontab', field: 'dayOfWeek', valid: false },
    { format: 'quartz', field: 'second', valid: false },
    { format: 'quartz', field: 'hour', valid: false },
    { format: 'spring', field: 'month', valid: false },
  ] as const)('$format $field: $valid', ({ format, field, valid }) => {
    expect(parseSegment('?', field, format)).toEqual(
      valid ? { kind: 'noSpecific', values: [], text: '?' } : null,
    );
  });

  test('crontab has no second field', () => {
    expect(parseSegment('0', 'second', 'crontab')).toBeNull();
  });

  test('format defaults to crontab', () => {
    expect(parseSegment('0', 'dayOfWeek')).toEqual({ kind: 'value', values: [0], text: '0' });
    expect(parseSegment('7', 'dayOfWeek')).toBeNull();
  });
});

describe('valuesToSegmentText (SPEC §5 conversion)', () => {
  test.for([
    { why: 'nothing selected', field: 'minute', format: 'crontab', values: [], text: '*' },
    { why: 'full set', field: 'minute', format: 'crontab', values: range(0, 59), text: '*' },
    { why: 'full set', field: 'day', format: 'crontab', values: range(1, 31), text: '*' },
    { why: 'full set', field: 'dayOfWeek', format: 'quartz', values: range(1, 7), text: '*' },
    {
      why: 'every 15 from the minimum',
      field: 'minute',
      format: 'crontab',
      values: [0, 15, 30, 45],
      text: '*/15',
    },
    {
      why: 'every 3 from the minimum',
      field: 'month',
      format: 'crontab',
      values: [1, 4, 7, 10],
      text: '*/3',
    },
    {
      why: 'every 2 from the minimum',
      field: 'dayOfWeek',
      format: 'crontab',
      values: [0, 2, 4, 6],
      text: '*/2',
    },
    {
      why: 'every 2 from the minimum',
      field: 'dayOfWeek',
      format: 'quartz',
      values: [1, 3, 5, 7],
      text: '*/2',
    },
    { why: 'every 12 from the minimum', field: 'hour', format: 'crontab', values: [0, 12], text: '*/12' },
    {
      why: 'evenly spaced, not from the minimum',
      field: 'minute',
      format: 'crontab',
      values: [5, 20, 35, 50],
      text: '5,20,35,50',
    },
    {
      why: 'evenly spaced, stops short of the maximum',
      field: 'minute',
      format: 'crontab',
      values: [0, 15, 30],
      text: '0,15,30',
    },
    { why: 'the minimum alone', field: 'minute', format: 'crontab', values: [0], text: '0' },
    { why: 'the minimum alone', field: 'day', format: 'crontab', values: [1], text: '1' },
    { why: 'a run of three', field: 'hour', format: 'crontab', values: [1, 2, 3], text: '1-3' },
    { why: 'a run of two stays a list', field: 'hour', format: 'crontab', values: [1, 2], text: '1,2' },
    {
      why: 'runs and singles',
      field: 'day',
      format: 'crontab',
      values: [1, 2, 3, 5, 7, 8, 9, 10],
      text: '1-3,5,7-10',
    },
    { why: 'unsorted with duplicates', field: 'hour', format: 'crontab', values: [3, 1, 2, 2], text: '1-3' },
    { why: 'second field of quartz', field: 'second', format: 'quartz', values: [0, 30], text: '*/30' },
  ] as const)('$format $field $values → $text ($why)', ({ field, format, values, text }) => {
    expect(valuesToSegmentText(values, field, format)).toBe(text);
  });

  test.for([
    { field: 'minute', format: 'crontab', values: [60] },
    { field: 'minute', format: 'crontab', values: [-1] },
    { field: 'minute', format: 'crontab', values: [1.5] },
    { field: 'day', format: 'crontab', values: [0] },
    { field: 'dayOfWeek', format: 'crontab', values: [7] },
    { field: 'dayOfWeek', format: 'quartz', values: [0] },
    { field: 'second', format: 'crontab', values: [0] },
  ] as const)('$format $field $values cannot be converted', ({ field, format, values }) => {
    expect(valuesToSegmentText(values, field, format)).toBeNull();
  });
});
