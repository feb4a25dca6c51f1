import { readStoredText, removeStored, writeStored } from './storage.ts';

// The language of dates and schedule descriptions chosen on the account page (one of the cron editor's
// locales, SPEC §9), as a BCP 47 tag; null is no choice, and the portal's own language, English, is used. The
// choices live with the account page: this module is on the first screen.

const storageKey = 'berth.language';

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

function readChoice(): string | null {
  const stored = readStoredText(storageKey);
  return stored !== null && isLanguageTag(stored) ? stored : null;
}

// Kept in memory once read: dates are formatted by the hundred, and each would otherwise read storage.
let current: { tag: string | null } | undefined;

export function chosenLanguage(): string | null {
  current ??= { tag: readChoice() };
  return current.tag;
}

export function chooseLanguage(tag: string | null): void {
  if (tag === null) removeStored(storageKey);
  else writeStored(storageKey, tag);
  current = { tag };
}

/**
 * The language dates and schedules are written in: the one chosen on the account page, else English as the
 * portal's labels are (a German browser got German dates beside English labels), in the browser's English
 * when it has one (en-GB writes 27 Nov 2026, en-US Nov 27, 2026).
 */
export function portalLanguage(): string {
  const chosen = chosenLanguage();
  if (chosen !== null) return chosen;
  return navigator.languages.find((tag) => /^en(-|$)/i.test(tag) && isLanguageTag(tag)) ?? 'en';
}
