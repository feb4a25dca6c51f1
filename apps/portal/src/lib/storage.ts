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
