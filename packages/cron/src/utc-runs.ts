import { isSpecific } from './expression.ts';
import { getFields, type CronFormat, type FieldId } from './fields.ts';
import type { Segment } from './segment.ts';

/**
 * Next runs in UTC straight from the parsed segments, with croner's rules (a property test holds the two
 * equal): the day of month and day of week are ORed when neither is `*` or `?`, else both must match. The
 * scheduler plans thousands of jobs at once, and croner spends 40-160 µs on each (a 10,000-entry year table
 * per Cron, and an Intl.DateTimeFormat per date for a named zone) where this takes a few. Other time zones go
 * through croner, which knows their daylight saving shifts.
 */

/** `next[v]` is the first selected value at or after v, or -1; one entry past the field's maximum. */
type NextTable = readonly number[];

interface Matcher {
  readonly second: NextTable;
  readonly minute: NextTable;
  readonly hour: NextTable;
  readonly day: readonly boolean[];
  readonly month: readonly boolean[];
  /** Indexed by Date#getUTCDay (0 is Sunday). */
  readonly weekday: readonly boolean[];
  readonly dayRestricted: boolean;
  readonly weekdayRestricted: boolean;
}

// Any satisfiable schedule matches within 8 years (29 February across a non-leap century year); past that
// it never does (31 April).
const HORIZON_YEARS = 9;

function selectedIn(segment: Segment | undefined, min: number, max: number): boolean[] {
  const selected = new Array<boolean>(max + 1).fill(false);
  if (segment === undefined || !isSpecific(segment)) {
    for (let value = min; value <= max; value += 1) selected[value] = true;
  } else {
    for (const value of segment.values) selected[value] = true;
  }
  return selected;
}

function nextTable(selected: readonly boolean[]): NextTable {
  const next = new Array<number>(selected.length + 1).fill(-1);
  for (let value = selected.length - 1; value >= 0; value -= 1) {
    next[value] = selected[value] ? value : (next[value + 1] as number);
  }
  return next;
}

const onlyZero = Array.from({ length: 60 }, (_, second) => second === 0);

function matcherOf(segments: readonly Segment[], format: CronFormat): Matcher {
  const byField = new Map<FieldId, Segment>();
  getFields(format).forEach((field, index) => byField.set(field.id, segments[index] as Segment));
  const day = byField.get('day') as Segment;
  const dayOfWeek = byField.get('dayOfWeek') as Segment;
  // Quartz counts weekdays 1-7 from Sunday.
  const weekdays = format === 'quartz' ? selectedIn(dayOfWeek, 1, 7).slice(1) : selectedIn(dayOfWeek, 0, 6);
  return {
    // Crontab has no seconds field: its runs fall on second 0.
    second: nextTable(byField.has('second') ? selectedIn(byField.get('second'), 0, 59) : onlyZero),
    minute: nextTable(selectedIn(byField.get('minute'), 0, 59)),
    hour: nextTable(selectedIn(byField.get('hour'), 0, 23)),
    day: selectedIn(day, 1, 31),
    month: selectedIn(byField.get('month'), 1, 12),
    weekday: weekdays,
    dayRestricted: isSpecific(day),
    weekdayRestricted: isSpecific(dayOfWeek),
  };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function dayMatches(matcher: Matcher, year: number, month: number, day: number): boolean {
  const byDay = matcher.day[day] === true;
  const byWeekday = matcher.weekday[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] === true;
  return matcher.dayRestricted && matcher.weekdayRestricted ? byDay || byWeekday : byDay && byWeekday;
}

/** The first selected time of day at or after h:m:s, as [hour, minute, second], or null when none is left. */
function timeAtOrAfter(
  matcher: Matcher,
  hour: number,
  minute: number,
  second: number,
): [number, number, number] | null {
  for (let h = matcher.hour[hour] as number; h !== -1; h = matcher.hour[h + 1] as number) {
    const fromMinute = h === hour ? minute : 0;
    for (let m = matcher.minute[fromMinute] as number; m !== -1; m = matcher.minute[m + 1] as number) {
      const s = matcher.second[h === hour && m === minute ? second : 0] as number;
      if (s !== -1) return [h, m, s];
    }
  }
  return null;
}

/** The first run at or after `time` (milliseconds on a whole second), or null when there is none. */
function runAtOrAfter(matcher: Matcher, time: number): number | null {
  const start = new Date(time);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth() + 1;
  let day = start.getUTCDate();
  let clock: [number, number, number] = [start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()];
  const lastYear = year + HORIZON_YEARS;
  while (year <= lastYear) {
    if (matcher.month[month] === true) {
      for (const days = daysInMonth(year, month); day <= days; day += 1) {
        if (dayMatches(matcher, year, month, day)) {
          const at = timeAtOrAfter(matcher, ...clock);
          if (at !== null) return Date.UTC(year, month - 1, day, at[0], at[1], at[2]);
        }
        clock = [0, 0, 0];
      }
    }
    clock = [0, 0, 0];
    day = 1;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return null;
}

/** Up to `count` runs strictly after `from`, in UTC. */
export function utcRuns(segments: readonly Segment[], format: CronFormat, from: Date, count: number): Date[] {
  const matcher = matcherOf(segments, format);
  const runs: Date[] = [];
  let cursor = Math.floor(from.getTime() / 1000) * 1000 + 1000;
  while (runs.length < count) {
    const run = runAtOrAfter(matcher, cursor);
    if (run === null) break;
    runs.push(new Date(run));
    cursor = run + 1000;
  }
  return runs;
}
