import { describe, expect, test } from 'vitest';
import { getFields } from '../src/index.ts';

describe('getFields', () => {
  test.for([
    {
      format: 'crontab',
      fields: [
        { id: 'minute', min: 0, max: 59 },
        { id: 'hour', min: 0, max: 23 },
        { id: 'day', min: 1, max: 31 },
        { id: 'month', min: 1, max: 12 },
        { id: 'dayOfWeek', min: 0, max: 6 },
      ],
    },
    {
      format: 'quartz',
      fields: [
        { id: 'second', min: 0, max: 59 },
        { id: 'minute', min: 0, max: 59 },
        { id: 'hour', min: 0, max: 23 },
        { id: 'day', min: 1, max: 31 },
        { id: 'month', min: 1, max: 12 },
        { id: 'dayOfWeek', min: 1, max: 7 },
      ],
    },
    {
      format: 'spring',
      fields: [
        { id: 'second', min: 0, max: 59 },
        { id: 'minute', min: 0, max: 59 },
        { id: 'hour', min: 0, max: 23 },
        { id: 'day', min: 1, max: 31 },
        { id: 'month', min: 1, max: 12 },
        { id: 'dayOfWeek', min: 0, max: 6 },
      ],
    },
  ] as const)('$format fields in expression order with SPEC §3 bounds', ({ format, fields }) => {
    expect(getFields(format)).toEqual(fields);
  });

  test('defaults to crontab', () => {
    expect(getFields()).toEqual(getFields('crontab'));
  });
});
