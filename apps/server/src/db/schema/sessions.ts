import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// The signed-in sessions of the built-in identity provider as the account page lists them (identity/).

export const accountSessions = pgTable('account_sessions', {
  id: serial('id').primaryKey(),
  sessionUid: text('session_uid').notNull().unique(),
  accountId: integer('account_id').notNull(),
  device: text('device').notNull(),
  address: text('address').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
});
