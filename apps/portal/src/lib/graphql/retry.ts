import { HttpStatusError, OfflineError } from './errors.ts';

export interface RetryPolicy {
  retries: number;
  initialDelayMs: number;
}

// SPEC §7 and §9: up to 7 retries, exponential back-off starting at 500 ms, with jitter.
export const defaultRetryPolicy: RetryPolicy = { retries: 7, initialDelayMs: 500 };

/** Only failures that may go away on their own are retried: no answer at all, or a 5xx. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof HttpStatusError) return error.status >= 500;
  // fetch rejects with a TypeError when the network fails; an abort is the caller's decision, not a failure.
  return error instanceof TypeError;
}

/**
 * Delay before retry number `attempt` (0-based): 500, 1000, 2000 ... ms, each scaled by a random factor
 * in [0.5, 1.5) so that many tabs hitting the same outage do not retry in lockstep.
 */
export function retryDelayMs(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  return Math.round(policy.initialDelayMs * 2 ** attempt * (0.5 + random()));
}

export interface RetryDependencies {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  isOnline: () => boolean;
  waitUntilOnline: (signal?: AbortSignal) => Promise<void>;
}

/**
 * What a request does while the browser is offline: `wait` (a read) waits for the connection and tries
 * again without spending a retry, since no back-off would outlast a known outage; `fail` (a change) is not
 * sent (OfflineError), and one cut off by the connection dropping is not sent again: nothing goes out later
 * behind the customer's back.
 */
export type OfflineBehaviour = 'wait' | 'fail';

export async function withRetry<T>(
  operation: () => Promise<T>,
  policy: RetryPolicy,
  dependencies: RetryDependencies,
  { signal, whenOffline }: { signal?: AbortSignal | undefined; whenOffline: OfflineBehaviour },
): Promise<T> {
  if (whenOffline === 'fail' && !dependencies.isOnline()) throw new OfflineError();
  for (let attempt = 0; ;) {
    try {
      return await operation();
    } catch (error) {
      if (!isRetryable(error) || signal?.aborted) throw error;
      if (!dependencies.isOnline()) {
        // Cut off on the way: it may have reached the server, so it is neither retried nor said unsent.
        if (whenOffline === 'fail') throw error;
        await dependencies.waitUntilOnline(signal);
        continue;
      }
      if (attempt >= policy.retries) throw error;
      await dependencies.sleep(retryDelayMs(attempt, policy, dependencies.random), signal);
      attempt += 1;
      if (whenOffline === 'fail' && !dependencies.isOnline()) throw error;
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
