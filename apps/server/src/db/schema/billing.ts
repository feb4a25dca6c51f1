import { boolean, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Billing (0007): subscriptions as the payment provider reports them, its events applied once each, what we
// keep per customer for billing, and the sessions of the local provider's hosted pages.

export const billingSubscriptions = pgTable('billing_subscriptions', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  externalId: text('external_id').notNull(),
  customerId: integer('customer_id').notNull(),
  planId: text('plan_id').notNull(),
  resourceId: text('resource_id').notNull(),
  status: text('status').notNull(),
  currentPeriodEnd: timestamptz('current_period_end'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  endedAt: timestamptz('ended_at'),
  // 0018: ends at current_period_end instead of renewing; its resource is gone; the provider knows; the
  // live subscription (external id) this one duplicated, for which it was refused.
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  resourceDeleted: boolean('resource_deleted').notNull().default(false),
  providerSynced: boolean('provider_synced').notNull().default(true),
  duplicateOf: text('duplicate_of'),
  resourceName: text('resource_name'),
  // 0019: a downgrade waiting for the period's end: the plan it moves to, and when.
  pendingPlanId: text('pending_plan_id'),
  pendingPlanAt: timestamptz('pending_plan_at'),
});

export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    customerId: integer('customer_id'),
    changes: jsonb('changes').notNull(),
    appliedAt: timestamptz('applied_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

export const billingCustomers = pgTable('billing_customers', {
  customerId: integer('customer_id').primaryKey(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpiry: text('card_expiry'),
  companyName: text('company_name'),
  address: text('address'),
  vatNumber: text('vat_number'),
  invoiceEmail: text('invoice_email'),
  consecutivePaymentFailures: integer('consecutive_payment_failures').notNull().default(0),
  stripeCustomerId: text('stripe_customer_id').unique(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  // 0028: the address in parts, all four or none (rows saved before have only `address`).
  addressStreet: text('address_street'),
  addressPostalCode: text('address_postal_code'),
  addressCity: text('address_city'),
  addressCountry: text('address_country'),
});

export const billingSessions = pgTable('billing_sessions', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'checkout' | 'details'>().notNull(),
  customerId: integer('customer_id').notNull(),
  email: text('email').notNull(),
  planId: text('plan_id'),
  resourceId: text('resource_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** A provider's own page address (Stripe's checkout); the local provider's is made from the id. */
  url: text('url'),
});

/** What is metered so far; the table also admits DATABASE_CLUSTER, which the database clusters will meter. */

export interface InvoiceLine {
  description: string;
  amountCents: number;
}

// Invoices (0010), as the payment provider reports them.
export const billingInvoices = pgTable('billing_invoices', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  externalId: text('external_id').notNull(),
  customerId: integer('customer_id').notNull(),
  number: text('number').notNull(),
  status: text('status').$type<'paid' | 'open'>().notNull(),
  currency: text('currency').notNull(),
  /** The net amount: the lines' sum, before tax. */
  subtotalCents: integer('subtotal_cents').notNull(),
  taxCents: integer('tax_cents').notNull().default(0),
  /** Hundredths of a percent (1900 is 19 %); null when the tax has no single known rate. */
  taxRateBasisPoints: integer('tax_rate_basis_points'),
  /** What was charged: net plus tax. */
  totalCents: integer('total_cents').notNull(),
  lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
  periodStart: timestamptz('period_start').notNull(),
  periodEnd: timestamptz('period_end').notNull(),
  hostedUrl: text('hosted_url'),
  issuedAt: timestamptz('issued_at').notNull().defaultNow(),
});
