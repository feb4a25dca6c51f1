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
  INVOICE_ISSUER: z
    .string()
    .max(500)
    .default('Berth')
    .transform((value, context) => {
      const [name, ...address] = value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      if (name === undefined) {
        context.addIssue({ code: 'custom', message: 'must name the issuer' });
        return z.NEVER;
      }
      return { name, address };
    })
    .describe(
      'Who issues the invoices, as their page and PDF head them: the name, then the address lines, separated by newlines (`\\n` in a double-quoted `.env` value).',
    ),
  INVOICE_ISSUER_VAT_NUMBER: z
    .string()
    .max(40)
    .optional()
    .describe("The issuer's VAT number, printed on every invoice."),
  INVOICE_VAT_RATE: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((rate) => Number.isInteger(rate * 100), 'must have at most two decimals')
    .default(0)
    .describe(
      'With `BILLING_PROVIDER=local`: the VAT rate in percent (e.g. `19`) added to the net prices on its invoices and charges. With Stripe, Stripe computes the tax (Stripe Tax or tax rates) and its invoices bring it.',
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
