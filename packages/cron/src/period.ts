import { getFields, type CronFormat, type FieldId } from './fields.ts';
import { isSpecific, parseCron, type CronChange } from './expression.ts';

export type PeriodId =
  'q-second' | 'q-minute' | 'q-hour' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

// Each period lets the user edit the fields finer than itself, coarsest first as the editor shows them.
const editableByPeriod: Record<PeriodId, readonly FieldId[]> = {
  'q-second': [],
  'q-minute': ['second'],
  'q-hour': ['minute', 'second'],
  minute: [],
  hour: ['minute'],
  day: ['hour', 'minute'],
  week: ['dayOfWeek', 'hour', 'minute'],
  month: ['day', 'dayOfWeek', 'hour', 'minute'],
  year: ['month', 'day', 'dayOfWeek', 'hour', 'minute'],
};

// With a seconds field, "every minute" and "every hour" must leave the second editable, so the q- periods replace
// minute and hour, and the longer periods also edit the second.
const periodsByFormat: Record<CronFormat, readonly PeriodId[]> = {
  crontab: ['minute', 'hour', 'day', 'week', 'month', 'year'],
  quartz: ['q-second', 'q-minute', 'q-hour', 'day', 'week', 'month', 'year'],
  spring: ['q-second', 'q-minute', 'q-hour', 'day', 'week', 'month', 'year'],
};

/** The selectable periods of a format, shortest first. */
export function getPeriods(format: CronFormat = 'crontab'): readonly PeriodId[] {
  return periodsByFormat[format];
}

/** The fields the user may edit in a period, coarsest first. */
export function editableFields(period: PeriodId, format: CronFormat = 'crontab'): readonly FieldId[] {
  const editable = editableByPeriod[period];
  const withSeconds = format !== 'crontab' && !period.startsWith('q-');
  return withSeconds ? [...editable, 'second'] : editable;
}

/** Whether every field that is not a wildcard (`*` or `?`) is editable in the period; false for invalid expressions. */
export function periodCovers(period: PeriodId, expression: string, format: CronFormat = 'crontab'): boolean {
  const parsed = parseCron(expression, format);
  if ('error' in parsed) return false;
  const editable = editableFields(period, format);
  return getFields(format).every((field, index) => {
    const segment = parsed.segments[index];
    return segment === undefined || !isSpecific(segment) || editable.includes(field.id);
  });
}

/** The given period when the format has it, else the shortest period covering the expression, else year (SPEC §4). */
export function initialPeriod(
  expression: string,
  format: CronFormat = 'crontab',
  given?: PeriodId,
): PeriodId {
  const periods = getPeriods(format);
  if (given !== undefined && periods.includes(given)) return given;
  return periods.find((period) => periodCovers(period, expression, format)) ?? 'year';
}

/** Sets every field outside the period to `*`; an invalid expression is returned unchanged with its error. */
export function applyPeriod(
  expression: string,
  period: PeriodId,
  format: CronFormat = 'crontab',
): CronChange {
  const parsed = parseCron(expression, format);
  if ('error' in parsed) return { expression, error: parsed.error };
  const editable = editableFields(period, format);
  const texts = getFields(format).map((field, index) =>
    editable.includes(field.id) ? (parsed.segments[index]?.text ?? '*') : '*',
  );
  return { expression: texts.join(' ') };
}
