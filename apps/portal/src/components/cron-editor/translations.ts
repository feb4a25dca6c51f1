import { resolveCronLocale, type CronLocale, type FieldId, type PeriodId } from '@berth/cron';

export interface CronEditorTexts {
  readonly period: string;
  readonly periods: Readonly<Record<PeriodId, string>>;
  readonly fields: Readonly<Record<FieldId, string>>;
  /** Shown for a field with nothing selected (`*`). */
  readonly all: string;
  /** Shown for `?`, which only day fields of quartz and spring can hold. */
  readonly noSpecific: string;
  readonly everyN: (step: number) => string;
  readonly expression: string;
  readonly nextRuns: (timezone: string) => string;
  /** After a period change set fields it does not show back to all: the period's name and those fields. */
  readonly resetFields: (period: string, fields: string) => string;
  /** The summary of a schedule with several values: "Twice a day", then its clauses. */
  readonly runsPer: (count: number, unit: RunUnit) => string;
  readonly atTimes: (times: string) => string;
  readonly onWeekdays: (weekdays: string) => string;
  readonly onDays: (days: string) => string;
  readonly inMonths: (months: string) => string;
  readonly clauseSeparator: string;
}

/** What a schedule's runs are counted per in its summary. */
export type RunUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const en: CronEditorTexts = {
  period: 'Schedule',
  periods: {
    'q-second': 'Every second',
    'q-minute': 'Every minute',
    'q-hour': 'Every hour',
    minute: 'Every minute',
    hour: 'Every hour',
    day: 'Every day',
    week: 'Every week',
    month: 'Every month',
    year: 'Every year',
  },
  fields: {
    second: 'Seconds',
    minute: 'Minutes',
    hour: 'Hours',
    day: 'Days of month',
    month: 'Months',
    dayOfWeek: 'Days of week',
  },
  all: 'All',
  noSpecific: 'No specific day',
  everyN: (step) => `every ${step}`,
  expression: 'Cron expression',
  nextRuns: (timezone) => `Next runs (${timezone})`,
  resetFields: (period, fields) => `Reset to All, as “${period}” does not use them: ${fields}.`,
  runsPer: (count, unit) =>
    `${count === 1 ? 'Once' : count === 2 ? 'Twice' : `${count} times`} ${unit === 'hour' ? 'an' : 'a'} ${unit}`,
  atTimes: (times) => `at ${times}`,
  onWeekdays: (weekdays) => `on ${weekdays}`,
  onDays: (days) => `on day ${days} of the month`,
  inMonths: (months) => `in ${months}`,
  clauseSeparator: ', ',
};

type OtherLocaleTexts = (typeof import('./other-locales.ts'))['otherLocaleTexts'];

// English ships with the editor; the other languages' texts (3 KB gzip, all twelve in one file) come on demand.
let otherTexts: OtherLocaleTexts | undefined;
let otherTextsLoading: Promise<void> | undefined;

/** Loads the editor's texts for a BCP 47 tag, if they are not English. */
export function loadCronEditorTexts(locale: string | undefined): Promise<void> {
  if (resolveCronLocale(locale) === 'en') return Promise.resolve();
  otherTextsLoading ??= import('./other-locales.ts').then(
    (module) => {
      otherTexts = module.otherLocaleTexts;
    },
    (error: unknown) => {
      // The next call tries again (the network may be back).
      otherTextsLoading = undefined;
      throw error;
    },
  );
  return otherTextsLoading;
}

/**
 * The editor's texts for a BCP 47 tag (English outside the 13 locales of SPEC §9), or undefined while they
 * are loading (loadCronEditorTexts).
 */
export function getCronEditorTexts(locale: string | undefined): CronEditorTexts | undefined {
  const resolved: CronLocale = resolveCronLocale(locale);
  return resolved === 'en' ? en : otherTexts?.[resolved];
}
