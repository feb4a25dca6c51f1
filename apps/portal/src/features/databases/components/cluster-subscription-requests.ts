import { readStoredText, removeStored, writeStored } from '@/lib/storage.ts';

// SPEC §9: local storage keeps the cluster subscription requests with a timestamp. Each is a cluster whose plan
// the customer went to pay for at the hosted checkout; the checkout sends them back to the cloud databases'
// pages, where the newest request tells which cluster it was for, so they land on that cluster's page.
// Per account, like the subscription marker: another customer on the same browser does not inherit them.

export interface ClusterSubscriptionRequest {
  clusterId: string;
  namespace: string;
  name: string;
  /** When the customer left for the checkout, ms since the epoch. */
  requestedAt: number;
}

/** A checkout page expires after a day (the payment provider's limit): an older request has no return to wait for. */
const requestLifetimeMs = 24 * 3600_000;

const storageKey = (accountId: string) => `berth.cluster-subscription-requests.${accountId}`;

function isRequest(value: unknown): value is ClusterSubscriptionRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { clusterId, namespace, name, requestedAt } = value as Record<string, unknown>;
  return (
    typeof clusterId === 'string' &&
    typeof namespace === 'string' &&
    typeof name === 'string' &&
    typeof requestedAt === 'number'
  );
}

/** The account's requests that may still come back, oldest first; anything unreadable counts as none. */
function liveRequests(accountId: string, now: number): ClusterSubscriptionRequest[] {
  let stored: unknown;
  try {
    stored = JSON.parse(readStoredText(storageKey(accountId)) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(stored)
    ? stored.filter(isRequest).filter((request) => now - request.requestedAt < requestLifetimeMs)
    : [];
}

function store(accountId: string, requests: ClusterSubscriptionRequest[]): void {
  if (requests.length === 0) removeStored(storageKey(accountId));
  else writeStored(storageKey(accountId), JSON.stringify(requests));
}

/** Records that the customer is leaving for the checkout of this cluster's plan. */
export function recordClusterSubscriptionRequest(
  accountId: string,
  request: ClusterSubscriptionRequest,
): void {
  const others = liveRequests(accountId, request.requestedAt).filter(
    (stored) => stored.clusterId !== request.clusterId,
  );
  store(accountId, [...others, request]);
}

export function forgetClusterSubscriptionRequest(
  accountId: string,
  clusterId: string,
  now = Date.now(),
): void {
  store(
    accountId,
    liveRequests(accountId, now).filter((request) => request.clusterId !== clusterId),
  );
}

/** The request a checkout that comes back now answers: the newest that has not expired, or null. */
export function latestClusterSubscriptionRequest(
  accountId: string,
  now = Date.now(),
): ClusterSubscriptionRequest | null {
  return liveRequests(accountId, now).at(-1) ?? null;
}
