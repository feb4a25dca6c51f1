import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in of Stripe's API base on a random local port (the provider's STRIPE_API_BASE): it records each
// request and answers the calls Berth makes with objects shaped as Stripe documents them.

export interface StripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The query and form-encoded body as Stripe's bracket keys, e.g. `line_items[0][price]`. */
  params: Record<string, string>;
}

const random = () => randomBytes(12).toString('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The monthly amounts (cents) of the prices stripeEnvironment names. */
const PRICE_AMOUNTS: Record<string, number> = { price_xs1: 1500, price_s1: 3000, price_m1: 6000 };
const DAY_SECONDS = 86_400;

/**
 * What the stand-in keeps of each subscription it was asked about: its item's price (price_xs1 until an
 * update changes it) and its period, which began 10 days ago and ends in 20.
 */
interface StandInSubscription {
  price: string;
  periodStart: number;
  periodEnd: number;
}

interface StandInState {
  subscriptions: Map<string, StandInSubscription>;
  /** Upgrades (pending_if_incomplete updates) whose payment is declined: answered with a pending_update. */
  declineUpgrades: boolean;
}

function subscriptionState(state: StandInState, id: string): StandInSubscription {
  let found = state.subscriptions.get(id);
  if (!found) {
    const now = nowSeconds();
    found = { price: 'price_xs1', periodStart: now - 10 * DAY_SECONDS, periodEnd: now + 20 * DAY_SECONDS };
    state.subscriptions.set(id, found);
  }
  return found;
}

/** Stripe's proration: the price difference for the part of the period left after the proration date. */
function prorated(from: StandInSubscription, price: string, prorationDate: number) {
  const difference = (PRICE_AMOUNTS[price] ?? 0) - (PRICE_AMOUNTS[from.price] ?? 0);
  const left = Math.max(0, from.periodEnd - prorationDate) / (from.periodEnd - from.periodStart);
  return Math.round(difference * left);
}

function subscriptionObject(id: string, status: string, sub: StandInSubscription, extra: object) {
  return {
    id,
    object: 'subscription',
    customer: `cus_of_${id}`,
    status,
    items: {
      object: 'list',
      data: [
        {
          id: `si_of_${id}`,
          object: 'subscription_item',
          price: { id: sub.price, object: 'price', unit_amount: PRICE_AMOUNTS[sub.price] ?? null },
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
        },
      ],
    },
    // Its first invoice, named after it so a test can follow a refund back to it.
    latest_invoice: `in_${id}`,
    pending_update: null,
    livemode: false,
    ...extra,
  };
}

function answer(
  state: StandInState,
  method: string,
  path: string,
  params: Record<string, string>,
): { status: number; body: object } {
  const metadata = Object.fromEntries(
    Object.entries(params)
      .filter(([key]) => /^metadata\[[^\]]+\]$/.test(key))
      .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
  );
  if (path === '/v1/checkout/sessions') {
    const id = `cs_test_${random()}`;
    return {
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: params.client_reference_id ?? null,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        metadata,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        subscription: null,
        created: nowSeconds(),
        expires_at: nowSeconds() + 24 * 3600,
        livemode: false,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      },
    };
  }
  if (path === '/v1/billing_portal/sessions') {
    const id = `bps_${random()}`;
    return {
      status: 200,
      body: {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        created: nowSeconds(),
        livemode: false,
        url: `https://billing.stripe.com/p/session/test_${random()}`,
      },
    };
  }
  const subscription = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9_]+)$/.exec(path)?.[1];
  if (subscription) {
    const sub = subscriptionState(state, subscription);
    const price = params['items[0][price]'];
    const status = method === 'DELETE' ? 'canceled' : 'active';
    const extra = { cancel_at_period_end: params.cancel_at_period_end === 'true', metadata };
    if (method === 'POST' && price) {
      if (params.payment_behavior === 'pending_if_incomplete' && state.declineUpgrades) {
        const pendingUpdate = { subscription_items: [{ id: `si_of_${subscription}`, price }] };
        return {
          status: 200,
          body: subscriptionObject(subscription, status, sub, { ...extra, pending_update: pendingUpdate }),
        };
      }
      sub.price = price;
    }
    return { status: 200, body: subscriptionObject(subscription, status, sub, extra) };
  }
  if (path === '/v1/invoices/create_preview') {
    const sub = subscriptionState(state, params.subscription ?? '');
    const price = params['subscription_details[items][0][price]'] ?? sub.price;
    const prorationDate = Number(params['subscription_details[proration_date]'] ?? nowSeconds());
    const amount = prorated(sub, price, prorationDate);
    return {
      status: 200,
      body: {
        id: null,
        object: 'invoice',
        customer: params.customer,
        subscription: params.subscription,
        currency: 'eur',
        amount_due: amount,
        total: amount,
        lines: { object: 'list', data: [{ object: 'line_item', amount, description: 'Remaining time' }] },
        livemode: false,
      },
    };
  }
  if (path === '/v1/invoice_payments') {
    const invoice = params.invoice ?? '';
    return {
      status: 200,
      body: {
        object: 'list',
        url: '/v1/invoice_payments',
        has_more: false,
        data: [
          {
            id: `inpay_${random()}`,
            object: 'invoice_payment',
            invoice,
            status: 'paid',
            is_default: true,
            payment: { type: 'payment_intent', payment_intent: `pi_${invoice}` },
          },
        ],
      },
    };
  }
  if (path === '/v1/refunds') {
    return {
      status: 200,
      body: {
        id: `re_${random()}`,
        object: 'refund',
        payment_intent: params.payment_intent,
        reason: params.reason ?? null,
        status: 'succeeded',
        metadata,
      },
    };
  }
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path})` } },
  };
}

export async function startStripeStandIn() {
  const requests: StripeRequest[] = [];
  const state: StandInState = { subscriptions: new Map(), declineUpgrades: false };
  const failures: { status: number; body: object }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const [path = '/', query = ''] = (request.url ?? '/').split('?');
      const params = Object.fromEntries([
        ...new URLSearchParams(query),
        ...new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      ]);
      const method = request.method ?? '';
      requests.push({ method, path, headers: request.headers, params });
      const { status, body } = failures.shift() ?? answer(state, method, path, params);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${random()}` });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next request is answered with this error (Stripe's `{error: {type, message}}`). */
    failNext(status: number, error: { type: string; message: string; code?: string }) {
      failures.push({ status, body: { error } });
    },
    /** Whether upgrades' payments are declined from now on. */
    declineUpgrades(decline: boolean) {
      state.declineUpgrades = decline;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Stripe's settings of a Berth server billing through Stripe at the stand-in, its webhook signed with
 * `webhookSecret`; the product plans and database cluster plans xs-1, s-1 and m-1 have prices.
 */
export const stripeEnvironment = (standIn: { url: string }, webhookSecret: string) => ({
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_berth',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_PRICES:
    'serverless-containers-EUR-Monthly=price_containers, cloud-databases-EUR-Monthly=price_databases, xs-1=price_xs1, s-1=price_s1, m-1=price_m1',
  STRIPE_API_BASE: standIn.url,
});
