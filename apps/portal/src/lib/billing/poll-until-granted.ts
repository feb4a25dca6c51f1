import { subscriptionPollIntervalMs, subscriptionWaitMs } from './subscription-request.ts';

export interface PollOptions {
  /** When the subscription was requested (ms since the epoch): the wait ends 30 s after it. */
  requestedAt: number;
  /** Asks again whether `create` is held now. */
  isGranted: () => Promise<boolean>;
  signal: AbortSignal;
  now?: () => number;
}

/**
 * SPEC §4: asks every 3 s until access is granted (true) or the wait since the request is over (false). A
 * wait resumed after a reload asks on the same schedule with the time left; the last question falls exactly
 * at the end of the wait. Rejects with the signal's reason when aborted.
 */
export async function pollUntilGranted({
  requestedAt,
  isGranted,
  signal,
  now = Date.now,
}: PollOptions): Promise<boolean> {
  const deadline = requestedAt + subscriptionWaitMs;
  for (;;) {
    await delay(Math.min(subscriptionPollIntervalMs, Math.max(0, deadline - now())), signal);
    const granted = await isGranted();
    signal.throwIfAborted();
    if (granted) return true;
    if (now() >= deadline) return false;
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
