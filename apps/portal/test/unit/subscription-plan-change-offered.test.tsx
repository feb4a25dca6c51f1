import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveBilling } from '../support/billing.ts';
import { openBilling, serveUsageAndInvoices } from '../support/billing-page.ts';
import {
  containersPlan,
  extraSmall,
  medium,
  overview,
  periodEnd,
  small,
  subscription,
} from '../support/plan-change.ts';

// Changing a database cluster's plan on the Billing page: offered only where the server lists plans to change
// to, and no waiting change shown on a cancelled plan.

beforeEach(serveUsageAndInvoices);

describe('changing a database cluster’s plan', () => {
  it('is offered only where the server lists plans to change to; a cancelled plan shows no waiting change', async () => {
    serveBilling(
      overview(
        subscription(containersPlan, { id: '1', resourceName: null }),
        subscription(small, {
          id: '2',
          resourceName: 'archive',
          cancelAtPeriodEnd: true,
          resumable: true,
          pendingPlan: extraSmall,
          pendingPlanAt: periodEnd,
        }),
        subscription(medium, { id: '3', resourceName: 'orders', status: 'PAST_DUE' }),
      ),
    );
    openBilling();
    const subscriptions = within(await screen.findByRole('region', { name: 'Subscriptions' }));
    await subscriptions.findByRole('listitem', { name: containersPlan.name });
    expect(subscriptions.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
    expect(subscriptions.queryByRole('button', { name: /^Keep/ })).not.toBeInTheDocument();
    expect(subscriptions.queryByText(/^Changes to/)).not.toBeInTheDocument();
    expect(
      within(subscriptions.getByRole('listitem', { name: small.name })).getByRole('button', {
        name: 'Resume',
      }),
    ).toBeVisible();
  });
});
