import { readStoredText, removeStored, writeStored } from '../storage.ts';

// SPEC §9: local storage keeps the cluster subscription requests with a timestamp, and likewise those of the
// other resources paid by a plan of their own (message queues). Each is a resource whose plan the customer went
// to pay for at the hosted checkout; the checkout sends them back to the pages of that kind of resource, where
// the newest request tells which one it was for, so they land on its page. Per account, like the subscription
// marker: another customer on the same browser does not inherit them.

/** The kinds of resource with a plan of their own, each with requests of its own. */
export type PlannedResourceKind = 'cluster' | 'message-queue';

export interface PlanCheckoutRequest {
  /** The resource's id: the checkout's `resourceId`. */
  resourceId: string;
  namespace: string;
  name: string;
  /** When the customer left for the checkout, ms since the epoch. */
  requestedAt: number;
}

/** A checkout page expires after a day (the payment provider's limit): an older request has no return to wait for. */
const requestLifetimeMs = 24 * 3600_000;

const storageKey = (kind: PlannedResourceKind, accountId: string) =>
  `berth.${kind}-subscription-requests.${accountId}`;

function isRequest(value: unknown): value is PlanCheckoutRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { resourceId, namespace, name, requestedAt } = value as Record<string, unknown>;
  return (
    typeof resourceId === 'string' &&
    typeof namespace === 'string' &&
    typeof name === 'string' &&
    typeof requestedAt === 'number'
  );
}

/** The account's requests that may still come back, oldest first; anything unreadable counts as none. */
function liveRequests(kind: PlannedResourceKind, accountId: string, now: number): PlanCheckoutRequest[] {
  let stored: unknown;
  try {
    stored = JSON.parse(readStoredText(storageKey(kind, accountId)) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(stored)
    ? stored.filter(isRequest).filter((request) => now - request.requestedAt < requestLifetimeMs)
    : [];
}

function store(kind: PlannedResourceKind, accountId: string, requests: PlanCheckoutRequest[]): void {
  if (requests.length === 0) removeStored(storageKey(kind, accountId));
  else writeStored(storageKey(kind, accountId), JSON.stringify(requests));
}

/** Records that the customer is leaving for the checkout of this resource's plan. */
export function recordPlanCheckoutRequest(
  kind: PlannedResourceKind,
  accountId: string,
  request: PlanCheckoutRequest,
): void {
  const others = liveRequests(kind, accountId, request.requestedAt).filter(
    (stored) => stored.resourceId !== request.resourceId,
  );
  store(kind, accountId, [...others, request]);
}

export function forgetPlanCheckoutRequest(
  kind: PlannedResourceKind,
  accountId: string,
  resourceId: string,
  now = Date.now(),
): void {
  store(
    kind,
    accountId,
    liveRequests(kind, accountId, now).filter((request) => request.resourceId !== resourceId),
  );
}

/** The request a checkout that comes back now answers: the newest that has not expired, or null. */
export function latestPlanCheckoutRequest(
  kind: PlannedResourceKind,
  accountId: string,
  now = Date.now(),
): PlanCheckoutRequest | null {
  return liveRequests(kind, accountId, now).at(-1) ?? null;
}
