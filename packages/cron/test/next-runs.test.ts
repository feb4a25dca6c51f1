import { beforeAll, describe, expect, test } from 'vitest';
import { areTimeZonesLoaded, loadTimeZones, nextRuns } from '../src/index.ts';

const from = new Date('2025-01-01T00:00:00Z'); // a Wednesday

describe('time zones other than UTC', () => {
  test('need their code fetched first, and say so rather than answer wrongly', async () => {
    expect(areTimeZonesLoaded()).toBe(false);
    expect(nextRuns('0 4 * * 1', { from })?.[0]?.toISOString()).toBe('2025-01-06T04:00:00.000Z');
    expect(() => nextRuns('0 4 * * 1', { from, timezone: 'Europe/Berlin' })).toThrow(
      'Runs in Europe/Berlin need loadTimeZones() first',
    );
    await loadTimeZones();
    expect(areTimeZonesLoaded()).toBe(true);
  });
});

describe('nextRuns', () => {
  beforeAll(loadTimeZones);

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

  // croner 10 skipped these: searching from February with a day of month past the 28th ran in March too late.
  test.for(['UTC', 'Atlantic/Reykjavik'])('early March after a February start (%s)', (timezone) => {
    const runs = (expression: string, start: string) =>
      nextRuns(expression, { from: new Date(start), count: 3, timezone })?.map((date) => date.toISOString());
    expect(runs('0 0 1,31 * *', '2026-02-15T00:00:00Z')).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ]);
    expect(runs('0 0 */10 * *', '2026-02-22T00:00:00Z')).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
      '2026-03-21T00:00:00.000Z',
    ]);
  });

  test.for([
    {
      why: 'day and weekday both given: either one',
      expression: '0 0 13 * 5',
      runs: ['2026-02-06', '2026-02-13', '2026-02-20'],
    },
    {
      why: 'a stepped day counts as given',
      expression: '0 0 */10 * 1',
      runs: ['2026-02-02', '2026-02-09', '2026-02-11'],
    },
    {
      why: 'weekday with any day: the weekday only',
      expression: '0 0 * * 5',
      runs: ['2026-02-06', '2026-02-13', '2026-02-20'],
    },
    {
      why: '29 February waits for a leap year',
      expression: '0 0 29 2 *',
      runs: ['2028-02-29', '2032-02-29', '2036-02-29'],
    },
  ] as const)('$why', ({ expression, runs }) => {
    expect(
      nextRuns(expression, { from: new Date('2026-02-01T12:00:00Z'), count: 3 })?.map((date) =>
        date.toISOString().slice(0, 10),
      ),
    ).toEqual(runs);
  });

  test('a schedule that can never run has no runs', () => {
    expect(nextRuns('0 0 31 4 *')).toEqual([]);
    expect(nextRuns('0 0 30 2 *', { timezone: 'Europe/Berlin' })).toEqual([]);
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
