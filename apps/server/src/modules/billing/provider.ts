import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { BillablePlan } from './plans.ts';

// The seam between Berth and a card payment provider. A provider does two things for us: it hosts pages
// (a checkout for a plan, a page for billing details) and it tells us what happened, as provider-neutral
// billing events that ONE fulfilment service (fulfilment.ts) applies exactly once each.
//
// How the Stripe webhook maps onto the events (one Stripe event = one BillingEvent with its id):
//   checkout.session.completed      → subscription-activated (+ payment-method-attached)
//   invoice.paid                    → payment-succeeded (with the invoice: number, lines, period, total)
//   invoice.payment_failed          → payment-failed (the invoice stays open)
//   customer.subscription.updated   → subscription-updated (status active | past_due | unpaid)
//   customer.subscription.deleted   → subscription-ended
// Checkout sessions carry our customer id (client_reference_id) and the plan and resource (metadata, also
// copied to the subscription's metadata), so every event names them and may arrive in any order.

export type BillingProviderName = 'local' | 'stripe';

export interface BillingCustomer {
  id: number;
  name: string;
  email: string;
}

export interface CheckoutRequest {
  customer: BillingCustomer;
  plan: BillablePlan;
  /** The subscribed resource: the customer's own id for a product plan, else the resource's (a cluster). */
  resourceId: string;
  /** Portal addresses the hosted page sends the browser back to (ours, never a client's). */
  successUrl: string;
  cancelUrl: string;
}

/** A checkout page the provider opened: its id (the session's), address and end. */
export interface OpenedCheckout {
  id: string;
  url: string;
  expiresAt: Date;
}

/**
 * A subscription moving from one plan to another: an upgrade (`now`) is charged at once for the rest of
 * the period, prorated from `prorationDate`; a downgrade (`period-end`) is charged from the next period on.
 */
export interface PlanChange {
  /** The provider's subscription id. */
  subscription: string;
  customerId: number;
  resourceId: string;
  from: BillablePlan;
  to: BillablePlan;
  timing: 'now' | 'period-end';
  prorationDate: Date;
  /** End of the period paid for, as we last heard. */
  currentPeriodEnd: Date;
}

export interface DetailsRequest {
  customer: BillingCustomer;
  returnUrl: string;
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  /**
   * A hosted checkout page for one plan; the browser is sent there. The caller records it (so it is handed
   * out again while open) in the transaction `tx`, which the provider reads through too.
   */
  createCheckout(request: CheckoutRequest, tx: Db): Promise<OpenedCheckout>;
  /** A hosted page where the customer edits their billing details. */
  createDetailsPage(request: DetailsRequest): Promise<{ url: string }>;
  /** The provider's own HTTP paths under /billing (hosted pages, a webhook), mounted with the billing area. */
  routes(app: FastifyInstance): Promise<void>;
  /**
   * Tells the provider whether its subscription ends at its period's end instead of renewing. The local
   * provider's subscriptions are our rows themselves: it has nothing to be told.
   */
  setCancelAtPeriodEnd(subscription: string, cancel: boolean): Promise<void>;
  /**
   * Cancels a subscription refused as a second one to the same plan for the same resource, and refunds
   * what was paid for it; done again it changes nothing. The local provider charged nothing for it.
   */
  refundDuplicate(subscription: string): Promise<void>;
  /** What an upgrade charges now (cents): the provider's own figure, the one `changePlan` will charge. */
  previewPlanChange(change: PlanChange): Promise<number>;
  /**
   * Moves the provider's subscription to the new plan: an upgrade is charged now (refused, changing
   * nothing, when the payment fails), a downgrade is billed from the next period. Returns what the
   * provider reports with it at once (the local provider's charge); a real one reports through its events.
   */
  changePlan(change: PlanChange): Promise<BillingChange[]>;
}

/** Our subscription states; the entitlement of a product plan is held in every state but `ended`. */
export type SubscriptionStatus = 'active' | 'past_due' | 'unpaid' | 'ended';

/** What every subscription change names, so a change can create the row whatever arrived before it. */
export interface SubscriptionFacts {
  /** The provider's subscription id. */
  subscription: string;
  customerId: number;
  planId: string;
  resourceId: string;
  /** ISO date-time the paid period ends, when the provider says. */
  currentPeriodEnd?: string | null;
  /** Whether it ends at the period's end instead of renewing, when the provider says. */
  cancelAtPeriodEnd?: boolean;
}

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** An invoice as the provider issued it; reported with its payment, or its failed payment. */
export interface InvoiceFacts {
  /** The provider's invoice id. */
  id: string;
  /** The provider's invoice number; the local provider leaves it to us. */
  number?: string;
  currency: string;
  /** Net: before tax. */
  subtotalCents: number;
  taxCents: number;
  /** Hundredths of a percent (1900 is 19 %); null when the tax has no single known rate. */
  taxRateBasisPoints: number | null;
  /** Charged: net plus tax. */
  totalCents: number;
  lines: { description: string; amountCents: number }[];
  /** ISO date-times of the period the invoice is for. */
  periodStart: string;
  periodEnd: string;
  hostedUrl?: string | null;
}

export type BillingChange =
  | ({ kind: 'subscription-activated' } & SubscriptionFacts)
  | ({ kind: 'subscription-updated'; status: Exclude<SubscriptionStatus, 'ended'> } & SubscriptionFacts)
  | ({ kind: 'subscription-ended' } & SubscriptionFacts)
  /** The subscription (and its resource) is on plan `planId` from now on; a pending change is done. */
  | ({ kind: 'plan-changed' } & SubscriptionFacts)
  | {
      kind: 'payment-succeeded';
      customerId: number;
      subscription?: string;
      amountCents: number;
      invoice?: InvoiceFacts;
    }
  | {
      kind: 'payment-failed';
      customerId: number;
      subscription?: string;
      amountCents: number;
      invoice?: InvoiceFacts;
    }
  | { kind: 'payment-method-attached'; customerId: number; card?: CardSummary };

/** One event of a provider: applied at most once per (provider, id), all its changes in one transaction. */
export interface BillingEvent {
  provider: BillingProviderName;
  /** The provider's event id (Stripe's `evt_…`), or one the local provider derives from its session. */
  id: string;
  changes: BillingChange[];
}
