import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { TestCustomer } from './customers.ts';
import { startServer, type TestServer } from './server.ts';
import { startStripeStandIn, stripeEnvironment } from './stripe-stand-in.ts';

// A suite's Berth server billing through Stripe (the stand-in), and Stripe subscriptions recorded as their
// checkout's webhook event would record them.

type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** Starts the stand-in and a server billing through it before the suite's tests; closes both after. */
export function useStripeServer(webhookSecret: string) {
  const suite = {} as { server: TestServer; stripe: StripeStandIn };
  beforeAll(async () => {
    suite.stripe = await startStripeStandIn();
    suite.server = await startServer(stripeEnvironment(suite.stripe, webhookSecret));
  });
  afterAll(async () => {
    await suite.server.close();
    await suite.stripe.close();
  });
  return suite;
}

/** A live Stripe subscription of the customer to the plan for the resource, its period ending at `periodEnd`; its id. */
export async function activateStripeSubscription(
  server: TestServer,
  customer: TestCustomer,
  subscribed: { planId: string; resourceId: string; periodEnd: Date },
) {
  const subscription = `sub_${randomBytes(8).toString('hex')}`;
  await server.services.billing.fulfilment.apply({
    provider: 'stripe',
    id: `evt_${randomBytes(8).toString('hex')}`,
    changes: [
      {
        kind: 'subscription-activated',
        subscription,
        customerId: customer.customerId,
        planId: subscribed.planId,
        resourceId: subscribed.resourceId,
        currentPeriodEnd: subscribed.periodEnd.toISOString(),
      },
    ],
  });
  return subscription;
}
