import { integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// The identity provider's storage: oidc-provider's payloads, its own keys, sign-in failure counts, the
// single-use links it mails.

export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [primaryKey({ columns: [table.model, table.id] })],
);

export const identitySecrets = pgTable('identity_secrets', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  material: jsonb('material').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamptz('window_started_at').notNull(),
  blockedUntil: timestamptz('blocked_until'),
});

export const accountLinks = pgTable('account_links', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  purpose: text('purpose').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** The address a change-email link confirms. */
  newEmail: text('new_email'),
});
