import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnlineStatus } from '../../lib/network/online-status.ts';

/** Whether the browser is online, updated as it goes offline and comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnlineStatus, isOnline);
}
