import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { billingCustomers, customers } from '../../../db/schema.ts';

/** Which Stripe customer (cus_…) is which Berth customer: learnt from checkouts, used to reuse and look up. */
export function createStripeCustomerStore(db: Db) {
  return {
    async stripeCustomerOf(customerId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ stripeCustomerId: billingCustomers.stripeCustomerId })
        .from(billingCustomers)
        .where(eq(billingCustomers.customerId, customerId));
      return row?.stripeCustomerId ?? undefined;
    },

    async customerOfStripe(stripeCustomerId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ customerId: billingCustomers.customerId })
        .from(billingCustomers)
        .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
      return row?.customerId;
    },

    /** Whether the customer an event names exists here (an event of another installation's customer does not). */
    async exists(customerId: number): Promise<boolean> {
      const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
      return row !== undefined;
    },

    /**
     * Records the customer's Stripe customer unless they have one already, or that Stripe customer is someone
     * else's: the first one stays (later checkouts reuse it, so Stripe creates no second one).
     */
    async remember(customerId: number, stripeCustomerId: string) {
      if ((await this.customerOfStripe(stripeCustomerId)) !== undefined) return;
      await db
        .insert(billingCustomers)
        .values({ customerId, stripeCustomerId })
        .onConflictDoUpdate({
          target: billingCustomers.customerId,
          set: { stripeCustomerId, updatedAt: new Date() },
          setWhere: isNull(billingCustomers.stripeCustomerId),
        });
    },
  };
}

export type StripeCustomerStore = ReturnType<typeof createStripeCustomerStore>;
