import { useEffect } from 'react';

/**
 * Fetches code that loads on demand ahead, in idle time once the screen is up (when `wanted`): a module the
 * browser has once loaded is there for `import()` and React's `lazy` even offline. A failure is left to the
 * moment the code is needed.
 */
export function useFetchAhead(load: () => Promise<unknown>, wanted = true): void {
  useEffect(() => {
    if (!wanted) return;
    const fetchAhead = () => void load().catch(() => undefined);
    const idle = window.requestIdleCallback?.(fetchAhead) ?? window.setTimeout(fetchAhead, 1000);
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(idle);
  }, [load, wanted]);
}
