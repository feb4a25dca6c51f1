import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BillingOverviewQuery } from '../../src/gql/billing/graphql.ts';
import {
  billingApi,
  invoices,
  novemberUsage,
  serveBilling,
  serveInvoices,
  serveUsage,
} from '../support/billing.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// Cancelling a subscription on the Billing page (it ends at the end of the period paid for, after a
// confirmation saying when and what stops then) and resuming a cancelled one.

type Subscription = BillingOverviewQuery['subscriptions'][number];

const periodEnd = '2030-02-15T12:00:00.000Z';
/** The period's end as the page writes it (the browser's locale, en-US in the tests). */
const periodEndText = 'Feb 15, 2030';

const containersPlan = {
  id: 'serverless-containers-EUR-Monthly',
  name: 'Serverless containers, monthly (EUR)',
  price: { amountCents: 900, currency: 'EUR' },
};
const databasesPlan = {
  id: 'cloud-databases-EUR-Monthly',
  name: 'Cloud databases, monthly (EUR)',
  price: { amountCents: 1500, currency: 'EUR' },
};
const clusterPlan = {
  id: 's-1',
  name: 'Database cluster: Small',
  price: { amountCents: 3000, currency: 'EUR' },
};

function subscription(
  id: string,
  plan: Subscription['plan'],
  changes: Partial<Subscription> = {},
): Subscription {
  return {
    id,
    plan,
    status: 'ACTIVE',
    resourceName: null,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    resumable: false,
    pendingPlan: null,
    pendingPlanAt: null,
    planChanges: [],
    createdAt: '2029-11-15T12:00:00.000Z',
    endedAt: null,
    ...changes,
  };
}

const overview = (...subscriptions: Subscription[]): BillingOverviewQuery => ({
  customer: { id: 'customer-1', suspendedReason: null },
  subscriptions,
  paymentMethod: { brand: 'Visa', last4: '4242', expiryMonth: 3, expiryYear: 2039 },
  billingDetails: null,
});

/** A promise the test resolves to let a held answer go. */
function gate() {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * The billing API's answer to `operation` (SubscriptionCancel or SubscriptionResume): the subscription with
 * the period's end, once `held` lets it go, or the refusal `error`. Records the ids it was asked for.
 */
function serveChange(
  operation: 'SubscriptionCancel' | 'SubscriptionResume',
  { held, error }: { held?: Promise<void>; error?: { code: string; message: string } } = {},
) {
  const ids: string[] = [];
  const field = operation === 'SubscriptionCancel' ? 'subscriptionCancel' : 'subscriptionResume';
  server.use(
    billingApi.mutation(operation, async ({ variables }) => {
      ids.push(String(variables.id));
      await held;
      if (error) {
        return HttpResponse.json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
      }
      return HttpResponse.json({ data: { [field]: { id: variables.id, currentPeriodEnd: periodEnd } } });
    }),
  );
  return ids;
}

const openBilling = () => renderWithProviders({ path: '/account/billing' });
const item = async (planName: string) => within(await screen.findByRole('listitem', { name: planName }));

beforeEach(() => {
  serveUsage(novemberUsage);
  serveInvoices(invoices);
});

describe('cancelling a subscription', () => {
  it('asks first, saying when it ends and what stops then; while it is sent nothing can be pressed twice', async () => {
    const served = serveBilling(
      overview(subscription('1', containersPlan)),
      overview(subscription('1', containersPlan, { cancelAtPeriodEnd: true, resumable: true })),
    );
    const answer = gate();
    const cancelled = serveChange('SubscriptionCancel', { held: answer.opened });
    const { user } = openBilling();
    const containers = await item(containersPlan.name);
    expect(containers.getByText(`€9.00 per month · Renews on ${periodEndText}`)).toBeVisible();

    await user.click(containers.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel subscription?' }));
    expect(
      dialog.getByText(
        `Serverless containers, monthly (EUR) ends on ${periodEndText} instead of renewing. Until then nothing changes, and you can resume it.`,
      ),
    ).toBeVisible();
    expect(
      dialog.getByText(
        'From then on, your account goes back to the free start: nothing beyond one namespace with one container and one container job can be added; what runs keeps running.',
      ),
    ).toBeVisible();
    expect(cancelled).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(cancelled).toEqual(['1']));
    expect(dialog.getByRole('button', { name: 'Working…' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Keep subscription' })).toBeDisabled();
    expect(containers.getByRole('button', { name: 'Cancel subscription', hidden: true })).toBeDisabled();

    answer.open();
    expect(await screen.findByText(`Subscription cancelled: it ends on ${periodEndText}.`)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again: the subscription now ends, and may be resumed.
    expect(await containers.findByText(`€9.00 per month · Ends on ${periodEndText}`)).toBeVisible();
    expect(containers.getByRole('button', { name: 'Resume' })).toBeEnabled();
    expect(containers.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(served.requests()).toBe(2);
    expect(cancelled).toEqual(['1']);
  });

  it.each([
    {
      what: 'cloud databases',
      cancelled: subscription('2', databasesPlan),
      stops: 'From then on, no new database clusters can be created; existing clusters keep their own plans.',
    },
    {
      what: "a database cluster's plan",
      cancelled: subscription('3', clusterPlan, { resourceName: 'orders' }),
      stops: 'From then on, the plan of database cluster orders is no longer paid for.',
    },
  ])('says what stops when $what ends', async ({ cancelled, stops }) => {
    serveBilling(overview(cancelled));
    const { user } = openBilling();
    await user.click((await item(cancelled.plan.name)).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    expect(dialog).toHaveTextContent(`${cancelled.plan.name} ends on ${periodEndText} instead of renewing.`);
    expect(dialog).toHaveTextContent(stops);
  });

  it("names the database cluster a cluster's plan is for", async () => {
    serveBilling(overview(subscription('3', clusterPlan, { resourceName: 'orders' })));
    openBilling();
    expect(
      (await item(clusterPlan.name)).getByText(
        `Cluster orders · €30.00 per month · Renews on ${periodEndText}`,
      ),
    ).toBeVisible();
  });

  it('changes nothing when the customer keeps the subscription', async () => {
    serveBilling(overview(subscription('1', containersPlan)));
    const cancelled = serveChange('SubscriptionCancel');
    const { user } = openBilling();
    await user.click((await item(containersPlan.name)).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelled).toEqual([]);
  });

  it("shows the server's refusal in the snack bar and asks for the list again", async () => {
    const served = serveBilling(overview(subscription('1', containersPlan)));
    serveChange('SubscriptionCancel', {
      error: { code: 'CONFLICT', message: 'Subscription 1 has ended' },
    });
    const { user } = openBilling();
    await user.click((await item(containersPlan.name)).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Subscription 1 has ended');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(served.requests()).toBe(2));
  });

  it('is not offered for a subscription whose payment is overdue, nor for one that ended', async () => {
    serveBilling(
      overview(
        subscription('1', containersPlan, { status: 'PAST_DUE' }),
        subscription('2', databasesPlan, { status: 'ENDED', endedAt: '2029-12-01T12:00:00.000Z' }),
      ),
    );
    openBilling();
    await item(containersPlan.name);
    expect(
      within(screen.getByRole('region', { name: 'Subscriptions' })).queryByRole('button'),
    ).not.toBeInTheDocument();
  });
});

describe('resuming a cancelled subscription', () => {
  it('resumes it without a dialog, the button busy meanwhile, and says when it renews', async () => {
    const served = serveBilling(
      overview(subscription('1', containersPlan, { cancelAtPeriodEnd: true, resumable: true })),
      overview(subscription('1', containersPlan)),
    );
    const answer = gate();
    const resumed = serveChange('SubscriptionResume', { held: answer.opened });
    const { user } = openBilling();
    const containers = await item(containersPlan.name);
    expect(containers.getByText(`€9.00 per month · Ends on ${periodEndText}`)).toBeVisible();

    await user.click(containers.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(resumed).toEqual(['1']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(containers.getByRole('button', { name: /Resume/ })).toBeDisabled();

    answer.open();
    expect(await screen.findByText(`Subscription resumed: it renews on ${periodEndText}.`)).toBeVisible();
    expect(await containers.findByText(`€9.00 per month · Renews on ${periodEndText}`)).toBeVisible();
    expect(containers.getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    expect(served.requests()).toBe(2);
  });

  it('offers no Resume for a plan that ends with its deleted database cluster, and says when it ends', async () => {
    serveBilling(overview(subscription('3', clusterPlan, { cancelAtPeriodEnd: true, resumable: false })));
    openBilling();
    const cluster = await item(clusterPlan.name);
    expect(cluster.getByText(`€30.00 per month · Ends on ${periodEndText}`)).toBeVisible();
    expect(cluster.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the snack bar", async () => {
    serveBilling(overview(subscription('3', clusterPlan, { cancelAtPeriodEnd: true, resumable: true })));
    serveChange('SubscriptionResume', {
      error: { code: 'CONFLICT', message: 'Database cluster orders was deleted: its plan cannot be resumed' },
    });
    const { user } = openBilling();
    await user.click((await item(clusterPlan.name)).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Database cluster orders was deleted: its plan cannot be resumed',
    );
  });
});
