import type { Cron as CronClass } from 'croner';
import type { CronFormat } from './fields.ts';
import { parseCron } from './expression.ts';
import { utcRuns } from './utc-runs.ts';

export interface NextRunsOptions {
  readonly format?: CronFormat;
  readonly count?: number;
  /** IANA time zone the schedule is read in. */
  readonly timezone?: string;
  /** Runs strictly after this instant. */
  readonly from?: Date;
}

// Runs in UTC are computed here (utc-runs.ts); other zones need croner, about 10 KB gzip, which a browser fetches
// only when a schedule is read in another zone.
let Cron: typeof CronClass | undefined;

/** Fetches what nextRuns needs for time zones other than UTC; resolves at once when it is there. */
export async function loadTimeZones(): Promise<void> {
  Cron ??= (await import('croner')).Cron;
}

/** Whether nextRuns can read schedules in time zones other than UTC yet. */
export function areTimeZonesLoaded(): boolean {
  return Cron !== undefined;
}

/**
 * The next run times of a valid expression, else null. Throws (croner's TypeError) for an unknown time zone, and
 * for any zone but UTC until loadTimeZones has resolved.
 */
export function nextRuns(
  expression: string,
  { format = 'crontab', count = 5, timezone = 'UTC', from = new Date() }: NextRunsOptions = {},
): Date[] | null {
  const parsed = parseCron(expression, format);
  if ('error' in parsed) return null;
  if (timezone === 'UTC') return utcRuns(parsed.segments, format, from, count);
  // croner reads `?` as a match-all day that it still ORs with the other day field, so `0 0 4 ? * 2` would run
  // daily; written as `*` the field is ignored, which is what "no specific value" means.
  const pattern = parsed.segments
    .map((segment) => (segment.kind === 'noSpecific' ? '*' : segment.text))
    .join(' ');
  if (!Cron) throw new Error(`Runs in ${timezone} need loadTimeZones() first`);
  const cron = new Cron(pattern, {
    timezone,
    alternativeWeekdays: format === 'quartz',
    mode: format === 'crontab' ? '5-part' : '6-part',
  });
  return cron.nextRuns(count, from);
}
