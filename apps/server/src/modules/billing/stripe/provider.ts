import type { FastifyInstance, FastifyReply } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../../../db/client.ts';
import { EnvironmentError } from '../../../environment.ts';
import { badInput, conflict } from '../../../errors.ts';
import type { Fulfilment } from '../fulfilment/fulfilment.ts';
import { PRODUCT_PLANS } from '../plans.ts';
import type { BillingProvider, PlanChange } from '../provider.ts';
import { createSessionStore } from '../sessions/store.ts';
import { createStripeCustomerStore } from './store.ts';
import { meaningOf, readEvent } from './events.ts';
import { webhookOutcomeOf, type WebhookOutcome } from '../../../telemetry/metrics.ts';

// Stripe as the billing provider: Checkout Sessions for subscribing, the Customer Portal for billing
// details, and a webhook whose verified events go to the one fulfilment (which applies each event id once).

export const WEBHOOK_PATH = '/billing/webhooks/stripe';
/** Seconds a signed webhook stays acceptable: older deliveries (replays) are refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Our plan id → Stripe price id. */
  prices: Record<string, string>;
  /** An API base other than https://api.stripe.com (a proxy; the tests' stand-in). */
  apiBase?: string;
}

function stripeClient(settings: StripeSettings) {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    ...(base ? { host: base.hostname, protocol, port: base.port || (protocol === 'http' ? 80 : 443) } : {}),
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'Berth' },
  });
}

/**
 * A Stripe API call. Its errors carry Stripe's status and message (a 400 for an unknown price would reach the
 * customer as their own bad input): they become our failure, logged with what Stripe said, answered as a 500.
 */
async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const status = error.statusCode === undefined ? '' : ` (HTTP ${String(error.statusCode)})`;
    throw new Error(`Stripe ${what} failed${status}: ${error.type}: ${error.message}`);
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

const badRequest = (reply: FastifyReply, message: string) =>
  reply.code(400).send({ error: 'BAD_REQUEST', message });

export function createStripeProvider(deps: {
  settings: StripeSettings;
  db: Db;
  fulfilment: Fulfilment;
  /** Does at once what an applied event asks of Stripe (a refused duplicate's refund and cancellation). */
  afterEvent: () => Promise<void>;
  /** Told each webhook call's outcome (the server's metrics). */
  countWebhook?: (outcome: WebhookOutcome) => void;
}): BillingProvider {
  const { settings, fulfilment } = deps;
  const unpriced = [...PRODUCT_PLANS.keys()].find((planId) => !settings.prices[planId]);
  if (unpriced) {
    throw new EnvironmentError(`Invalid environment variable STRIPE_PRICES: no price for plan ${unpriced}`);
  }
  const stripe = stripeClient(settings);
  const customers = createStripeCustomerStore(deps.db);
  const sessions = createSessionStore(deps.db);

  /** The subscription's item whose price changes, the new plan's price, and the Stripe customer. */
  async function itemToChange(change: PlanChange) {
    const price = settings.prices[change.to.id];
    if (!price)
      throw badInput('planId', `${change.to.name} cannot be bought here yet; contact customer support`);
    const found = await callStripe('subscription', () => stripe.subscriptions.retrieve(change.subscription));
    const item = found.items.data[0]?.id;
    const customer = idOf(found.customer);
    if (!item || !customer)
      throw new Error(`Stripe subscription ${change.subscription} has no item or customer`);
    return { item, price, customer };
  }

  async function routes(app: FastifyInstance) {
    // Only this scope reads bodies as raw bytes: the signature is over the exact bytes Stripe sent.
    await app.register(async (webhooks) => {
      webhooks.removeAllContentTypeParsers();
      webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      webhooks.addHook('onResponse', async (_request, reply) => {
        deps.countWebhook?.(webhookOutcomeOf(reply.statusCode));
      });

      webhooks.post(WEBHOOK_PATH, async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || signature === '') {
          return badRequest(reply, 'Missing Stripe-Signature header');
        }
        if (!Buffer.isBuffer(request.body)) return badRequest(reply, 'Missing event body');
        let payload: unknown;
        try {
          payload = stripe.webhooks.constructEvent(
            request.body,
            signature,
            settings.webhookSecret,
            SIGNATURE_TOLERANCE_SECONDS,
          );
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
            return badRequest(reply, `Invalid Stripe-Signature: ${error.message}`);
          }
          // The signature was good (it is checked first) but the body is not JSON.
          if (error instanceof SyntaxError) return badRequest(reply, 'The event body is not JSON');
          throw error;
        }
        const event = readEvent(payload);
        if (event && 'malformed' in event) return badRequest(reply, `Malformed event: ${event.malformed}`);
        const meaning = event && (await meaningOf(event, customers.customerOfStripe));
        // Not ours (another event type, another installation's customer): acknowledged, so not resent.
        if (!event || !meaning || !(await customers.exists(meaning.customerId))) {
          return reply.code(200).send({ received: true, applied: false });
        }
        if (meaning.stripeCustomer) await customers.remember(meaning.customerId, meaning.stripeCustomer);
        const result = await fulfilment.apply({ provider: 'stripe', id: event.id, changes: meaning.changes });
        // A completed checkout's page is not handed out again.
        if (event.type === 'checkout.session.completed')
          await sessions.useSession(event.data.object.id, new Date());
        if (result === 'applied') await deps.afterEvent();
        return reply.code(200).send({ received: true, applied: result === 'applied' });
      });
    });
  }

  return {
    name: 'stripe',

    async createCheckout({ customer, plan, resourceId, successUrl, cancelUrl }, tx) {
      const price = settings.prices[plan.id];
      // Product plans must have a price to start (checked above); a cluster plan may be left unsold.
      if (!price)
        throw badInput('planId', `${plan.name} cannot be bought here yet; contact customer support`);
      const metadata = { customerId: String(customer.id), planId: plan.id, resourceId };
      const stripeCustomer = await createStripeCustomerStore(tx).stripeCustomerOf(customer.id);
      const session = await callStripe('checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          client_reference_id: String(customer.id),
          metadata,
          subscription_data: { metadata },
          ...(stripeCustomer ? { customer: stripeCustomer } : { customer_email: customer.email }),
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no url`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async createDetailsPage({ customer, returnUrl }) {
      const stripeCustomer = await customers.stripeCustomerOf(customer.id);
      if (!stripeCustomer) {
        throw conflict('There are no billing details yet: they are kept from your first subscription on');
      }
      const session = await callStripe('customer portal session', () =>
        stripe.billingPortal.sessions.create({ customer: stripeCustomer, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    routes,

    async setCancelAtPeriodEnd(subscription, cancel) {
      await callStripe('subscription update', () =>
        stripe.subscriptions.update(subscription, { cancel_at_period_end: cancel }),
      );
    },

    async previewPlanChange(change) {
      const { item, price, customer } = await itemToChange(change);
      const preview = await callStripe('invoice preview', () =>
        stripe.invoices.createPreview({
          customer,
          subscription: change.subscription,
          subscription_details: {
            items: [{ id: item, price }],
            proration_behavior: 'always_invoice',
            proration_date: unixSeconds(change.prorationDate),
          },
        }),
      );
      return preview.amount_due;
    },

    async changePlan(change) {
      const { item, price } = await itemToChange(change);
      const metadata = { planId: change.to.id };
      if (change.timing === 'period-end') {
        // The price changes now without proration: the next period's invoice is the first at the new price.
        await callStripe('subscription update', () =>
          stripe.subscriptions.update(change.subscription, {
            items: [{ id: item, price }],
            proration_behavior: 'none',
            metadata,
          }),
        );
        return [];
      }
      // Charged at once; with pending_if_incomplete a declined payment leaves the subscription unchanged.
      // The idempotency key makes a retried request (same preview) charge once.
      const updated = await callStripe('subscription update', () =>
        stripe.subscriptions.update(
          change.subscription,
          {
            items: [{ id: item, price }],
            proration_behavior: 'always_invoice',
            proration_date: unixSeconds(change.prorationDate),
            payment_behavior: 'pending_if_incomplete',
          },
          {
            idempotencyKey: `berth-plan-${change.subscription}-${change.to.id}-${unixSeconds(change.prorationDate)}`,
          },
        ),
      );
      if (updated.pending_update) {
        throw conflict(
          'The payment for the upgrade was declined, so the plan was not changed: update your card under billing details and try again',
        );
      }
      // Pending updates take no metadata: the plan is named in a second call.
      await callStripe('subscription update', () =>
        stripe.subscriptions.update(change.subscription, { metadata }),
      );
      // The charge and its invoice arrive as invoice.paid.
      return [];
    },

    async refundDuplicate(subscription) {
      const found = await callStripe('subscription', () => stripe.subscriptions.retrieve(subscription));
      const invoice = idOf(found.latest_invoice);
      const payments = invoice
        ? await callStripe('invoice payments', () => stripe.invoicePayments.list({ invoice, status: 'paid' }))
        : { data: [] };
      for (const { payment } of payments.data) {
        const intent = idOf(payment.payment_intent);
        if (!intent) continue;
        // The idempotency key makes a second try (after a failure further on) refund nothing twice.
        await callStripe('refund', () =>
          stripe.refunds.create(
            { payment_intent: intent, reason: 'duplicate', metadata: { subscription } },
            { idempotencyKey: `berth-duplicate-${subscription}-${intent}` },
          ),
        );
      }
      if (found.status !== 'canceled') {
        await callStripe('subscription cancel', () => stripe.subscriptions.cancel(subscription));
      }
    },
  };
}
