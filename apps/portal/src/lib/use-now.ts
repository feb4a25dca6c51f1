import { useEffect, useState } from 'react';

const minuteMs = 60_000;

/**
 * The current time, renewed every minute (or every `intervalMs`), so times computed from it (next runs) never
 * fall into the past, and one counted up from it (a running run's duration) keeps counting.
 */
export function useNow(intervalMs = minuteMs): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
