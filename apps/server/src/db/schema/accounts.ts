import { bigint, boolean, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Customers, their accounts and products, second factors, and the audit log.

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  suspendedReason: text('suspended_reason'),
  hasPaymentDetails: boolean('has_payment_details').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** Ends the customer's default web addresses; given on their first container (addresses.ts). */
  addressSuffix: text('address_suffix').unique(),
  /** Advanced by triggers with every change to what the customer's namespaces hold (migration 0033). */
  changeVersion: bigint('change_version', { mode: 'number' }).notNull().default(0),
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull().default('owner'),
  passwordHash: text('password_hash'),
  externalSubject: text('external_subject'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** When the owner followed the mailed link to the address (null: not yet). */
  emailVerifiedAt: timestamptz('email_verified_at'),
});

export const entitlements = pgTable(
  'entitlements',
  {
    customerId: integer('customer_id').notNull(),
    product: text('product').notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.product] })],
);

export const auditEntries = pgTable('audit_entries', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  accountId: integer('account_id'),
  occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  eventType: text('event_type').notNull(),
  modelName: text('model_name').notNull(),
  modelId: integer('model_id').notNull(),
  changeSet: jsonb('change_set').$type<AuditChange[]>().notNull(),
  tags: text('tags').array().notNull().default([]),
});

export interface AuditChange {
  name: string;
  oldValue: string | null;
  newValue: string | null;
}

export const accountTwoFactor = pgTable('account_two_factor', {
  accountId: integer('account_id').primaryKey(),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default([]),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  enabledAt: timestamptz('enabled_at'),
});
