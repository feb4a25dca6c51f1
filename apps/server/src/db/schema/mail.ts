import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Outgoing mail (modules/mail).

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body'),
  htmlBody: text('html_body'),
  status: text('status').$type<'pending' | 'sent' | 'kept' | 'failed'>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  sentAt: timestamptz('sent_at'),
});
