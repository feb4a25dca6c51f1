import { describe, expect, test } from 'vitest';
import { parseCron, setField } from '../src/index.ts';

describe('parseCron', () => {
  test('gives one segment per field in expression order', () => {
    expect(parseCron('0 4 */2 1-6 1,3')).toEqual({
      segments: [
        { kind: 'value', values: [0], text: '0' },
        { kind: 'value', values: [4], text: '4' },
        { kind: 'every', values: [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31], text: '*/2' },
        { kind: 'range', values: [1, 2, 3, 4, 5, 6], text: '1-6' },
        { kind: 'combined', values: [1, 3], text: '1,3' },
      ],
    });
  });

  test('ignores surrounding and repeated whitespace', () => {
    expect(parseCron('  0   4 * *\t1 ')).toEqual(parseCron('0 4 * * 1'));
  });

  test.for([
    { format: 'crontab', expression: '0 0 4 ? * 2' },
    { format: 'quartz', expression: '0 0 4 ? * 2' },
    { format: 'spring', expression: '0 0 4 ? * 1' },
  ] as const)('$format accepts $expression', ({ format, expression }) => {
    const result = parseCron(expression, format);
    expect(result).toHaveProperty(format === 'crontab' ? 'error' : 'segments');
  });

  test.for([
    { format: 'crontab', expression: '', error: 'invalid pattern' },
    { format: 'crontab', expression: '   ', error: 'invalid pattern' },
    { format: 'crontab', expression: '0 4 * *', error: 'invalid pattern' },
    { format: 'crontab', expression: '0 0 4 * * 1', error: 'invalid pattern' },
    { format: 'quartz', expression: '0 4 * * 1', error: 'invalid pattern' },
    { format: 'quartz', expression: '0 0 4 * * 1 2025', error: 'invalid pattern' },
    { format: 'spring', expression: '0 4 * * 1', error: 'invalid pattern' },
    { format: 'crontab', expression: '60 4 * * 1', error: '60 is not a valid cron segment (minute)' },
    { format: 'crontab', expression: '0 24 * * 1', error: '24 is not a valid cron segment (hour)' },
    { format: 'crontab', expression: '0 4 0 * 1', error: '0 is not a valid cron segment (day)' },
    { format: 'crontab', expression: '0 4 * 13 1', error: '13 is not a valid cron segment (month)' },
    { format: 'crontab', expression: '0 4 * * 7', error: '7 is not a valid cron segment (dayOfWeek)' },
    { format: 'crontab', expression: '0 4 ? * 1', error: '? is not a valid cron segment (day)' },
    { format: 'crontab', expression: '*/61 4 * * 1', error: '*/61 is not a valid cron segment (minute)' },
    { format: 'crontab', expression: '0 5-1 * * 1', error: '5-1 is not a valid cron segment (hour)' },
    { format: 'crontab', expression: 'x 99 * * *', error: 'x is not a valid cron segment (minute)' },
    { format: 'quartz', expression: '60 0 4 * * 2', error: '60 is not a valid cron segment (second)' },
    { format: 'quartz', expression: '0 0 4 ? * 0', error: '0 is not a valid cron segment (dayOfWeek)' },
    { format: 'quartz', expression: '0 ? 4 * * 1', error: '? is not a valid cron segment (minute)' },
    { format: 'spring', expression: '0 0 4 ? * 7', error: '7 is not a valid cron segment (dayOfWeek)' },
  ] as const)('$format $expression: $error', ({ format, expression, error }) => {
    expect(parseCron(expression, format)).toEqual({ error });
  });
});

describe('setField', () => {
  test.for([
    { format: 'crontab', expression: '* * * * *', field: 'minute', text: '0', result: '0 * * * *' },
    { format: 'crontab', expression: '0 * * * *', field: 'hour', text: '1-3,5', result: '0 1-3,5 * * *' },
    { format: 'crontab', expression: '0 4 * * 1', field: 'day', text: '15', result: '0 4 15 * 1' },
    { format: 'crontab', expression: '0 4 15 * *', field: 'dayOfWeek', text: '1', result: '0 4 15 * 1' },
    { format: 'crontab', expression: ' 0  4 * * 1', field: 'month', text: '*/3', result: '0 4 * */3 1' },
    { format: 'quartz', expression: '0 0 4 * * ?', field: 'dayOfWeek', text: '2', result: '0 0 4 ? * 2' },
    { format: 'quartz', expression: '0 0 4 ? * 2', field: 'day', text: '15', result: '0 0 4 15 * ?' },
    { format: 'quartz', expression: '0 0 4 * * *', field: 'day', text: '1-5', result: '0 0 4 1-5 * ?' },
    { format: 'quartz', expression: '0 0 4 ? * 2', field: 'day', text: '*', result: '0 0 4 * * 2' },
    { format: 'quartz', expression: '0 0 4 15 * ?', field: 'dayOfWeek', text: '*', result: '0 0 4 15 * *' },
    { format: 'quartz', expression: '0 0 4 15 * ?', field: 'second', text: '30', result: '30 0 4 15 * ?' },
    {
      format: 'spring',
      expression: '0 0 4 15 * *',
      field: 'dayOfWeek',
      text: '1,3',
      result: '0 0 4 ? * 1,3',
    },
    { format: 'spring', expression: '0 0 4 ? * 1', field: 'day', text: '*/2', result: '0 0 4 */2 * ?' },
  ] as const)(
    '$format $expression, $field = $text → $result',
    ({ format, expression, field, text, result }) => {
      expect(setField(expression, field, text, format)).toEqual({ expression: result });
    },
  );

  test.for([
    { format: 'crontab', field: 'minute', text: '61', error: 'failed to convert 61 to cron (minute)' },
    { format: 'crontab', field: 'day', text: '?', error: 'failed to convert ? to cron (day)' },
    { format: 'crontab', field: 'second', text: '0', error: 'failed to convert 0 to cron (second)' },
    { format: 'crontab', field: 'hour', text: '', error: 'failed to convert  to cron (hour)' },
    { format: 'quartz', field: 'dayOfWeek', text: '0', error: 'failed to convert 0 to cron (dayOfWeek)' },
  ] as const)('$format $field = $text: $error', ({ format, field, text, error }) => {
    const expression = format === 'crontab' ? '* * * * *' : '* * * * * ?';
    expect(setField(expression, field, text, format)).toEqual({ expression, error });
  });

  test('an invalid expression is left as it is with its error', () => {
    expect(setField('0 4 * *', 'minute', '5')).toEqual({ expression: '0 4 * *', error: 'invalid pattern' });
    expect(setField('0 4 * * 9', 'minute', '5')).toEqual({
      expression: '0 4 * * 9',
      error: '9 is not a valid cron segment (dayOfWeek)',
    });
  });
});
