import { graphql, HttpResponse } from 'msw';
import type { ApiKey } from '../../src/features/account/api/api-keys.ts';
import type { GraphQLErrorItem } from '../../src/lib/graphql/errors.ts';

// The account page's API keys section (issue 26): the keys as the platform lists them, and its answers to
// creating and revoking one, which a test may replace with a refusal.

export const deployKey: ApiKey = {
  id: '1',
  name: 'Deploys from CI',
  clientId: 'berth-key-0123456789abcdef',
  scope: 'READ_WRITE',
  createdAt: '2026-01-10T12:00:00.000Z',
  expiresAt: '2099-04-10T12:00:00.000Z',
  lastUsedAt: '2026-01-15T09:30:00.000Z',
  revokedAt: null,
};

export const expiredKey: ApiKey = {
  id: '2',
  name: 'Old report',
  clientId: 'berth-key-aaaaaaaaaaaaaaaa',
  scope: 'READ',
  createdAt: '2025-01-10T12:00:00.000Z',
  expiresAt: '2025-02-10T12:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

export const revokedKey: ApiKey = {
  ...expiredKey,
  id: '3',
  name: 'Leaked',
  clientId: 'berth-key-bbbbbbbbbbbbbbbb',
  revokedAt: '2025-01-20T12:00:00.000Z',
};

export const newSecret = 'sEcReT-shown-once_0123456789abcdefghijklmnopq';

export const apiKeysAnswer = (apiKeys: ApiKey[] | null) =>
  graphql.query('AccountApiKeys', () =>
    HttpResponse.json({ data: { account: { id: 'account-1', apiKeys } } }),
  );

export interface Sent {
  operation: string;
  variables: Record<string, unknown>;
}

type Answer = { data: Record<string, unknown> } | { errors: GraphQLErrorItem[] };

/**
 * The platform with these keys: a created key is listed after it (the secret answered once), a revoked one
 * marked: the handlers for `server.use`. The changes are recorded in `sent`; `refusals` holds the next answers
 * that refuse instead.
 */
export function keysOnPlatform(initial: ApiKey[], refusals: Answer[] = []) {
  let keys = [...initial];
  const sent: Sent[] = [];
  const handlers = [
    graphql.query('AccountApiKeys', () =>
      HttpResponse.json({ data: { account: { id: 'account-1', apiKeys: keys } } }),
    ),
    graphql.mutation<Record<string, unknown>, Record<string, unknown>>(
      'AccountApiKeyCreate',
      ({ variables }) => {
        sent.push({ operation: 'create', variables });
        const refusal = refusals.shift();
        if (refusal) return HttpResponse.json(refusal);
        const apiKey: ApiKey = {
          id: String(keys.length + 10),
          name: String(variables.name),
          clientId: 'berth-key-fedcba9876543210',
          scope: variables.scope as ApiKey['scope'],
          createdAt: new Date().toISOString(),
          expiresAt: String(variables.expiresAt),
          lastUsedAt: null,
          revokedAt: null,
        };
        keys = [apiKey, ...keys];
        return HttpResponse.json({ data: { accountApiKeyCreate: { apiKey, clientSecret: newSecret } } });
      },
    ),
    graphql.mutation<Record<string, unknown>, { id: string }>('AccountApiKeyRevoke', ({ variables }) => {
      sent.push({ operation: 'revoke', variables });
      const refusal = refusals.shift();
      if (refusal) return HttpResponse.json(refusal);
      keys = keys.map((key) =>
        key.id === variables.id ? { ...key, revokedAt: new Date().toISOString() } : key,
      );
      return HttpResponse.json({ data: { accountApiKeyRevoke: true } });
    }),
  ];
  return { handlers, sent };
}
