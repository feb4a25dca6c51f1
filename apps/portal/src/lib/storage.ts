// Persisted preferences live in local storage (SPEC §9). Storage can be unavailable (private mode, quota):
// reading then falls back to the default and writing is skipped, the portal keeps working.
export function readStored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = window.localStorage.getItem(key);
    return allowed.find((candidate) => candidate === value) ?? fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisting a preference is acceptable; losing the session over it is not.
  }
}

/** The stored text under `key`, or null when there is none or storage cannot be read. */
export function readStoredText(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Unavailable storage holds nothing to remove.
  }
}
