import { composeMail } from '../mail/compose.ts';
import { formatEuros, planNameOf } from './plans.ts';
import type { SubscriptionRow } from './store.ts';

// The mails that tell a customer's owner what happened to their billing, queued in the transaction of the
// change they tell (notices.ts). Each says what happened, what the customer can do, and links to the
// portal's Billing page; nothing in them is secret.

export interface Recipient {
  email: string;
  name: string;
}

/** "26 November 2026": the calendar day (UTC) a period ends or a cluster stops. */
const dayOf = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Euros as the price list shows them; another currency (a provider's) by its code. */
const amountOf = (cents: number, currency: string) =>
  currency.toUpperCase() === 'EUR'
    ? formatEuros(cents)
    : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const billingPage = (url: string) => ({ label: 'Open the Billing page', url });

export interface FailedPayment {
  amountCents: number;
  currency: string;
  /** The invoice's number, when the provider numbered it. */
  invoiceNumber?: string;
  /** How many more failures in a row suspend the account (0 once suspended for them). */
  failuresLeft: number;
  /** `now`: this failure suspended the account; `before`: it was suspended for failed payments already. */
  suspension?: 'now' | 'before';
}

const whatSuspensionMeans =
  'Everything you have keeps running and you can still read, pay for and delete it, but nothing new can be created or grown. The suspension is lifted as soon as a payment succeeds.';

export function paymentFailedMail(to: Recipient, billingUrl: string, payment: FailedPayment) {
  const amount = amountOf(payment.amountCents, payment.currency);
  const invoice = payment.invoiceNumber ? ` for invoice ${payment.invoiceNumber}` : '';
  const consequence = {
    now: `This is the third failed payment in a row, so your Berth account is suspended. ${whatSuspensionMeans}`,
    before: 'Your Berth account stays suspended until a payment succeeds.',
    none:
      payment.failuresLeft > 0
        ? `If ${payment.failuresLeft === 1 ? 'one more payment fails' : `${payment.failuresLeft} more payments fail`} in a row, your account is suspended: nothing new can be created until a payment succeeds.`
        : undefined,
  }[payment.suspension ?? 'none'];
  return composeMail({
    kind: 'billing-payment-failed',
    recipient: to.email,
    name: to.name,
    subject: 'A payment failed',
    paragraphs: [
      `A payment of ${amount}${invoice} could not be taken from the card of your Berth account.`,
      ...(consequence ? [consequence] : []),
      'On the Billing page you can see the open invoice and change the card or billing details it is paid with.',
    ],
    action: billingPage(billingUrl),
    footnote: 'You receive this mail because you own the Berth account the payment is for.',
  });
}

export const suspendedUnpaidMail = (to: Recipient, billingUrl: string, planId: string) =>
  composeMail({
    kind: 'billing-suspended',
    recipient: to.email,
    name: to.name,
    subject: 'Your account is suspended for an unpaid subscription',
    paragraphs: [
      `Your subscription to ${planNameOf(planId)} is unpaid: the payment provider stopped retrying its open invoice. Your Berth account is suspended.`,
      whatSuspensionMeans,
      'On the Billing page you can see the open invoice and change the card or billing details it is paid with.',
    ],
    action: billingPage(billingUrl),
    footnote: 'You receive this mail because you own the Berth account the subscription is for.',
  });

/** A subscription set to end at the end of its period paid for (`currentPeriodEnd`, when known). */
export const subscriptionEndingMail = (
  to: Recipient,
  billingUrl: string,
  subscription: Pick<SubscriptionRow, 'planId' | 'currentPeriodEnd'>,
) =>
  composeMail({
    kind: 'billing-subscription-ending',
    recipient: to.email,
    name: to.name,
    subject: 'Your subscription is ending',
    paragraphs: [
      `Your subscription to ${planNameOf(subscription.planId)} was cancelled: it ends ${subscription.currentPeriodEnd ? `on ${dayOf(subscription.currentPeriodEnd)}, ` : ''}at the end of the period already paid for, is not renewed and nothing more is charged for it.`,
      'Until then you can keep it with Resume on the Billing page.',
    ],
    action: billingPage(billingUrl),
    footnote:
      'If you did not cancel it, resume it on the Billing page and change your password: someone else may have access to your account.',
  });

/** A kind of resource with a plan of its own, as the billing mails name it. */
export interface PlannedResourceWords {
  /** "cluster": its mails' kind (billing-cluster-unpaid) and how a sentence names it again. */
  short: 'cluster' | 'queue';
  /** "database cluster" */
  noun: string;
  /** What a stop keeps: "its databases and users". */
  kept: string;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export interface UnpaidResource {
  name: string;
  namespace: string;
  planName: string;
  /** The plan's price, when the plan is known. */
  monthlyPriceCents?: number;
  /** When it is stopped unless its plan is paid for. */
  stopsAt: Date;
}

export const resourceUnpaidMail = (
  to: Recipient,
  billingUrl: string,
  words: PlannedResourceWords,
  resource: UnpaidResource,
) =>
  composeMail({
    kind: `billing-${words.short}-unpaid`,
    recipient: to.email,
    name: to.name,
    subject: `${capitalized(words.noun)} ${resource.name} is unpaid`,
    paragraphs: [
      `The subscription to the plan of ${words.noun} ${resource.name} in namespace ${resource.namespace} (${resource.planName}${resource.monthlyPriceCents === undefined ? '' : `, ${formatEuros(resource.monthlyPriceCents)} a month`}) has ended or is not paid.`,
      `The ${words.short} keeps running until ${dayOf(resource.stopsAt)}. Then it is stopped, not deleted: ${words.kept} are kept, but nobody can connect to it.`,
      'Pay for its plan under "Unpaid" on the Billing page to keep it running.',
    ],
    action: billingPage(billingUrl),
    footnote: `You receive this mail because you own the Berth account the ${words.noun} belongs to.`,
  });

export interface StoppedResource {
  name: string;
  namespace: string;
  planName: string;
  unpaidSince: Date;
  graceDays: number;
}

export const resourceStoppedMail = (
  to: Recipient,
  billingUrl: string,
  words: PlannedResourceWords,
  resource: StoppedResource,
) =>
  composeMail({
    kind: `billing-${words.short}-stopped`,
    recipient: to.email,
    name: to.name,
    subject: `${capitalized(words.noun)} ${resource.name} was stopped for non-payment`,
    paragraphs: [
      `${capitalized(words.noun)} ${resource.name} in namespace ${resource.namespace} was stopped: its plan (${resource.planName}) is unpaid since ${dayOf(resource.unpaidSince)} and the ${resource.graceDays} days of grace are over.`,
      `Nothing was deleted: ${words.kept} are kept, but nobody can connect to it.`,
      'Pay for its plan under "Unpaid" on the Billing page and it starts again.',
    ],
    action: billingPage(billingUrl),
    footnote: `You receive this mail because you own the Berth account the ${words.noun} belongs to.`,
  });
