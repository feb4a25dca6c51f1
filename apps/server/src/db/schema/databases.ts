import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Managed database clusters with their databases and users, and legacy single-node databases.

export const databaseClusters = pgTable('database_clusters', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  engine: text('engine').notNull().$type<'postgresql' | 'mysql'>(),
  version: text('version').notNull(),
  planId: text('plan_id').notNull(),
  hostname: text('hostname').notNull(),
  port: integer('port').notNull(),
  namePrefix: text('name_prefix').notNull(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
  // 0018: since when its own plan is unpaid (null: paid), and whether it was stopped for that.
  unpaidSince: timestamptz('unpaid_since'),
  stoppedUnpaid: boolean('stopped_unpaid').notNull().default(false),
  // 0026: the advisor (on or off), when its next analysis is due, and when it last analysed the cluster.
  advisorEnabled: boolean('advisor_enabled').notNull().default(false),
  advisorDueAt: timestamptz('advisor_due_at'),
  advisorAnalysedAt: timestamptz('advisor_analysed_at'),
});

export type DatabasePermission = 'READ_ONLY' | 'READ_WRITE';

export interface DatabaseGrant {
  databaseName: string;
  permission: DatabasePermission;
}

export const databaseClusterDatabases = pgTable('database_cluster_databases', {
  id: serial('id').primaryKey(),
  clusterId: integer('cluster_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  status: text('status').notNull().$type<'creating' | 'ready' | 'deleting'>(),
});

export const databaseClusterUsers = pgTable('database_cluster_users', {
  id: serial('id').primaryKey(),
  clusterId: integer('cluster_id').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull().$type<'admin' | 'user'>(),
  /** The secret box's text (secrets/crypto.ts), never the password itself. */
  passwordEncrypted: text('password_encrypted').notNull(),
  permissions: jsonb('permissions').notNull().$type<DatabaseGrant[]>(),
  status: text('status').notNull().$type<'creating' | 'updating' | 'ready' | 'deleting'>(),
});

export const legacyCloudDatabases = pgTable('legacy_cloud_databases', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  name: text('name').notNull(),
  hostname: text('hostname').notNull(),
  username: text('username').notNull(),
  passwordEncrypted: text('password_encrypted').notNull(),
  versionId: integer('version_id').notNull(),
  nodeTypeId: integer('node_type_id').notNull(),
  locationId: integer('location_id').notNull(),
  whitelist: jsonb('whitelist').notNull().$type<string[]>(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  deletedAt: timestamptz('deleted_at'),
});
