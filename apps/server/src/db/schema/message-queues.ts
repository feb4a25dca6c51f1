import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Message queues and their users (0025).
export const messageQueues = pgTable('message_queues', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  planId: text('plan_id').notNull(),
  hostname: text('hostname').notNull(),
  amqpPort: integer('amqp_port').notNull(),
  managementPort: integer('management_port').notNull(),
  vhost: text('vhost').notNull(),
  userPrefix: text('user_prefix').notNull(),
  tls: boolean('tls').notNull(),
  allowList: text('allow_list').array().notNull().default([]),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
  unpaidSince: timestamptz('unpaid_since'),
  stoppedUnpaid: boolean('stopped_unpaid').notNull().default(false),
});

export const messageQueueUsers = pgTable('message_queue_users', {
  id: serial('id').primaryKey(),
  queueId: integer('queue_id').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull().$type<'admin'>(),
  passwordEncrypted: text('password_encrypted').notNull(),
  status: text('status').notNull().$type<'creating' | 'updating' | 'ready'>(),
});
