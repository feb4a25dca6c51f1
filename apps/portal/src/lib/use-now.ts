import { useEffect, useState } from 'react';

const minuteMs = 60_000;

/** The current time, renewed every minute, so times computed from it (next runs) never fall into the past. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), minuteMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}
