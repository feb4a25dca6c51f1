import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  billingCustomers,
  billingInvoices,
  billingSubscriptions,
  customers,
} from '../../db/schema.ts';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;

/** A billing address in parts, as the hosted form asks it (the public API's `Address`). */
export interface PostalAddress {
  streetNameAndHouseNumber: string;
  postalCode: string;
  city: string;
  country: string;
}

/** The billing details as the customer saves them. */
export interface BillingDetailsInput {
  companyName: string;
  address: PostalAddress;
  vatNumber: string;
  invoiceEmail: string;
}

/** The billing details shown on invoices, as the customer last saved them. */
export interface BillingDetails {
  companyName: string;
  /** The address as invoices show it: composed from its parts, or as typed before it was asked in parts. */
  address: string;
  /** Null for details saved before the address was asked in parts, until they are saved again. */
  addressParts: PostalAddress | null;
  vatNumber: string;
  invoiceEmail: string;
}

/** The address as one text, a line each: street, postal code and city, country. */
export const composeAddress = (address: PostalAddress) =>
  `${address.streetNameAndHouseNumber}\n${address.postalCode} ${address.city}\n${address.country}`;

/** The card on file, as the provider summarised it: never the number. */
export interface PaymentMethod {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

export function createBillingStore(db: Db) {
  return {
    async subscriptionsOf(customerId: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.customerId, customerId))
        .orderBy(desc(billingSubscriptions.createdAt), desc(billingSubscriptions.id));
    },

    async invoicesOf(customerId: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.customerId, customerId))
        .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.id));
    },

    /** The customer's invoice of this number; undefined for any other's. */
    async invoiceOf(customerId: number, number: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(billingInvoices)
        .where(and(eq(billingInvoices.customerId, customerId), eq(billingInvoices.number, number)));
      return row;
    },

    /** The customer's subscription of this id; undefined for another customer's. */
    async subscriptionOf(customerId: number, id: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.customerId, customerId), eq(billingSubscriptions.id, id)));
      return row;
    },

    async subscriptionByExternalId(
      provider: string,
      externalId: string,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(
          and(eq(billingSubscriptions.provider, provider), eq(billingSubscriptions.externalId, externalId)),
        );
      return row;
    },

    /**
     * Whether the subscription (not ended) ends at its period's end; the provider is to be told. Returns
     * the row, or undefined when it ended (or, to resume, its resource was deleted) meanwhile.
     */
    async setCancelAtPeriodEnd(id: number, cancel: boolean): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .update(billingSubscriptions)
        .set({ cancelAtPeriodEnd: cancel, providerSynced: false, updatedAt: new Date() })
        .where(
          and(
            eq(billingSubscriptions.id, id),
            ne(billingSubscriptions.status, 'ended'),
            // A deleted resource's plan is never resumed, even by a change that raced the deletion.
            cancel ? undefined : eq(billingSubscriptions.resourceDeleted, false),
          ),
        )
        .returning();
      return row;
    },

    /**
     * The resource's own plan (one of `planIds`) ends with it: at the end of the period paid for, never to be
     * resumed. Called in the transaction that deletes the resource.
     */
    async endWithResource(customerId: number, resource: { id: string; name: string }, planIds: string[]) {
      await db
        .update(billingSubscriptions)
        .set({
          cancelAtPeriodEnd: true,
          resourceDeleted: true,
          resourceName: resource.name,
          pendingPlanId: null,
          pendingPlanAt: null,
          providerSynced: false,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(billingSubscriptions.customerId, customerId),
            eq(billingSubscriptions.resourceId, resource.id),
            inArray(billingSubscriptions.planId, planIds),
            ne(billingSubscriptions.status, 'ended'),
          ),
        );
    },

    /**
     * The plan the subscription (not ended) moves to at `at`, its period's end; null for none. Returns the
     * row, or undefined when it ended meanwhile.
     */
    async setPendingPlan(id: number, planId: string | null, at: Date | null) {
      const [row] = await db
        .update(billingSubscriptions)
        .set({ pendingPlanId: planId, pendingPlanAt: at, updatedAt: new Date() })
        .where(and(eq(billingSubscriptions.id, id), ne(billingSubscriptions.status, 'ended')))
        .returning();
      return row;
    },

    /**
     * This provider's subscriptions with a plan change due by `now`; not one cancelled meanwhile (it ends
     * instead, and keeps the change should it be resumed).
     */
    async pendingPlansDue(provider: string, now: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.provider, provider),
            ne(billingSubscriptions.status, 'ended'),
            eq(billingSubscriptions.cancelAtPeriodEnd, false),
            lte(billingSubscriptions.pendingPlanAt, now),
          ),
        );
    },

    /** This provider's subscriptions whose cancel_at_period_end it has not been told yet. */
    async unsyncedSubscriptions(provider: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(eq(billingSubscriptions.provider, provider), eq(billingSubscriptions.providerSynced, false)),
        );
    },

    /** Records that the provider was told `cancel`, unless the flag changed again meanwhile. */
    async markSynced(id: number, cancel: boolean) {
      await db
        .update(billingSubscriptions)
        .set({ providerSynced: true })
        .where(and(eq(billingSubscriptions.id, id), eq(billingSubscriptions.cancelAtPeriodEnd, cancel)));
    },

    /** The local provider's subscriptions, not ended, whose paid period ended by `now`. */
    async localSubscriptionsDue(now: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.provider, 'local'),
            ne(billingSubscriptions.status, 'ended'),
            lte(billingSubscriptions.currentPeriodEnd, now),
          ),
        );
    },

    /** Whether a subscription of the customer (to this plan, for this resource, if given) has not ended. */
    async hasLiveSubscription(customerId: number, planId?: string, resourceId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: billingSubscriptions.id })
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.customerId, customerId),
            ne(billingSubscriptions.status, 'ended'),
            planId === undefined ? undefined : eq(billingSubscriptions.planId, planId),
            resourceId === undefined ? undefined : eq(billingSubscriptions.resourceId, resourceId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async detailsOf(customerId: number): Promise<BillingDetails | undefined> {
      const [row] = await db
        .select()
        .from(billingCustomers)
        .where(eq(billingCustomers.customerId, customerId));
      if (!row?.companyName) return undefined;
      // All four parts or none (a check of the table).
      const addressParts =
        row.addressStreet !== null &&
        row.addressPostalCode !== null &&
        row.addressCity !== null &&
        row.addressCountry !== null
          ? {
              streetNameAndHouseNumber: row.addressStreet,
              postalCode: row.addressPostalCode,
              city: row.addressCity,
              country: row.addressCountry,
            }
          : null;
      return {
        companyName: row.companyName,
        address: addressParts ? composeAddress(addressParts) : (row.address ?? ''),
        addressParts,
        vatNumber: row.vatNumber ?? '',
        invoiceEmail: row.invoiceEmail ?? '',
      };
    },

    async paymentMethodOf(customerId: number): Promise<PaymentMethod | undefined> {
      const [row] = await db
        .select()
        .from(billingCustomers)
        .where(eq(billingCustomers.customerId, customerId));
      // card_expiry is MM/YYYY as fulfilment writes it.
      const expiry = /^(\d{2})\/(\d{4})$/.exec(row?.cardExpiry ?? '');
      if (!row?.cardBrand || !row.cardLast4 || !expiry) return undefined;
      return {
        brand: row.cardBrand,
        last4: row.cardLast4,
        expiryMonth: Number(expiry[1]),
        expiryYear: Number(expiry[2]),
      };
    },

    /** Saves the details; the composed address is kept too, as invoices show it. */
    async saveDetails(customerId: number, details: BillingDetailsInput) {
      const { address, ...rest } = details;
      const values = {
        ...rest,
        address: composeAddress(address),
        addressStreet: address.streetNameAndHouseNumber,
        addressPostalCode: address.postalCode,
        addressCity: address.city,
        addressCountry: address.country,
      };
      await db
        .insert(billingCustomers)
        .values({ customerId, ...values })
        .onConflictDoUpdate({
          target: billingCustomers.customerId,
          set: { ...values, updatedAt: new Date() },
        });
    },

    /** The customer's owner account, to whom billing mails go; undefined for an unknown customer. */
    async ownerOf(customerId: number): Promise<{ email: string; name: string } | undefined> {
      const [row] = await db
        .select({ email: accounts.email, name: accounts.name })
        .from(accounts)
        .where(and(eq(accounts.customerId, customerId), eq(accounts.role, 'owner')))
        .orderBy(accounts.id)
        .limit(1);
      return row;
    },

    /** Why the customer is suspended; null when not. */
    async suspendedReasonOf(customerId: number): Promise<string | null> {
      const [row] = await db
        .select({ reason: customers.suspendedReason })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.reason ?? null;
    },

    /** Locks the customer's row until the transaction ends: their checkouts are decided one at a time. */
    async lockCustomer(customerId: number) {
      await db.execute(sql`SELECT id FROM ${customers} WHERE id = ${customerId} FOR UPDATE`);
    },
  };
}

export type BillingStore = ReturnType<typeof createBillingStore>;
