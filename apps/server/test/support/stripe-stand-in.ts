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

function answer(
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
    return {
      status: 200,
      body: {
        id: subscription,
        object: 'subscription',
        status: method === 'DELETE' ? 'canceled' : 'active',
        cancel_at_period_end: params.cancel_at_period_end === 'true',
        // Its first invoice, named after it so a test can follow a refund back to it.
        latest_invoice: `in_${subscription}`,
        metadata,
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
      const { status, body } = failures.shift() ?? answer(method, path, params);
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Stripe's settings of a Berth server billing through Stripe at the stand-in, its webhook signed with
 * `webhookSecret`; every plan sold (the product plans and database cluster plan xs-1) has a price.
 */
export const stripeEnvironment = (standIn: { url: string }, webhookSecret: string) => ({
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_berth',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_PRICES:
    'serverless-containers-EUR-Monthly=price_containers, cloud-databases-EUR-Monthly=price_databases, xs-1=price_xs1',
  STRIPE_API_BASE: standIn.url,
});
