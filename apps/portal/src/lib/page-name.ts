import { useEffect, useSyncExternalStore } from 'react';

// The name of what the open page shows, once it has loaded, for the breadcrumb's last step: a route's trail is
// declared from its address, and some addresses hold an id (a legacy cloud database's) where customers know a
// name.

let current: string | null = null;
const listeners = new Set<() => void>();

function setPageName(name: string | null) {
  current = name;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the open page while the calling component is mounted (nothing while `name` is undefined). */
export function useNamePage(name: string | undefined) {
  useEffect(() => {
    if (name === undefined) return;
    setPageName(name);
    return () => setPageName(null);
  }, [name]);
}

/** The open page's name, if it gave one. */
export const usePageName = () => useSyncExternalStore(subscribe, () => current);
