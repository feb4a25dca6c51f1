import { readStoredText, removeStored, writeStored } from './storage.ts';

// The language of dates and schedule descriptions chosen on the account page (one of the cron editor's
// locales, SPEC §9), as a BCP 47 tag; null follows the browser's own language (the default). The choices
// live with the account page: this module is on the first screen.

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
