import type { Db } from '../../db/client.ts';
import type { Environment } from '../../environment.ts';
import { createFulfilment, type PlannedResourceKinds } from './fulfilment/fulfilment.ts';
import type { Metering } from '../metering/service.ts';
import { invoiceIssuer } from './invoice-issuer.ts';
import { createLocalProvider } from './local/provider.ts';
import { createLocalRenewals } from './local/renewals.ts';
import type { BillingNotices } from './notices.ts';
import type { BillingProvider } from './provider.ts';
import { createBillingService } from './service.ts';
import { createSessionStore } from './sessions/store.ts';
import { createBillingStore } from './store.ts';
import { createStripeProvider, type StripeSettings } from './stripe/provider.ts';
import type { WebhookOutcome } from '../../telemetry/metrics.ts';

/** The Stripe settings readEnvironment requires when BILLING_PROVIDER=stripe. */
function stripeSettings(env: Environment): StripeSettings {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICES, STRIPE_API_BASE } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICES) {
    throw new Error('BILLING_PROVIDER=stripe without its settings (readEnvironment checks them)');
  }
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: STRIPE_PRICES,
    ...(STRIPE_API_BASE ? { apiBase: STRIPE_API_BASE } : {}),
  };
}

/** The billing area: the configured provider (BILLING_PROVIDER), the one fulfilment, the customer calls. */
export function createBilling(deps: {
  env: Environment;
  db: Db;
  metering: Metering;
  /** Resources with a plan of their own, by kind. */
  resources: PlannedResourceKinds;
  notices: BillingNotices;
  warn: (message: string, error: unknown) => void;
  /** Told each webhook call's outcome (the server's metrics). */
  countWebhook?: (outcome: WebhookOutcome) => void;
}) {
  const store = createBillingStore(deps.db);
  const vatRateBasisPoints = Math.round(deps.env.INVOICE_VAT_RATE * 100);
  const fulfilment = createFulfilment(deps.db, deps.resources, deps.notices);
  const provider: BillingProvider =
    deps.env.BILLING_PROVIDER === 'stripe'
      ? createStripeProvider({
          settings: stripeSettings(deps.env),
          db: deps.db,
          fulfilment,
          afterEvent: () => service.tellProviderPending(),
          countWebhook: deps.countWebhook,
        })
      : createLocalProvider({
          publicUrl: deps.env.PUBLIC_URL,
          store,
          sessions: createSessionStore(deps.db),
          fulfilment,
          vatRateBasisPoints,
        });
  const renewals = createLocalRenewals({ store, fulfilment, metering: deps.metering, vatRateBasisPoints });
  const service = createBillingService({
    db: deps.db,
    publicUrl: deps.env.PUBLIC_URL,
    provider,
    store,
    resources: deps.resources,
    fulfilment,
    notices: deps.notices,
    warn: deps.warn,
  });
  return {
    ...service,
    provider,
    fulfilment,
    resources: deps.resources,
    issuer: invoiceIssuer(deps.env),
    /** Charges local subscriptions whose period ended (hourly); Stripe runs its own billing cycle. */
    collectDue: (now?: Date) => (provider.name === 'local' ? renewals.collectDue(now) : Promise.resolve(0)),
  };
}

export type Billing = ReturnType<typeof createBilling>;
