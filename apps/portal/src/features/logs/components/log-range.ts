import type { LogPeriod } from '../api/log-source.ts';
import type { LogRange } from './log-range-names.ts';

// The time ranges of a container's log tab: the newest lines as they come (live), the last 15 minutes, hour,
// day or week (still following what comes), or a custom range between two times (a record that ends).

export const logRangeLabels: Record<LogRange, string> = {
  live: 'Latest lines',
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  custom: 'Custom range',
};

const minuteMs = 60_000;
const lengthMs: Record<Exclude<LogRange, 'live' | 'custom'>, number> = {
  '15m': 15 * minuteMs,
  '1h': 60 * minuteMs,
  '24h': 24 * 60 * minuteMs,
  '7d': 7 * 24 * 60 * minuteMs,
};

/** A time typed in a datetime-local field (the browser's zone) as an ISO time; undefined when incomplete. */
export function fromLocalInput(text: string): string | undefined {
  if (!text) return undefined;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** An ISO time as a datetime-local field shows it, in the browser's zone, to the minute. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const time = new Date(iso);
  const local = new Date(time.getTime() - time.getTimezoneOffset() * minuteMs);
  return local.toISOString().slice(0, 16);
}

/**
 * What the range reads, as of `now`: nothing for live, a start for the ranges up to now, both ends for a
 * custom range (undefined while it is incomplete or ends before it starts).
 */
export function logPeriod(
  range: LogRange,
  now: number,
  custom: { from?: string; to?: string } = {},
): LogPeriod | undefined {
  if (range === 'live') return {};
  if (range === 'custom') {
    const { from, to } = custom;
    if (!from || !to || Date.parse(from) >= Date.parse(to)) return undefined;
    return { since: from, until: to };
  }
  return { since: new Date(now - lengthMs[range]).toISOString() };
}
