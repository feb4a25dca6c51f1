import { portalLanguage } from './language.ts';

// Made on first use rather than when the module loads: a page's first Intl object costs the start of ICU, tens
// of milliseconds on a phone, which a screen that writes no date (a list on a phone) need not pay. Made anew
// when the customer chooses another language on the account page.
let dateTimeFormat: { language: string; format: Intl.DateTimeFormat } | undefined;
function getDateTimeFormat(): Intl.DateTimeFormat {
  const language = portalLanguage();
  if (!dateTimeFormat || dateTimeFormat.language !== language) {
    dateTimeFormat = {
      language,
      format: new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    };
  }
  return dateTimeFormat.format;
}

/** The customer's locale (chosen on the account page, else the portal's English), in which the portal writes dates and describes schedules. */
export const customerLocale = (): string => getDateTimeFormat().resolvedOptions().locale;

/** The customer's time zone (the browser's), in which the portal writes times. */
export const customerTimeZone = (): string => getDateTimeFormat().resolvedOptions().timeZone;

/** A time (an ISO-8601 timestamp from the API) in the customer's locale and time zone. */
export function formatDateTime(time: string | Date | null | undefined): string {
  if (!time) return '—';
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : getDateTimeFormat().format(date);
}

/** A duration in seconds as `45 s`, `3 min 5 s` or `2 h 10 min`. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return whole % 60 ? `${minutes} min ${whole % 60} s` : `${minutes} min`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.floor(minutes / 60)} h`;
}
