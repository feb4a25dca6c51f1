import { useSyncExternalStore } from 'react';
import { readStoredText, removeStored, writeStored } from './storage.ts';

// The language of dates and schedule descriptions chosen on the account page (one of the cron editor's
// locales, SPEC §9), as a BCP 47 tag; null follows the browser's own language (the default). The list of
// choices lives with the account page: this module is on the first screen and imports nothing of the cron
// package.

const storageKey = 'berth.language';

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

// Kept in memory once read: dates are formatted by the hundred, and each would otherwise read storage.
let current: { tag: string | null } | undefined;
const listeners = new Set<() => void>();

function readChoice(): string | null {
  const stored = readStoredText(storageKey);
  return stored !== null && isLanguageTag(stored) ? stored : null;
}

export function chosenLanguage(): string | null {
  current ??= { tag: readChoice() };
  return current.tag;
}

export function chooseLanguage(tag: string | null): void {
  if (tag === null) removeStored(storageKey);
  else writeStored(storageKey, tag);
  current = { tag };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen language, re-rendering the component when it is changed. */
export function useChosenLanguage(): string | null {
  return useSyncExternalStore(subscribe, chosenLanguage);
}
