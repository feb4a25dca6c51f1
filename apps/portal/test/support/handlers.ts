import { graphql, http, HttpResponse } from 'msw';
import type { AccountQuery } from '../../src/gql/graphql.ts';

// What the platform and the identity provider answer in unit tests unless a test says otherwise
// (`server.use(...)`): a signed-in customer with full access. Everything else is unhandled, and an unhandled
// request fails the test (server.ts).

const realm = `${window.location.origin}/realms/berth`;
const tokenEndpoint = `${realm}/protocol/openid-connect/token`;

export const account: AccountQuery['account'] = {
  id: 'account-1',
  role: 'customer',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  customer: { id: 'customer-1', recurringPayment: true, suspendedReason: null },
};

/** The identity provider's answer to the UMA permissions request: these scopes on serverless containers. */
export function permissions(...scopes: ('create' | 'create-limited')[]) {
  return http.post(tokenEndpoint, () =>
    scopes.length
      ? HttpResponse.json([{ rsname: 'serverless-container', scopes }])
      : HttpResponse.json({ error: 'access_denied' }, { status: 403 }),
  );
}

export const defaultHandlers = [
  http.get(`${realm}/.well-known/openid-configuration`, () =>
    HttpResponse.json({ issuer: realm, token_endpoint: tokenEndpoint }),
  ),
  permissions('create'),
  graphql.query('Account', () => HttpResponse.json({ data: { account } })),
];
