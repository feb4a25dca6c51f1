import { bigint, boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Namespaces and what they hold beside workloads and databases (registries, volumes), the provisioning
// queue, feature flags.

export const namespaces = pgTable('namespaces', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  internalName: text('internal_name').notNull(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
});

export const provisioningTasks = pgTable('provisioning_tasks', {
  id: serial('id').primaryKey(),
  resourceKind: text('resource_kind').notNull(),
  resourceId: integer('resource_id').notNull(),
  action: text('action').notNull(),
  notBefore: timestamptz('not_before').notNull().defaultNow(),
  claimedUntil: timestamptz('claimed_until'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const privateRegistries = pgTable('private_registries', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  source: text('source').notNull(),
  username: text('username').notNull(),
  /** The secret box's text (secrets/crypto.ts), never the password itself. */
  passwordEncrypted: text('password_encrypted').notNull(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
});

export const volumes = pgTable('volumes', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  sizeGb: integer('size_gb').notNull(),
  // Volumes stay far below 2^53 bytes, so a JavaScript number holds the usage exactly.
  usageBytes: bigint('usage_bytes', { mode: 'number' }).notNull().default(0),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
});

/** Manual scaling `{replicas}` or autoscaling `{minimum, maximum, triggers}` (0002). */

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  userIds: text('user_ids').array().notNull().default([]),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
