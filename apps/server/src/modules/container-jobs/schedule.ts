import { nextRuns, parseCron } from '@berth/cron';
import { badInput } from '../../errors.ts';

// Schedules are crontab expressions (5 fields) read in UTC, checked by the cron library the portal's editor
// uses, so the API and the editor accept and refuse the same text.

/** Throws BAD_USER_INPUT with the cron library's message, or when the expression never matches a date. */
export function validateSchedule(schedule: string): void {
  const parsed = parseCron(schedule, 'crontab');
  if ('error' in parsed) throw badInput('schedule', `schedule: ${parsed.error}`);
  if (nextRunAfter(schedule, new Date()) === null) {
    throw badInput('schedule', `schedule: ${schedule} never matches a date`);
  }
}

/** The first scheduled time strictly after `from`, or null for an invalid or never-matching schedule. */
export function nextRunAfter(schedule: string, from: Date): Date | null {
  return nextRuns(schedule, { count: 1, from, timezone: 'UTC' })?.[0] ?? null;
}
