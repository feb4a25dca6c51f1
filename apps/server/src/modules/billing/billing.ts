import type { Db } from '../../db/client.ts';
import type { Environment } from '../../environment.ts';
import { createFulfilment } from './fulfilment.ts';
import { createLocalProvider } from './local/provider.ts';
import type { BillingProvider } from './provider.ts';
import { createBillingService } from './service.ts';
import { createBillingStore } from './store.ts';

/** The billing area: the configured provider (BILLING_PROVIDER), the one fulfilment, the customer calls. */
export function createBilling(deps: { env: Environment; db: Db }) {
  const store = createBillingStore(deps.db);
  const fulfilment = createFulfilment(deps.db);
  const provider: BillingProvider = createLocalProvider({
    publicUrl: deps.env.PUBLIC_URL,
    store,
    fulfilment,
  });
  return {
    ...createBillingService({ publicUrl: deps.env.PUBLIC_URL, provider, store }),
    provider,
    fulfilment,
  };
}

export type Billing = ReturnType<typeof createBilling>;
