import { describe, expect, test } from 'vitest';
import { nextRuns } from '../src/index.ts';

const from = new Date('2025-01-01T00:00:00Z'); // a Wednesday

describe('nextRuns', () => {
  test.for([
    {
      why: 'crontab Mondays at 04:00 UTC',
      expression: '0 4 * * 1',
      options: {},
      runs: ['2025-01-06T04:00:00.000Z', '2025-01-13T04:00:00.000Z', '2025-01-20T04:00:00.000Z'],
    },
    {
      why: 'read in the given time zone',
      expression: '0 4 * * 1',
      options: { timezone: 'Europe/Berlin' },
      runs: ['2025-01-06T03:00:00.000Z', '2025-01-13T03:00:00.000Z', '2025-01-20T03:00:00.000Z'],
    },
    {
      why: 'quartz weekday 2 is Monday and ? is no constraint',
      expression: '0 0 4 ? * 2',
      options: { format: 'quartz' },
      runs: ['2025-01-06T04:00:00.000Z', '2025-01-13T04:00:00.000Z', '2025-01-20T04:00:00.000Z'],
    },
    {
      why: 'quartz day of month with ? weekday',
      expression: '0 0 4 15 * ?',
      options: { format: 'quartz' },
      runs: ['2025-01-15T04:00:00.000Z', '2025-02-15T04:00:00.000Z', '2025-03-15T04:00:00.000Z'],
    },
    {
      why: 'spring weekday 1 is Monday, with seconds',
      expression: '30 0 4 ? * 1',
      options: { format: 'spring' },
      runs: ['2025-01-06T04:00:30.000Z', '2025-01-13T04:00:30.000Z', '2025-01-20T04:00:30.000Z'],
    },
    {
      why: 'across the start of daylight saving time in New York',
      expression: '30 12 * * *',
      options: { timezone: 'America/New_York', from: new Date('2025-03-08T00:00:00Z') },
      runs: ['2025-03-08T17:30:00.000Z', '2025-03-09T16:30:00.000Z', '2025-03-10T16:30:00.000Z'],
    },
  ] as const)('$why', ({ expression, options, runs }) => {
    expect(nextRuns(expression, { from, count: 3, ...options })?.map((date) => date.toISOString())).toEqual(
      runs,
    );
  });

  test('gives five runs by default, strictly after from', () => {
    const runs = nextRuns('0 4 * * 1', { from: new Date('2025-01-06T04:00:00Z') });
    expect(runs).toHaveLength(5);
    expect(runs?.[0]?.toISOString()).toBe('2025-01-13T04:00:00.000Z');
  });

  test('an invalid expression has no runs', () => {
    expect(nextRuns('0 4 * *')).toBeNull();
    expect(nextRuns('0 0 4 * * 0', { format: 'quartz' })).toBeNull();
  });

  test('an unknown time zone is a programming error', () => {
    expect(() => nextRuns('0 4 * * 1', { timezone: 'Mars/Olympus' })).toThrow(
      /Invalid timezone 'Mars\/Olympus'/,
    );
  });
});
