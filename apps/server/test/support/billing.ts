import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { graphql } from '../generated/gql.ts';
import type { TestCustomer } from './customers.ts';
import { umaPermissions, type JsonResponse } from './http.ts';
import type { TestServer } from './server.ts';

// The billing area as clients use it: the REST calls with a bearer token, the hosted pages as a browser
// posts their forms (no cookies, redirects not followed so the tests see where they lead).

export const GOOD_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 39',
  cvc: '123',
  name: 'Ada Lovelace',
};
export const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

/**
 * The customer's payment state as the platform API (not the billing API) shows it. It lives here, not in a
 * test under billing/, because codegen types every document in test/billing/ against the billing schema.
 */
export const BILLING_STATE = graphql(`
  query BillingState {
    customer {
      id
      hasPaymentDetails
      recurringPayment
      suspendedReason
    }
  }
`);

/** A REST call of the billing area with this token (undefined: none) and JSON body (undefined: none). */
export async function billingRequest(
  server: TestServer,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<JsonResponse<{ url?: string; error?: string; message?: string }>> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as never };
}

/** The hosted checkout page's address for this customer and request body; fails the test otherwise. */
export async function checkoutUrl(
  server: TestServer,
  customer: TestCustomer,
  body: object = {},
): Promise<string> {
  const { status, body: answer } = await billingRequest(
    server,
    '/billing/subscriptions',
    await customer.token(),
    body,
  );
  if (status !== 200 || !answer.url)
    throw new Error(`checkout failed: HTTP ${status} ${JSON.stringify(answer)}`);
  return answer.url;
}

export async function detailsUrl(server: TestServer, customer: TestCustomer): Promise<string> {
  const { status, body } = await billingRequest(
    server,
    '/billing/information/update',
    await customer.token(),
  );
  if (status !== 200 || !body.url)
    throw new Error(`details page failed: HTTP ${status} ${JSON.stringify(body)}`);
  return body.url;
}

export interface PageAnswer {
  status: number;
  location: string | null;
  html: string;
}

export async function getPage(url: string): Promise<PageAnswer> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** Submits a hosted page's form as a browser does. */
export async function postForm(url: string, form: Record<string, string>): Promise<PageAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** The fields a page opens with the cursor in: after a refused submission, the one to correct first. */
export const focusedFields = (html: string) =>
  [...html.matchAll(/<(?:input|textarea) id="field-(\w+)"[^>]* autofocus[ >]/g)].map((match) => match[1]);

/** The scopes UMA answers for a resource, or null when UMA refuses (suspended: 403). */
export async function scopesOf(server: TestServer, customer: TestCustomer, resource: string) {
  const { status, body } = await umaPermissions(server.url, await customer.token());
  if (status === 403) return null;
  const permissions = body as { rsname: string; scopes: string[] }[];
  return permissions.find((permission) => permission.rsname === resource)?.scopes ?? [];
}

/** Rows of a SQL query on the server's database (what no API shows yet). */
export const rows = <T>(server: TestServer, query: ReturnType<typeof sql>) =>
  queryRows<T>(server.berth.database.db, query);

export { sql };
