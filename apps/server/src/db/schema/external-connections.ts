import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// External connections, their address pairs and ports (0027).
export const externalIps = pgTable('external_ips', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  ipv4: text('ipv4').notNull(),
  ipv6: text('ipv6').notNull(),
  shared: boolean('shared').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export type ConnectedKind = 'container' | 'database-cluster' | 'message-queue';

export const externalConnections = pgTable('external_connections', {
  id: serial('id').primaryKey(),
  resourceKind: text('resource_kind').notNull().$type<ConnectedKind>(),
  resourceId: integer('resource_id').notNull(),
  ipId: integer('ip_id').notNull(),
});

export const externalConnectionPorts = pgTable('external_connection_ports', {
  id: serial('id').primaryKey(),
  connectionId: integer('connection_id').notNull(),
  ipId: integer('ip_id').notNull(),
  externalPort: integer('external_port').notNull(),
  internalPort: integer('internal_port').notNull(),
  protocol: text('protocol').notNull().$type<'TCP' | 'UDP'>(),
  allowList: text('allow_list').array().notNull().default([]),
});
