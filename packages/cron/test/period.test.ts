import { describe, expect, test } from 'vitest';
import { applyPeriod, editableFields, getPeriods, initialPeriod, periodCovers } from '../src/index.ts';

describe('getPeriods', () => {
  test.for([
    { format: 'crontab', periods: ['minute', 'hour', 'day', 'week', 'month', 'year'] },
    { format: 'quartz', periods: ['q-second', 'q-minute', 'q-hour', 'day', 'week', 'month', 'year'] },
    { format: 'spring', periods: ['q-second', 'q-minute', 'q-hour', 'day', 'week', 'month', 'year'] },
  ] as const)('$format', ({ format, periods }) => {
    expect(getPeriods(format)).toEqual(periods);
  });
});

describe('editableFields: a period edits the fields finer than itself', () => {
  test.for([
    { format: 'crontab', period: 'minute', fields: [] },
    { format: 'crontab', period: 'hour', fields: ['minute'] },
    { format: 'crontab', period: 'day', fields: ['hour', 'minute'] },
    { format: 'crontab', period: 'week', fields: ['dayOfWeek', 'hour', 'minute'] },
    { format: 'crontab', period: 'month', fields: ['day', 'dayOfWeek', 'hour', 'minute'] },
    { format: 'crontab', period: 'year', fields: ['month', 'day', 'dayOfWeek', 'hour', 'minute'] },
    { format: 'quartz', period: 'q-second', fields: [] },
    { format: 'quartz', period: 'q-minute', fields: ['second'] },
    { format: 'quartz', period: 'q-hour', fields: ['minute', 'second'] },
    { format: 'quartz', period: 'day', fields: ['hour', 'minute', 'second'] },
    { format: 'quartz', period: 'week', fields: ['dayOfWeek', 'hour', 'minute', 'second'] },
    { format: 'quartz', period: 'month', fields: ['day', 'dayOfWeek', 'hour', 'minute', 'second'] },
    { format: 'spring', period: 'year', fields: ['month', 'day', 'dayOfWeek', 'hour', 'minute', 'second'] },
  ] as const)('$format $period: $fields', ({ format, period, fields }) => {
    expect(editableFields(period, format)).toEqual(fields);
  });
});

describe('initialPeriod', () => {
  test.for([
    { format: 'crontab', expression: '* * * * *', period: 'minute' },
    { format: 'crontab', expression: '*/5 * * * *', period: 'hour' },
    { format: 'crontab', expression: '0 4 * * *', period: 'day' },
    { format: 'crontab', expression: '* 4 * * *', period: 'day' },
    { format: 'crontab', expression: '0 4 * * 1', period: 'week' },
    { format: 'crontab', expression: '0 4 1 * *', period: 'month' },
    { format: 'crontab', expression: '* * * 6 *', period: 'year' },
    { format: 'crontab', expression: '0 4 1 1 *', period: 'year' },
    { format: 'crontab', expression: 'not a cron', period: 'year' },
    { format: 'quartz', expression: '* * * * * ?', period: 'q-second' },
    { format: 'quartz', expression: '30 * * * * ?', period: 'q-minute' },
    { format: 'quartz', expression: '0 5 * * * ?', period: 'q-hour' },
    { format: 'quartz', expression: '0 0 4 * * ?', period: 'day' },
    { format: 'quartz', expression: '0 0 4 ? * 2', period: 'week' },
    { format: 'quartz', expression: '0 0 4 15 * ?', period: 'month' },
    { format: 'spring', expression: '0 0 4 15 6 ?', period: 'year' },
  ] as const)('$format $expression: smallest covering period $period', ({ format, expression, period }) => {
    expect(initialPeriod(expression, format)).toBe(period);
  });

  test('the given period wins when the format has it', () => {
    expect(initialPeriod('0 4 1 1 *', 'crontab', 'hour')).toBe('hour');
    expect(initialPeriod('0 0 4 * * ?', 'quartz', 'q-second')).toBe('q-second');
  });

  test('a given period the format does not have is ignored', () => {
    expect(initialPeriod('0 0 4 * * ?', 'quartz', 'minute')).toBe('day');
    expect(initialPeriod('0 4 * * *', 'crontab', 'q-minute')).toBe('day');
  });

  test('format defaults to crontab', () => {
    expect(initialPeriod('0 4 * * 1')).toBe('week');
  });
});

describe('periodCovers', () => {
  test.for([
    { format: 'crontab', period: 'week', expression: '0 4 * * 1', covers: true },
    { format: 'crontab', period: 'day', expression: '0 4 * * 1', covers: false },
    { format: 'crontab', period: 'year', expression: '0 4 * * 9', covers: false },
    { format: 'quartz', period: 'week', expression: '0 0 4 ? * 2', covers: true },
    { format: 'quartz', period: 'week', expression: '0 0 4 15 * ?', covers: false },
  ] as const)('$format $period covers $expression: $covers', ({ format, period, expression, covers }) => {
    expect(periodCovers(period, expression, format)).toBe(covers);
  });
});

describe('applyPeriod: fields outside the period become *', () => {
  test.for([
    { format: 'crontab', expression: '0 4 1 1 1', period: 'year', result: '0 4 1 1 1' },
    { format: 'crontab', expression: '0 4 1 1 1', period: 'month', result: '0 4 1 * 1' },
    { format: 'crontab', expression: '0 4 1 1 1', period: 'week', result: '0 4 * * 1' },
    { format: 'crontab', expression: '0 4 1 1 1', period: 'day', result: '0 4 * * *' },
    { format: 'crontab', expression: '0 4 1 1 1', period: 'hour', result: '0 * * * *' },
    { format: 'crontab', expression: '0 4 1 1 1', period: 'minute', result: '* * * * *' },
    { format: 'crontab', expression: ' 0  4 * * 1 ', period: 'week', result: '0 4 * * 1' },
    { format: 'quartz', expression: '30 0 4 15 6 ?', period: 'year', result: '30 0 4 15 6 ?' },
    { format: 'quartz', expression: '30 0 4 15 6 ?', period: 'month', result: '30 0 4 15 * ?' },
    { format: 'quartz', expression: '30 0 4 ? 6 2', period: 'week', result: '30 0 4 * * 2' },
    { format: 'quartz', expression: '30 0 4 15 6 ?', period: 'day', result: '30 0 4 * * *' },
    { format: 'quartz', expression: '30 0 4 15 6 ?', period: 'q-hour', result: '30 0 * * * *' },
    { format: 'spring', expression: '30 0 4 15 6 ?', period: 'q-minute', result: '30 * * * * *' },
    { format: 'spring', expression: '30 0 4 15 6 ?', period: 'q-second', result: '* * * * * *' },
  ] as const)('$format $expression as $period → $result', ({ format, expression, period, result }) => {
    expect(applyPeriod(expression, period, format)).toEqual({ expression: result });
  });

  test('an invalid expression is left as it is with its error', () => {
    expect(applyPeriod('0 4 * *', 'day')).toEqual({ expression: '0 4 * *', error: 'invalid pattern' });
  });
});
