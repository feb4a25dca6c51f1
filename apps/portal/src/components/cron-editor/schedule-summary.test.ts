import { beforeAll, describe, expect, test } from 'vitest';
import type { CronFormat } from '@berth/cron';
import { summarizeSchedule } from './schedule-summary.ts';
import { getCronEditorTexts, loadCronEditorTexts } from './translations.ts';

function summary(expression: string, locale = 'en', format: CronFormat = 'crontab') {
  const texts = getCronEditorTexts(locale);
  if (!texts) throw new Error(`The ${locale} texts are not loaded`);
  return summarizeSchedule(expression, format, locale, texts);
}

// The texts of languages other than English come on demand.
beforeAll(() => loadCronEditorTexts('de'));

describe('summarizeSchedule', () => {
  test.each([
    ['0 0,2 * * *', 'Twice a day, at 00:00 and 02:00'],
    ['15 0,2,4 * * *', '3 times a day, at 00:15, 02:15, and 04:15'],
    ['0,30 4 * * *', 'Twice a day, at 04:00 and 04:30'],
    ['*/15 * * * *', '4 times an hour, at :00, :15, :30, and :45'],
    ['0 4 * * 1,3', 'Twice a week, on Monday and Wednesday, at 04:00'],
    [
      '0 8,20 * * 1-5',
      '10 times a week, on Monday, Tuesday, Wednesday, Thursday, and Friday, at 08:00 and 20:00',
    ],
    ['0 0 1,15 * *', 'Twice a month, on day 1 and 15 of the month, at 00:00'],
    ['30 6 1 1,7 *', 'Twice a year, in January and July, on day 1 of the month, at 06:30'],
    // Too many times to list: the count says it.
    ['*/2 0 * * *', '30 times a day'],
  ])('%s: %s', (expression, expected) => {
    expect(summary(expression)).toBe(expected);
  });

  test.each([
    ['a single value each', '0 4 * * 1'],
    ['every minute', '* * * * *'],
    ['a single hour, every minute of it', '* 4 * * *'],
    ['an invalid expression', '0 4 * *'],
    // Months have 28 to 31 days, and crontab runs on either the day or the weekday: no fixed count.
    ['days past the 28th', '0 0 15,31 * *'],
    ['day of month and weekday', '0 0 1,15 * 1'],
    ['every day of some months', '0 0 * 1,7 *'],
  ])('nothing for %s', (_, expression) => {
    expect(summary(expression)).toBeNull();
  });

  test('quartz counts seconds and reads its weekdays from 1', () => {
    expect(summary('0 0 4 ? * 2,4', 'en', 'quartz')).toBe(
      'Twice a week, on Monday and Wednesday, at 04:00:00',
    );
    expect(summary('0,30 * * * * ?', 'en', 'quartz')).toBe('Twice a minute, at :00 and :30');
  });

  test('in the locale', () => {
    expect(summary('0 0,2 * * *', 'de')).toBe('Zweimal am Tag, um 00:00 und 02:00');
    expect(summary('0 4 * * 1,3', 'fr')).toBe('Deux fois par semaine, le lundi et mercredi, à 04:00');
    expect(summary('0 0,2,4 * * *', 'ru')).toBe('3 раза в день, в 00:00, 02:00 и 04:00');
    expect(summary('0 0,2 * * *', 'ja')).toBe('1日2回、00:00、02:00に実行');
  });
});
