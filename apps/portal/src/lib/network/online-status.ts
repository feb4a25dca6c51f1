/**
 * Whether the browser has a network connection, as it tells (navigator.onLine and its online/offline
 * events). It knows when there is none for sure; "online" may still mean a network that does not answer.
 */
export function isOnline(): boolean {
  return navigator.onLine;
}

/** Calls `listener` whenever the browser goes offline or comes back; returns the unsubscribe. */
export function subscribeOnlineStatus(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Resolves once the browser is online (at once if it is); rejects with the signal's reason on abort. */
export function waitUntilOnline(signal?: AbortSignal): Promise<void> {
  if (isOnline()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = () => {
      window.removeEventListener('online', back);
      signal?.removeEventListener('abort', abort);
    };
    const back = () => {
      stop();
      resolve();
    };
    const abort = () => {
      stop();
      reject(signal?.reason);
    };
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    window.addEventListener('online', back);
    signal?.addEventListener('abort', abort);
  });
}
