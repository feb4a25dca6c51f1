import type Stripe from 'stripe';
import type { BillingChange, InvoiceFacts, SubscriptionFacts, SubscriptionStatus } from '../provider.ts';

// Stripe's events as provider-neutral billing changes (the table in ../provider.ts). Our checkout writes the
// customer, plan and resource into the session's and the subscription's metadata, so subscription and
// invoice events name them whatever order they arrive in; an invoice without them (one not made by a
// subscription of ours) is known by its Stripe customer.

/** What one Stripe event means for one of our customers; undefined: nothing of ours, ignored. */
export interface StripeEventMeaning {
  customerId: number;
  /** The Stripe customer the event names, to remember as the customer's. */
  stripeCustomer?: string;
  changes: BillingChange[];
}

type Ours = Omit<SubscriptionFacts, 'subscription' | 'currentPeriodEnd'>;

const POSITIVE_ID = /^[1-9][0-9]{0,9}$/;
/** Customer ids are PostgreSQL integers: a larger number names no customer (and must not fail the query). */
const MAX_ID = 2_147_483_647;

/** Our customer, plan and resource from metadata our checkout wrote; undefined when they are not there. */
function oursIn(metadata: Stripe.Metadata | null | undefined): Ours | undefined {
  const { customerId, planId, resourceId } = metadata ?? {};
  if (!customerId || !POSITIVE_ID.test(customerId) || Number(customerId) > MAX_ID || !planId || !resourceId)
    return undefined;
  return { customerId: Number(customerId), planId, resourceId };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

const isoDate = (unixSeconds: number | null | undefined) =>
  unixSeconds ? new Date(unixSeconds * 1000).toISOString() : null;

/**
 * Stripe's subscription statuses as ours: `trialing` counts as active; `canceled` and `incomplete_expired`
 * are the end; `incomplete` (first payment not made yet: the checkout completing activates) and `paused`
 * change nothing.
 */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus | undefined {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
      return 'unpaid';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      return undefined;
  }
}

function subscriptionChange(
  subscription: Stripe.Subscription,
  deleted: boolean,
): StripeEventMeaning | undefined {
  const ours = oursIn(subscription.metadata);
  const status = deleted ? 'ended' : statusOf(subscription.status);
  if (!ours || !status) return undefined;
  const facts: SubscriptionFacts = {
    ...ours,
    subscription: subscription.id,
    currentPeriodEnd: isoDate(subscription.items.data[0]?.current_period_end),
  };
  const change: BillingChange =
    status === 'ended'
      ? { kind: 'subscription-ended', ...facts }
      : { kind: 'subscription-updated', status, ...facts };
  return { customerId: ours.customerId, stripeCustomer: idOf(subscription.customer), changes: [change] };
}

/** The invoice as our invoices list shows it: Stripe's number, lines, total, period and hosted page. */
function invoiceFacts(invoice: Stripe.Invoice): InvoiceFacts {
  return {
    id: invoice.id,
    ...(invoice.number ? { number: invoice.number } : {}),
    currency: invoice.currency,
    totalCents: invoice.total,
    lines: invoice.lines.data.map((line) => ({
      description: line.description ?? '',
      amountCents: line.amount,
    })),
    periodStart: new Date(invoice.period_start * 1000).toISOString(),
    periodEnd: new Date(invoice.period_end * 1000).toISOString(),
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
}

async function invoiceChange(
  invoice: Stripe.Invoice,
  kind: 'payment-succeeded' | 'payment-failed',
  customerOfStripe: (stripeCustomer: string) => Promise<number | undefined>,
): Promise<StripeEventMeaning | undefined> {
  const details = invoice.parent?.subscription_details;
  const stripeCustomer = idOf(invoice.customer);
  const customerId =
    oursIn(details?.metadata)?.customerId ??
    (stripeCustomer ? await customerOfStripe(stripeCustomer) : undefined);
  if (customerId === undefined) return undefined;
  const amountCents = kind === 'payment-succeeded' ? invoice.amount_paid : invoice.amount_due;
  const subscription = idOf(details?.subscription);
  return {
    customerId,
    stripeCustomer,
    changes: [
      {
        kind,
        customerId,
        amountCents,
        invoice: invoiceFacts(invoice),
        ...(subscription ? { subscription } : {}),
      },
    ],
  };
}

/** The meaning of a verified Stripe event; undefined for event types we do not use and events not ours. */
export async function meaningOf(
  event: Stripe.Event,
  customerOfStripe: (stripeCustomer: string) => Promise<number | undefined>,
): Promise<StripeEventMeaning | undefined> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const ours = oursIn(session.metadata);
      const subscription = idOf(session.subscription);
      // The customer the session was made for is the client_reference_id; the metadata must agree.
      if (session.mode !== 'subscription' || !ours || !subscription) return undefined;
      if (session.client_reference_id !== String(ours.customerId)) return undefined;
      const { customerId } = ours;
      return {
        customerId,
        stripeCustomer: idOf(session.customer),
        changes: [
          { kind: 'subscription-activated', subscription, ...ours },
          { kind: 'payment-method-attached', customerId },
        ],
      };
    }
    case 'invoice.paid':
      return invoiceChange(event.data.object, 'payment-succeeded', customerOfStripe);
    case 'invoice.payment_failed':
      return invoiceChange(event.data.object, 'payment-failed', customerOfStripe);
    case 'customer.subscription.updated':
      return subscriptionChange(event.data.object, false);
    case 'customer.subscription.deleted':
      return subscriptionChange(event.data.object, true);
    default:
      return undefined;
  }
}
