/** The Web Lock every tab of the portal takes before it refreshes the session's tokens. */
export const refreshLockName = 'berth.session-refresh';

/**
 * Runs `work` holding the refresh lock, shared by the portal's tabs (Web Locks API), so it runs in one tab at
 * a time. Without the API (browsers the portal supports have it; a test runner may not) it runs at once.
 */
export async function refreshLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return work();
  return await navigator.locks.request(refreshLockName, work);
}
