import { z } from 'zod';
import { rowId } from '../../../db/ids.ts';
import { BILLABLE_PLANS } from '../plans.ts';
import type { BillingChange, InvoiceFacts, SubscriptionFacts, SubscriptionStatus } from '../provider.ts';

// Stripe's events as provider-neutral billing changes (the table in ../provider.ts). Our checkout writes the
// customer, plan and resource into the session's and the subscription's metadata, so subscription and
// invoice events name them whatever order they arrive in; an invoice without them (one not made by a
// subscription of ours) is known by its Stripe customer.
//
// A signed event is still read as untrusted input: each handled type's object is checked against the
// fields we read (Stripe's object shapes, API version 2025-11-17.clover) before use, so a malformed one is
// a 400 naming the field instead of a failure inside the fulfilment (a 500, which Stripe retries for days).

/** Stripe's own ids: a known prefix, visible ASCII only, of a bounded length. */
const stripeId = (prefix: string) =>
  z
    .string()
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters')
    .startsWith(prefix);

/** Free text we store: PostgreSQL text cannot hold NUL. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\0'), 'must not contain NUL');

/** Metadata values are at most 500 characters at Stripe: a longer one is not Stripe's. */
const metadataValue = z
  .string()
  .max(500)
  .regex(/^\P{Cc}*$/u, 'must not contain control characters');

/** Only the keys our checkout writes; other keys (someone else's) are not read, so not checked. */
const metadata = z
  .object({ customerId: metadataValue, planId: metadataValue, resourceId: metadataValue })
  .partial()
  .nullish();

/** Amounts of integer columns (PostgreSQL `integer`). */
const cents = z.number().int().min(-2_147_483_648).max(2_147_483_647);
/** Unix seconds up to year 9999, so every one is a valid Date. */
const unixSeconds = z.number().int().min(0).max(253_402_300_799);

const checkoutSession = z.object({
  id: stripeId('cs_'),
  mode: z.string(),
  client_reference_id: z.string().nullish(),
  customer: stripeId('cus_').nullish(),
  subscription: stripeId('sub_').nullish(),
  metadata,
});

const invoice = z.object({
  id: stripeId('in_'),
  number: text(255).nullish(),
  customer: stripeId('cus_').nullish(),
  currency: z.string().regex(/^[a-z]{3}$/, 'must be a three-letter currency code'),
  total: cents,
  // Null when the invoice was issued before Stripe computed tax on it: then it has none.
  total_excluding_tax: cents.nullish(),
  amount_paid: cents,
  amount_due: cents,
  lines: z.object({ data: z.array(z.object({ description: text(5000).nullish(), amount: cents })) }),
  period_start: unixSeconds,
  period_end: unixSeconds,
  hosted_invoice_url: text(2048).nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: stripeId('sub_'), metadata }).nullish(),
    })
    .nullish(),
});

const subscription = z.object({
  id: stripeId('sub_'),
  customer: stripeId('cus_').nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  metadata,
  items: z.object({ data: z.array(z.object({ current_period_end: unixSeconds.nullish() })) }),
});

const event = <Type extends string, Shape extends z.ZodType>(type: Type, object: Shape) =>
  z.object({ id: stripeId('evt_'), type: z.literal(type), data: z.object({ object }) });

const handledEvent = z.discriminatedUnion('type', [
  event('checkout.session.completed', checkoutSession),
  event('invoice.paid', invoice),
  event('invoice.payment_failed', invoice),
  event('customer.subscription.updated', subscription),
  event('customer.subscription.deleted', subscription),
]);
type HandledEvent = z.infer<typeof handledEvent>;
type Invoice = z.infer<typeof invoice>;
type Subscription = z.infer<typeof subscription>;
type Metadata = z.infer<typeof metadata>;

const HANDLED_TYPES: ReadonlySet<string> = new Set(
  handledEvent.options.map((option) => option.shape.type.value),
);

/** `data.object.lines: Invalid input: expected object, received undefined`: each problem with its path. */
const reasonOf = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'event'}: ${issue.message}`).join('; ');

/**
 * A verified event's payload as one we handle; `undefined` for another type (ignored); `{malformed}` with
 * the reason when the envelope or a handled type's object is not as Stripe makes them.
 */
export function readEvent(payload: unknown): HandledEvent | { malformed: string } | undefined {
  const envelope = z.object({ id: stripeId('evt_'), type: z.string() }).safeParse(payload);
  if (!envelope.success) return { malformed: reasonOf(envelope.error) };
  if (!HANDLED_TYPES.has(envelope.data.type)) return undefined;
  const parsed = handledEvent.safeParse(payload);
  return parsed.success ? parsed.data : { malformed: reasonOf(parsed.error) };
}

/** What one Stripe event means for one of our customers; undefined: nothing of ours, ignored. */
export interface StripeEventMeaning {
  customerId: number;
  /** The Stripe customer the event names, to remember as the customer's. */
  stripeCustomer?: string;
  changes: BillingChange[];
}

type Ours = Omit<SubscriptionFacts, 'subscription' | 'currentPeriodEnd'>;

/**
 * Our customer, plan and resource from metadata our checkout wrote; undefined when they are not there.
 * A plan this version does not sell is not ours either (acknowledged, not refused): our checkout writes
 * only known plans, so the metadata was written by someone else sharing the Stripe account, and a 400
 * would have Stripe retry for days what no retry can change.
 */
function oursIn(metadata: Metadata): Ours | undefined {
  const { customerId, planId, resourceId } = metadata ?? {};
  const customer = customerId === undefined ? undefined : rowId(customerId);
  if (customer === undefined) return undefined;
  if (!planId || !BILLABLE_PLANS.has(planId) || !resourceId) return undefined;
  return { customerId: customer, planId, resourceId };
}

const isoDate = (unixSeconds: number | null | undefined) =>
  unixSeconds ? new Date(unixSeconds * 1000).toISOString() : null;

/**
 * Stripe's subscription statuses as ours: `trialing` counts as active; `canceled` and `incomplete_expired`
 * are the end; `incomplete` (first payment not made yet: the checkout completing activates), `paused` and
 * any status Stripe adds later change nothing.
 */
function statusOf(status: string): SubscriptionStatus | undefined {
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

function subscriptionChange(subscription: Subscription, deleted: boolean): StripeEventMeaning | undefined {
  const ours = oursIn(subscription.metadata);
  const status = deleted ? 'ended' : statusOf(subscription.status);
  if (!ours || !status) return undefined;
  const facts: SubscriptionFacts = {
    ...ours,
    subscription: subscription.id,
    currentPeriodEnd: isoDate(subscription.items.data[0]?.current_period_end),
    // Cancelled (or resumed) in Stripe's own Customer Portal.
    ...(typeof subscription.cancel_at_period_end === 'boolean'
      ? { cancelAtPeriodEnd: subscription.cancel_at_period_end }
      : {}),
  };
  const change: BillingChange =
    status === 'ended'
      ? { kind: 'subscription-ended', ...facts }
      : { kind: 'subscription-updated', status, ...facts };
  return {
    customerId: ours.customerId,
    stripeCustomer: subscription.customer ?? undefined,
    changes: [change],
  };
}

/**
 * The invoice as our invoices list shows it: Stripe's number, lines, net, tax, total, period and hosted page.
 * The tax's rate is not in the event (only the tax rate's id), so it is left unknown: Stripe's own page of
 * the invoice states it.
 */
function invoiceFacts(invoice: Invoice): InvoiceFacts {
  const subtotalCents = invoice.total_excluding_tax ?? invoice.total;
  return {
    id: invoice.id,
    ...(invoice.number ? { number: invoice.number } : {}),
    currency: invoice.currency,
    subtotalCents,
    taxCents: invoice.total - subtotalCents,
    taxRateBasisPoints: null,
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
  invoice: Invoice,
  kind: 'payment-succeeded' | 'payment-failed',
  customerOfStripe: (stripeCustomer: string) => Promise<number | undefined>,
): Promise<StripeEventMeaning | undefined> {
  const details = invoice.parent?.subscription_details;
  const stripeCustomer = invoice.customer ?? undefined;
  const customerId =
    oursIn(details?.metadata)?.customerId ??
    (stripeCustomer ? await customerOfStripe(stripeCustomer) : undefined);
  if (customerId === undefined) return undefined;
  const amountCents = kind === 'payment-succeeded' ? invoice.amount_paid : invoice.amount_due;
  const subscription = details?.subscription;
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

/** The meaning of a verified, well-formed Stripe event; undefined for events not ours. */
export async function meaningOf(
  event: HandledEvent,
  customerOfStripe: (stripeCustomer: string) => Promise<number | undefined>,
): Promise<StripeEventMeaning | undefined> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const ours = oursIn(session.metadata);
      const { subscription } = session;
      // The customer the session was made for is the client_reference_id; the metadata must agree.
      if (session.mode !== 'subscription' || !ours || !subscription) return undefined;
      if (session.client_reference_id !== String(ours.customerId)) return undefined;
      const { customerId } = ours;
      return {
        customerId,
        stripeCustomer: session.customer ?? undefined,
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
  }
}
