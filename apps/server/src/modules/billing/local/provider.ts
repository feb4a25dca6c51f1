import { createHash, randomBytes } from 'node:crypto';
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Fulfilment } from '../fulfilment/fulfilment.ts';
import { BILLABLE_PLANS } from '../plans.ts';
import type { BillingChange, BillingProvider, PlanChange } from '../provider.ts';
import type { BillingSession, SessionStore } from '../sessions/store.ts';
import type { BillingDetails, BillingStore } from '../store.ts';
import { CARD_FIELDS, checkCard, type CardForm } from './cards.ts';
import { checkDetails, DETAILS_FIELDS, detailsFormValues } from './details-form.ts';
import { checkoutPage, detailsPage, sessionGonePage, type DetailsField } from './pages.ts';
import { localPayment, vatCents } from './payment.ts';
import { day, LOCAL_PERIOD_MS } from './renewals.ts';

// The embedded payment provider: Berth hosts the checkout and billing-details pages itself, at
// /billing/hosted/{checkout|details}/{session}. The random session id in the address is the capability:
// it names one customer's one page, expires after SESSION_TTL_MS and works once. There are no cookies, so
// another site cannot submit the form on the customer's behalf without knowing the address.
// A successful checkout sends the same fulfilment event a real provider's webhook would lead to.

export const SESSION_TTL_MS = 30 * 60_000;
export const HOSTED_PATH = '/billing/hosted';

const SESSION_ID = /^[A-Za-z0-9_-]{16,100}$/;

const formSchema = (fields: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries(fields.map((name) => [name, { type: 'string', maxLength: 1000 }])),
});

const GONE_MESSAGES = {
  checkout: {
    unknown: 'This checkout link is not valid.',
    expired: 'This checkout link has expired.',
    used: 'This checkout is already complete.',
  },
  details: {
    unknown: 'This link is not valid.',
    expired: 'This link has expired.',
    used: 'These billing details were already saved.',
  },
};

/** An address saved before it was asked in parts: the details page shows it, to be entered in them. */
const addressWithoutParts = (saved: BillingDetails | undefined) =>
  saved && !saved.addressParts && saved.address !== '' ? saved.address : undefined;

/** The price difference for what is left of the period, from the proration date: never negative. */
function proratedCents({ from, to, prorationDate, currentPeriodEnd }: PlanChange) {
  const left = currentPeriodEnd.getTime() - prorationDate.getTime();
  if (left <= 0) return 0;
  return Math.max(0, Math.round(((to.monthlyPriceCents - from.monthlyPriceCents) * left) / LOCAL_PERIOD_MS));
}

/** The upgrade's charge as the local provider reports it: paid at once, with its invoice. */
function prorationCharge(change: PlanChange, vatRateBasisPoints: number): BillingChange {
  const amountCents = proratedCents(change);
  const periodEnd = change.currentPeriodEnd;
  const reference = `${change.subscription}_${change.to.id}_${change.prorationDate.getTime()}`;
  return localPayment({
    customerId: change.customerId,
    subscription: change.subscription,
    invoiceId: `in_local_plan_${reference}`,
    currency: change.to.currency,
    lines: [
      {
        description: `${change.to.name}, upgraded from ${change.from.id}, ${day(change.prorationDate)} to ${day(periodEnd)}`,
        amountCents,
      },
    ],
    periodStart: change.prorationDate,
    periodEnd,
    vatRateBasisPoints,
  });
}

export function createLocalProvider(deps: {
  publicUrl: string;
  store: BillingStore;
  sessions: SessionStore;
  fulfilment: Fulfilment;
  /** INVOICE_VAT_RATE in hundredths of a percent: added to every charge. */
  vatRateBasisPoints: number;
  now?: () => Date;
}): BillingProvider {
  const { store, sessions, fulfilment, now = () => new Date() } = deps;

  /** A new hosted page: its random id (the capability), address and end. */
  function newPage(kind: BillingSession['kind']) {
    const id = `${kind === 'checkout' ? 'cs' : 'bd'}_${randomBytes(24).toString('base64url')}`;
    const url = `${deps.publicUrl}${HOSTED_PATH}/${kind}/${id}`;
    return { id, url, expiresAt: new Date(now().getTime() + SESSION_TTL_MS) };
  }

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html').send(body);

  /** The usable session of this address, or undefined once the page saying why there is none is sent. */
  async function usableSession(kind: BillingSession['kind'], id: string, reply: FastifyReply) {
    const session = SESSION_ID.test(id) ? await sessions.findSession(id, kind) : undefined;
    const gone = async (status: number, reason: keyof (typeof GONE_MESSAGES)['checkout']) => {
      await html(reply, status, sessionGonePage(GONE_MESSAGES[kind][reason], session?.cancelUrl));
      return undefined;
    };
    if (!session) return gone(404, 'unknown');
    if (session.usedAt) return gone(410, 'used');
    if (session.expiresAt <= now()) return gone(410, 'expired');
    return session;
  }

  async function routes(app: FastifyInstance) {
    await app.register(async (pages) => {
      await pages.register(formBody);
      const checkoutAction = (id: string) => `${HOSTED_PATH}/checkout/${id}`;
      const detailsAction = (id: string) => `${HOSTED_PATH}/details/${id}`;

      pages.get<{ Params: { session: string } }>(
        `${HOSTED_PATH}/checkout/:session`,
        async (request, reply) => {
          const session = await usableSession('checkout', request.params.session, reply);
          if (!session) return reply;
          const plan = BILLABLE_PLANS.get(session.planId ?? '');
          if (!plan) throw new Error(`checkout session for unknown plan ${session.planId ?? ''}`);
          return html(
            reply,
            200,
            checkoutPage({
              vatRateBasisPoints: deps.vatRateBasisPoints,
              action: checkoutAction(session.id),
              cancelUrl: session.cancelUrl,
              plan,
              email: session.email,
            }),
          );
        },
      );

      pages.post<{ Params: { session: string }; Body: Partial<CardForm> }>(
        `${HOSTED_PATH}/checkout/:session`,
        { schema: { body: formSchema(CARD_FIELDS) } },
        async (request, reply) => {
          const session = await usableSession('checkout', request.params.session, reply);
          if (!session) return reply;
          const plan = BILLABLE_PLANS.get(session.planId ?? '');
          if (!plan || session.resourceId === null)
            throw new Error(`checkout session ${session.id} is incomplete`);
          const form: CardForm = {
            cardNumber: request.body.cardNumber ?? '',
            expiry: request.body.expiry ?? '',
            cvc: request.body.cvc ?? '',
            name: request.body.name ?? '',
          };
          const check = checkCard(form, now());
          if (check.outcome !== 'charged') {
            const page = checkoutPage({
              vatRateBasisPoints: deps.vatRateBasisPoints,
              action: checkoutAction(session.id),
              cancelUrl: session.cancelUrl,
              plan,
              email: session.email,
              values: { name: form.name, expiry: form.expiry },
              ...(check.outcome === 'declined' ? { error: check.message } : { errors: check.errors }),
            });
            return html(reply, check.outcome === 'declined' ? 402 : 400, page);
          }
          // Ids derived from the session: a second submission of the same page is the same event.
          const reference = createHash('sha256').update(session.id).digest('hex').slice(0, 24);
          const customerId = session.customerId;
          const periodStart = now();
          const periodEnd = new Date(periodStart.getTime() + LOCAL_PERIOD_MS);
          await fulfilment.apply({
            provider: 'local',
            id: `evt_local_${reference}`,
            changes: [
              { kind: 'payment-method-attached', customerId, card: check.card },
              {
                kind: 'subscription-activated',
                subscription: `sub_local_${reference}`,
                customerId,
                planId: plan.id,
                resourceId: session.resourceId,
                currentPeriodEnd: periodEnd.toISOString(),
              },
              localPayment({
                customerId,
                subscription: `sub_local_${reference}`,
                invoiceId: `in_local_${reference}`,
                currency: plan.currency,
                lines: [{ description: plan.name, amountCents: plan.monthlyPriceCents }],
                periodStart,
                periodEnd,
                vatRateBasisPoints: deps.vatRateBasisPoints,
              }),
            ],
          });
          await sessions.useSession(session.id, now());
          // Another checkout of the same plan and resource was paid first: this one was refused, uncharged.
          const subscription = await store.subscriptionByExternalId('local', `sub_local_${reference}`);
          if (subscription?.duplicateOf) {
            const message = `You already subscribe to ${plan.name}. Nothing was charged.`;
            return html(reply, 409, sessionGonePage(message, session.successUrl));
          }
          return reply.redirect(session.successUrl, 303);
        },
      );

      pages.get<{ Params: { session: string } }>(
        `${HOSTED_PATH}/details/:session`,
        async (request, reply) => {
          const session = await usableSession('details', request.params.session, reply);
          if (!session) return reply;
          const saved = await store.detailsOf(session.customerId);
          const values = saved ? detailsFormValues(saved) : { invoiceEmail: session.email };
          return html(
            reply,
            200,
            detailsPage({
              action: detailsAction(session.id),
              returnUrl: session.cancelUrl,
              values,
              savedAddress: addressWithoutParts(saved),
            }),
          );
        },
      );

      pages.post<{ Params: { session: string }; Body: Partial<Record<DetailsField, string>> }>(
        `${HOSTED_PATH}/details/:session`,
        { schema: { body: formSchema(DETAILS_FIELDS) } },
        async (request, reply) => {
          const session = await usableSession('details', request.params.session, reply);
          if (!session) return reply;
          const form = Object.fromEntries(
            DETAILS_FIELDS.map((name) => [name, request.body[name] ?? '']),
          ) as Record<DetailsField, string>;
          const check = checkDetails(form);
          if ('errors' in check) {
            const page = detailsPage({
              action: detailsAction(session.id),
              returnUrl: session.cancelUrl,
              values: form,
              errors: check.errors,
              savedAddress: addressWithoutParts(await store.detailsOf(session.customerId)),
            });
            return html(reply, 400, page);
          }
          // Used first: of two submissions at once, one saves and the other finds the link used.
          if (!(await sessions.useSession(session.id, now()))) {
            return html(reply, 410, sessionGonePage(GONE_MESSAGES.details.used, session.cancelUrl));
          }
          await store.saveDetails(session.customerId, check.details);
          return reply.redirect(session.successUrl, 303);
        },
      );
    });
  }

  return {
    name: 'local',
    // The checkout's session row is written by the caller (billing service), with what the page shows.
    createCheckout: () => Promise.resolve(newPage('checkout')),
    async createDetailsPage({ customer, returnUrl }) {
      const { id, url, expiresAt } = newPage('details');
      await sessions.insertSession({
        id,
        kind: 'details',
        customerId: customer.id,
        email: customer.email,
        successUrl: returnUrl,
        cancelUrl: returnUrl,
        expiresAt,
      });
      return { url };
    },
    routes,
    setCancelAtPeriodEnd: () => Promise.resolve(),
    refundDuplicate: () => Promise.resolve(),
    // What the upgrade's invoice will charge: the prorated difference with its VAT.
    previewPlanChange: (change) => {
      const netCents = proratedCents(change);
      return Promise.resolve(netCents + vatCents(netCents, deps.vatRateBasisPoints));
    },
    // An upgrade charges the card on file now (its invoice); a downgrade is billed by the next renewal.
    changePlan: (change) =>
      Promise.resolve(
        change.timing === 'now' && proratedCents(change) > 0
          ? [prorationCharge(change, deps.vatRateBasisPoints)]
          : [],
      ),
  };
}
