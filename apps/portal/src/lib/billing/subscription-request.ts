import { useSyncExternalStore } from 'react';
import type { ProtectedResource } from '../auth/permissions.ts';
import { readStoredText, removeStored, writeStored } from '../storage.ts';

// SPEC §4 and §9: after a successful checkout, permissions are polled every 3 s until `create` is granted or
// 30 s pass. The time of the subscription request is kept in local storage under a marker of the account's
// own, so a reload during that wait resumes it with the time that is left, and another customer signing in
// on the same browser does not inherit it. Each product has its own wait (cloud databases are subscribed to
// apart from serverless containers). This module is on the first screen (it decides whether the activation's
// code is loaded at all), so it holds only the marker.

export const subscriptionPollIntervalMs = 3_000;
export const subscriptionWaitMs = 30_000;

/** The product a subscription grants `create` on: the resource of its permission. */
export type SubscriptionProduct = ProtectedResource;

const markerKey = (accountId: string, product: SubscriptionProduct) =>
  product === 'serverless-container'
    ? `berth.subscription-requested.${accountId}`
    : `berth.subscription-requested.${product}.${accountId}`;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Records that the account's subscription was requested at `requestedAt` (ms since the epoch). */
export function markSubscriptionRequested(
  accountId: string,
  requestedAt: number,
  product: SubscriptionProduct = 'serverless-container',
): void {
  writeStored(markerKey(accountId, product), String(requestedAt));
  notify();
}

export function clearSubscriptionRequest(
  accountId: string,
  product: SubscriptionProduct = 'serverless-container',
): void {
  removeStored(markerKey(accountId, product));
  notify();
}

/** When the account's pending subscription was requested, or null when none is pending. */
export function subscriptionRequestedAt(
  accountId: string,
  product: SubscriptionProduct = 'serverless-container',
): number | null {
  const stored = readStoredText(markerKey(accountId, product));
  const requestedAt = stored === null ? NaN : Number(stored);
  return Number.isFinite(requestedAt) ? requestedAt : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the portal may start or end the wait.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The pending subscription request of the account, kept up to date; null when none (or no account yet). */
export function useSubscriptionRequestedAt(
  accountId: string | undefined,
  product: SubscriptionProduct = 'serverless-container',
): number | null {
  return useSyncExternalStore(subscribe, () =>
    accountId ? subscriptionRequestedAt(accountId, product) : null,
  );
}
