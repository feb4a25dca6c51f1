import type { CronField, CronFormat, FieldId } from '@berth/cron';
import type { CronEditorTexts } from './translations.ts';

/** Columns of each field's option grid; SPEC §9 sets second, minute, hour and day, the names fit three and one. */
export const gridColumns: Readonly<Record<FieldId, number>> = {
  second: 5,
  minute: 5,
  hour: 4,
  day: 4,
  month: 3,
  dayOfWeek: 1,
};

export interface FieldOption {
  readonly value: number;
  /** The name in the option grid: the full month or weekday name, two-digit times. */
  readonly label: string;
  /** The name in the summary of the selection. */
  readonly short: string;
}

// 7 January 2024 was a Sunday, so weekday n (counted from Sunday) falls on the (7 + n)th.
const sunday = Date.UTC(2024, 0, 7);
const dayMs = 86_400_000;

function namer(locale: string, part: 'month' | 'weekday', width: 'long' | 'short'): (date: number) => string {
  const format = new Intl.DateTimeFormat(locale, { [part]: width, timeZone: 'UTC' });
  return (date) => format.format(date);
}

/** The options of a field with their names in the locale. */
export function fieldOptions(field: CronField, format: CronFormat, locale: string): FieldOption[] {
  const values = Array.from({ length: field.max - field.min + 1 }, (_, index) => field.min + index);
  switch (field.id) {
    case 'month': {
      const [long, short] = [namer(locale, 'month', 'long'), namer(locale, 'month', 'short')];
      return values.map((value) => {
        const date = Date.UTC(2024, value - 1, 1);
        return { value, label: long(date), short: short(date) };
      });
    }
    case 'dayOfWeek': {
      const [long, short] = [namer(locale, 'weekday', 'long'), namer(locale, 'weekday', 'short')];
      const sundayValue = format === 'quartz' ? 1 : 0;
      return values.map((value) => {
        const date = sunday + (value - sundayValue) * dayMs;
        return { value, label: long(date), short: short(date) };
      });
    }
    case 'day':
      return values.map((value) => ({ value, label: String(value), short: String(value) }));
    default:
      return values.map((value) => {
        const label = String(value).padStart(2, '0');
        return { value, label, short: label };
      });
  }
}

/** Reads a valid segment back in words: `1-5,*\/15` becomes "Mon–Fri, every 15". */
export function summarize(
  segmentText: string,
  options: readonly FieldOption[],
  texts: CronEditorTexts,
): string {
  if (segmentText === '*') return texts.all;
  if (segmentText === '?') return texts.noSpecific;
  const name = (text: string): string => {
    const value = Number(text);
    return options.find((option) => option.value === value)?.short ?? text;
  };
  return segmentText
    .split(',')
    .map((part) => {
      const [base = '', step] = part.split('/');
      const span = base === '*' ? '' : base.split('-').map(name).join('–');
      if (step === undefined) return span;
      return span === '' ? texts.everyN(Number(step)) : `${span} ${texts.everyN(Number(step))}`;
    })
    .join(', ');
}
