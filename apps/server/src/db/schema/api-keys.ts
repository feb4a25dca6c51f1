import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// API keys of accounts: client-credentials clients of the built-in identity provider.

export const API_KEY_SCOPES = ['READ', 'READ_WRITE'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  clientId: text('client_id').notNull(),
  secretHash: text('secret_hash').notNull(),
  scope: text('scope', { enum: API_KEY_SCOPES }).notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  lastUsedAt: timestamptz('last_used_at'),
  revokedAt: timestamptz('revoked_at'),
});
