import { z } from 'zod';

// Billing: the payment provider and its Stripe settings.

const STRIPE_PRICE_PAIR = /^[A-Za-z0-9_-]+=price_[A-Za-z0-9_]+$/;

export const billingSettings = {
  BILLING_PROVIDER: z
    .enum(['local', 'stripe'])
    .default('local')
    .describe(
      'Who hosts checkout and billing-details pages and reports payments: `local` is Berth itself, with test cards; `stripe` is Stripe.',
    ),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
    .optional()
    .describe(
      'Required with `BILLING_PROVIDER=stripe`: the Stripe API key (`sk_…`, or a restricted `rk_…` with write access to Checkout Sessions, Customer Portal sessions, Subscriptions and Refunds, and read access to Invoices).',
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional()
    .describe(
      'Required with `BILLING_PROVIDER=stripe`: signing secret (`whsec_…`) of the webhook endpoint `$PUBLIC_URL/billing/webhooks/stripe`.',
    ),
  STRIPE_PRICES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean),
    )
    .refine(
      (pairs) => pairs.length > 0 && pairs.every((pair) => STRIPE_PRICE_PAIR.test(pair)),
      'must be a comma-separated list of planId=price_… pairs',
    )
    .transform((pairs) => Object.fromEntries(pairs.map((pair) => pair.split('=') as [string, string])))
    .optional()
    .describe(
      'Required with `BILLING_PROVIDER=stripe`: our plan id → Stripe price id, comma-separated `plan=price_…` pairs (e.g. `serverless-containers-EUR-Monthly=price_123,cloud-databases-EUR-Monthly=price_456`); every plan sold by checkout needs one.',
    ),
  STRIPE_API_BASE: z
    .url()
    .optional()
    .describe(
      "Another Stripe API base than Stripe's (`http(s)://host:port`): a proxy, or the tests' stand-in.",
    ),
};
