import { portalLanguage } from '@/lib/language.ts';
const dateFormat = new Intl.DateTimeFormat(portalLanguage(), { dateStyle: 'medium' });
const usageDays = new Intl.DateTimeFormat(portalLanguage(), {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day (an ISO-8601 timestamp from the API) in the customer's locale and time zone. */
export function formatDate(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : dateFormat.format(date);
}

/** `Nov 18 – Dec 18, 2025`: a billing period as the provider states it, in the customer's time zone. */
export function formatPeriod(start: string, end: string): string {
  return dateFormat.formatRange(new Date(start), new Date(end));
}

/**
 * `November 1 – 30, 2025` (`1–30 November 2025` in British English): a usage period. The API counts usage in
 * [start, end) by UTC calendar days, so the days shown are UTC's and the last is the one before `end`.
 */
export function formatUsagePeriod(start: string, end: string): string {
  return usageDays.formatRange(new Date(start), lastUsageDay(end));
}

/** `November 30`: the last day of a usage period [start, end). */
export function formatUsageEnd(end: string): string {
  return lastUsageDay(end).toLocaleDateString(portalLanguage(), {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}

const lastUsageDay = (end: string) => new Date(new Date(end).getTime() - 1);

/** `Visa ending in 4242, expires 12/2039` */
export function describeCard(card: {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}) {
  const month = String(card.expiryMonth).padStart(2, '0');
  return `${card.brand} ending in ${card.last4}, expires ${month}/${card.expiryYear}`;
}
