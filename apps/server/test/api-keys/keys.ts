import { eq } from 'drizzle-orm';
import { apiKeys } from '../../src/db/schema.ts';
import type { TestCustomer } from '../support/customers.ts';
import { OIDC_PATH, type JsonResponse } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

// What the API-key tests share: making a key through the API as its owner, and the client-credentials grant
// as OAuth libraries send it.

export const CREATE_KEY = `mutation ($name: String!, $scope: ApiKeyScope!, $expiresAt: DateTime!) {
  accountApiKeyCreate(name: $name, scope: $scope, expiresAt: $expiresAt) {
    apiKey { id name clientId scope createdAt expiresAt lastUsedAt revokedAt }
    clientSecret
  }
}`;
export const REVOKE_KEY = 'mutation ($id: ID!) { accountApiKeyRevoke(id: $id) }';
export const LIST_KEYS =
  '{ account { apiKeys { id name clientId scope createdAt expiresAt lastUsedAt revokedAt } } }';

export interface ListedKey {
  id: string;
  name: string;
  clientId: string;
  scope: 'READ' | 'READ_WRITE';
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

/** A key the customer makes through the API (as the account page does), with its secret. */
export async function createKey(
  owner: TestCustomer,
  { name = 'ci', scope = 'READ_WRITE', days = 30 }: { name?: string; scope?: string; days?: number } = {},
) {
  const { accountApiKeyCreate } = await owner.data<{
    accountApiKeyCreate: { apiKey: ListedKey; clientSecret: string };
  }>(CREATE_KEY, { name, scope, expiresAt: inDays(days) });
  return accountApiKeyCreate;
}

export interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  token_type?: string;
  scope?: string;
  refresh_token?: string;
  error?: string;
}

/**
 * The client-credentials grant: the secret in the form (client_secret_post) or in Basic authentication
 * (client_secret_basic, each part form-encoded as RFC 6749 §2.3.1 says).
 */
export async function clientCredentials(
  url: string,
  credentials: { clientId: string; clientSecret: string },
  { basic = false, scope }: { basic?: boolean; scope?: string } = {},
): Promise<JsonResponse<TokenAnswer>> {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (scope) form.set('scope', scope);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) {
    const pair = `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_id', credentials.clientId);
    form.set('client_secret', credentials.clientSecret);
  }
  const response = await fetch(`${url}${OIDC_PATH}/token`, { method: 'POST', headers, body: form });
  return { status: response.status, headers: response.headers, body: (await response.json()) as TokenAnswer };
}

/** The access token of a key that must be granted one. */
export async function keyToken(url: string, key: { apiKey: ListedKey; clientSecret: string }) {
  const { status, body } = await clientCredentials(url, {
    clientId: key.apiKey.clientId,
    clientSecret: key.clientSecret,
  });
  if (status !== 200 || !body.access_token) throw new Error(`no token: ${status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Moves a key's expiry into the past, as time passing would. */
export async function expire(server: TestServer, id: string) {
  await server.berth.database.db
    .update(apiKeys)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(apiKeys.id, Number(id)));
}
