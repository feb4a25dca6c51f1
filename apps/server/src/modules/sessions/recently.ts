// Keys marked within the last `periodMs`: what this process did lately and need not do again so soon.
// Entries older than the period are dropped as the map grows, so it holds about one period's keys.

export function createRecently<Value = true>(periodMs: number) {
  const marks = new Map<string, { at: number; value: Value }>();
  let sweepAt = 1024;

  function sweep(now: number) {
    for (const [key, mark] of marks) if (now - mark.at >= periodMs) marks.delete(key);
    sweepAt = Math.max(1024, marks.size * 2);
  }

  return {
    /** The value marked for the key within the period, if any. */
    get(key: string, now: number): Value | undefined {
      const mark = marks.get(key);
      return mark && now - mark.at < periodMs ? mark.value : undefined;
    },

    mark(key: string, now: number, value: Value) {
      marks.set(key, { at: now, value });
      if (marks.size >= sweepAt) sweep(now);
    },

    /** Forgets the keys whose value matches. */
    forget(matches: (key: string, value: Value) => boolean) {
      for (const [key, mark] of marks) if (matches(key, mark.value)) marks.delete(key);
    },
  };
}
