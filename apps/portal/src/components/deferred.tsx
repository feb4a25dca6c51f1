import { useDeferredValue, type ReactNode } from 'react';

/**
 * Shows `fallback` when it mounts, then its children in a non-blocking update (React's useDeferredValue), which
 * React renders in slices between other work: a large first render does not hold the page for one long task
 * (on a phone's CPU such a render is 100 ms or more, Lighthouse's total blocking time). Later renders of the
 * children are as usual.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : fallback;
}
