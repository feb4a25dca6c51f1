import {
  getFields,
  initialPeriod,
  parseCron,
  type CronFormat,
  type FieldId,
  type PeriodId,
} from '@berth/cron';
import { fieldOptions } from './labels.ts';
import type { CronEditorTexts, RunUnit } from './translations.ts';

// The unit runs are counted in: the shortest period that shows every field the expression sets. "Every
// minute" and "every second" select nothing, so they have nothing to summarise.
const unitByPeriod: Readonly<Record<PeriodId, RunUnit | undefined>> = {
  'q-second': undefined,
  minute: undefined,
  'q-minute': 'minute',
  'q-hour': 'hour',
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
};

// Listing more times than this would bury the sentence; the count alone says it.
const maxListedTimes = 12;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * How often a valid expression runs, in words, when a field has more than one value selected: "Twice a day, at
 * 00:00 and 02:00". Null when there is nothing to add to a single value, and when the count would change from
 * month to month (days 29-31, weekdays within months) or follow crontab's "day of month or weekday" rule.
 */
export function summarizeSchedule(
  expression: string,
  format: CronFormat,
  locale: string,
  texts: CronEditorTexts,
): string | null {
  const parsed = parseCron(expression, format);
  if ('error' in parsed) return null;
  const unit = unitByPeriod[initialPeriod(expression, format)];
  if (unit === undefined) return null;
  const fields = getFields(format);
  const lookup = (id: FieldId) => {
    const index = fields.findIndex((field) => field.id === id);
    const field = fields[index];
    const segment = parsed.segments[index];
    if (field === undefined || segment === undefined) return undefined;
    // `*` and `?` select no values: every value of the field counts, or none restricts the day.
    const chosen = segment.values.length > 0 ? segment.values : undefined;
    return { field, chosen };
  };
  const [second, minute, hour, day, month, dayOfWeek] = (
    ['second', 'minute', 'hour', 'day', 'month', 'dayOfWeek'] as const
  ).map(lookup);

  if (![second, minute, hour, day, month, dayOfWeek].some((entry) => (entry?.chosen?.length ?? 0) > 1)) {
    return null;
  }
  if (day?.chosen && dayOfWeek?.chosen) return null;
  if ((unit === 'month' || unit === 'year') && (!day?.chosen || day.chosen.some((value) => value > 28))) {
    return null;
  }

  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const names = (entry: NonNullable<typeof day>, chosen: readonly number[]) => {
    const options = fieldOptions(entry.field, format, locale);
    return list.format(chosen.map((value) => options.find((option) => option.value === value)?.label ?? ''));
  };
  const clauses: string[] = [];
  let count = 1;
  if (unit === 'year' && month?.chosen) {
    count *= month.chosen.length;
    clauses.push(texts.inMonths(names(month, month.chosen)));
  }
  if ((unit === 'year' || unit === 'month') && day?.chosen) {
    count *= day.chosen.length;
    clauses.push(texts.onDays(list.format(day.chosen.map(String))));
  }
  if (unit === 'week' && dayOfWeek?.chosen) {
    count *= dayOfWeek.chosen.length;
    clauses.push(texts.onWeekdays(names(dayOfWeek, dayOfWeek.chosen)));
  }

  // The times within the unit, finest field last: 00:00 in a day, :30 in an hour, :15 in a minute.
  const timeFields = [
    unit === 'minute' || unit === 'hour' ? undefined : hour,
    unit === 'minute' ? undefined : minute,
    second,
  ];
  let times: string[] = [''];
  for (const entry of timeFields) {
    if (entry === undefined) continue;
    const values =
      entry.chosen ?? Array.from({ length: entry.field.max - entry.field.min + 1 }, (_, index) => index);
    times = times.flatMap((prefix) =>
      values.map((value) =>
        prefix === '' && entry.field.id === 'hour' ? pad(value) : `${prefix}:${pad(value)}`,
      ),
    );
  }
  count *= times.length;
  if (count < 2) return null;
  if (times.length <= maxListedTimes) clauses.push(texts.atTimes(list.format(times)));
  return [texts.runsPer(count, unit), ...clauses].join(texts.clauseSeparator);
}
