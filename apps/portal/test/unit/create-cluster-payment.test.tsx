import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloudDatabaseClusterCreateMutationVariables } from '../../src/gql/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { field, fillValid, form, openCreate, submit } from '../support/create-cluster.ts';
import { server } from '../support/server.ts';

// Create a new Cloud Database (/storage/databases/new): what it sends, and where the customer goes once the
// cluster is created (SPEC §8: the checkout of the cluster's plan unless skipped, then the cluster's page).

// The tab does not leave for the payment provider in a test: the address it would go to is recorded.
vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

describe('creating', () => {
  it('sends the namespace, name, engine version, plan, first database and user; then, without paying now, opens the cluster', async () => {
    const { user, sent, checkouts, router } = openCreate();
    await fillValid(user);
    await user.click(form().getByRole('switch', { name: 'Pay for this cluster now' }));
    expect(screen.getByText('The cluster is created without going to the checkout.')).toBeVisible();
    await submit(user);

    expect(await screen.findByText("Your database cluster 'orders-db' is being created! 🚀")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases/staging/orders-db'));
    expect(sent).toEqual<CloudDatabaseClusterCreateMutationVariables[]>([
      {
        input: {
          namespace: 'staging',
          name: 'orders-db',
          spec: { type: 'mysql', version: '8.0' },
          plan: 'm-3',
          databases: [{ name: 'orders' }],
          users: [
            { name: 'orders_app', permissions: [{ databaseName: 'orders', permission: 'READ_WRITE' }] },
          ],
        },
      },
    ]);
    expect(checkouts).toEqual([]);
    expect(leaveForHostedPage).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1, name: /orders-db/ })).toBeVisible();
  });

  it('creates a cluster with no database and no user when both are left empty', async () => {
    const { user, sent } = openCreate();
    await fillValid(user);
    await user.clear(field(/^Database name/));
    await user.clear(field(/^User name/));
    await user.click(form().getByRole('switch', { name: 'Pay for this cluster now' }));
    await submit(user);

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.input).toMatchObject({ databases: [], users: [] });
  });

  it("paying now, asks for the checkout of the cluster's plan for the new cluster and leaves for it", async () => {
    const { user, sent, checkouts, router } = openCreate();
    await fillValid(user);
    expect(form().getByRole('switch', { name: 'Pay for this cluster now' })).toBeChecked();
    expect(
      screen.getByText("Once the cluster is created, you go to the checkout for its plan's monthly price."),
    ).toBeVisible();
    await submit(user);

    expect(await screen.findByText("Your database cluster 'orders-db' is being created! 🚀")).toBeVisible();
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_9'),
    );
    expect(sent).toHaveLength(1);
    expect(checkouts).toEqual([{ planId: 'm-3', resourceId: 'c-77' }]);
    // The checkout sends the customer back to the cloud databases: the request says which cluster it was for.
    const stored: unknown = JSON.parse(
      window.localStorage.getItem('berth.cluster-subscription-requests.account-1') ?? 'null',
    );
    expect(stored).toEqual([
      { resourceId: 'c-77', namespace: 'staging', name: 'orders-db', requestedAt: expect.any(Number) },
    ]);
    // Busy until the browser has left, so it is not pressed twice.
    expect(form().getByRole('button', { name: 'Opening the checkout…' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/storage/databases/new');
  });

  it('opens the cluster when the checkout cannot be opened: the cluster exists either way', async () => {
    const { user, router } = openCreate();
    server.use(
      http.post('/billing/subscriptions', () => HttpResponse.json({ message: 'down' }, { status: 502 })),
    );
    await fillValid(user);
    await submit(user);

    expect(
      await screen.findByText('Something went wrong. Try again or contact customer support'),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases/staging/orders-db'));
    expect(leaveForHostedPage).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('berth.cluster-subscription-requests.account-1')).toBeNull();
  });
});
