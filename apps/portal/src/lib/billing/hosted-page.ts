import { env } from '../../config/env.ts';
import { session } from '../auth/session.ts';
import { HttpStatusError } from '../graphql/errors.ts';

/** SPEC §7: the plan a serverless-containers subscription buys when none is named. */
export const serverlessContainersPlanId = 'serverless-containers-EUR-Monthly';
/** The plan of the cloud-databases subscription, which opens /storage (the server's PRICING_PLANS.cloudDatabases). */
export const cloudDatabasesPlanId = 'cloud-databases-EUR-Monthly';

/** The pages with a way back of their own from a cancelled checkout. */
export type CheckoutStart = 'billing';

export type HostedPageRequest =
  | {
      path: '/subscriptions';
      /** `startedOn` (ours): a checkout started on the Billing page is cancelled back to it. */
      body: { planId: string; resourceId: string; startedOn?: CheckoutStart };
    }
  | { path: '/information/update'; body?: undefined };

/**
 * The billing REST calls (SPEC §7): each answers with the address of a page the payment provider hosts
 * (checkout, billing details). Bearer-authenticated with the session's token, as the GraphQL calls are; not
 * retried, since each call opens a new page at the provider.
 */
export async function requestHostedPage({ path, body }: HostedPageRequest): Promise<string> {
  const token = await session.getAccessToken();
  const response = await fetch(`${env.billingUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body ?? {}),
  });
  if (response.status === 401) {
    session.restartSignIn();
    throw new HttpStatusError(401);
  }
  if (!response.ok) throw new HttpStatusError(response.status);
  const { url } = (await response.json().catch(() => ({}))) as { url?: unknown };
  return hostedPageAddress(url);
}

/** The tab leaves the portal for the provider's page (which sends the customer back when done). */
export function leaveForHostedPage(url: string): void {
  window.location.assign(url);
}

/** Only a web address is followed: the answer decides where the whole tab goes. */
function hostedPageAddress(url: unknown): string {
  const address = typeof url === 'string' ? parseAddress(url) : null;
  if (address?.protocol === 'https:' || address?.protocol === 'http:') return address.href;
  throw new Error('The billing service answered without a page to open');
}

function parseAddress(url: string): URL | null {
  try {
    return new URL(url, window.location.origin);
  } catch {
    return null;
  }
}
