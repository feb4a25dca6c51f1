import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Tables as the SQL migrations create them (db/migrations is the source of truth for DDL).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  suspendedReason: text('suspended_reason'),
  hasPaymentDetails: boolean('has_payment_details').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
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
