import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../../src/environment.ts';
import { startServer } from '../support/server.ts';
import { CONTAINERS, DATABASES, STRIPE_SETTINGS } from './stripe-provider-setup.ts';

describe('settings', () => {
  it('names the missing Stripe setting in one line', () => {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES'] as const) {
      expect(() => readEnvironment({ ...STRIPE_SETTINGS, [name]: undefined })).toThrow(
        new RegExp(`^Invalid environment variable ${name}: required when BILLING_PROVIDER=stripe$`),
      );
    }
  });

  it('refuses malformed values without repeating them', () => {
    expect(() => readEnvironment({ ...STRIPE_SETTINGS, STRIPE_PRICES: 'containers:price_1' })).toThrow(
      /^Invalid environment variable STRIPE_PRICES: must be a comma-separated list of planId=price_… pairs$/,
    );
    expect(() => readEnvironment({ ...STRIPE_SETTINGS, STRIPE_SECRET_KEY: 'pk_live_secretvalue' })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: must be a Stripe secret or restricted key \(sk_… or rk_…\)$/,
    );
    expect(readEnvironment(STRIPE_SETTINGS).STRIPE_PRICES).toEqual({
      [CONTAINERS]: 'price_containers',
      [DATABASES]: 'price_databases',
    });
  });

  it('does not start without a price for every plan sold by checkout', async () => {
    await expect(
      startServer({ ...STRIPE_SETTINGS, STRIPE_PRICES: `${CONTAINERS}=price_containers` }),
    ).rejects.toThrow(`Invalid environment variable STRIPE_PRICES: no price for plan ${DATABASES}`);
  });
});
