import { screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { serveDatabases } from '../support/cloud-databases.ts';
import { account, permissionsWith } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// What /storage shows a customer without the cloud-database subscription: the offer of it instead of the
// list, its checkout, and the create page behind the same offer.

// The tab does not leave for the payment provider in a test: the address it would go to is recorded.
vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

describe('without the cloud-database subscription', () => {
  const withoutCloudDatabases = () =>
    server.use(permissionsWith({ serverlessContainer: ['create'], cloudDatabases: false }));

  it('explains the subscription and offers it instead of the list, which is not asked for', async () => {
    withoutCloudDatabases();
    const requests = serveDatabases();
    renderWithProviders({ path: '/storage' });
    const offer = within(await screen.findByRole('region', { name: 'Cloud databases subscription' }));
    expect(offer.getByRole('heading', { name: 'Cloud databases need their own subscription' })).toBeVisible();
    expect(offer.getByText(/managed PostgreSQL and MySQL clusters in your namespaces/)).toBeVisible();
    expect(offer.getByRole('button', { name: 'Subscribe to cloud databases' })).toBeEnabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a cloud database' })).not.toBeInTheDocument();
    expect(requests).toEqual({ clusters: 0, legacy: 0 });
  });

  it('opens the checkout of the cloud-databases plan for the customer', async () => {
    withoutCloudDatabases();
    let received: unknown;
    server.use(
      http.post('/billing/subscriptions', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_db' });
      }),
    );
    const { user } = renderWithProviders({ path: '/storage/databases' });
    await user.click(await screen.findByRole('button', { name: 'Subscribe to cloud databases' }));
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_db'),
    );
    expect(received).toEqual({ planId: 'cloud-databases-EUR-Monthly', resourceId: 'customer-1' });
  });

  it('keeps the create page behind the same offer', async () => {
    withoutCloudDatabases();
    renderWithProviders({ path: '/storage/databases/new' });
    expect(
      await screen.findByRole('heading', { name: 'Cloud databases need their own subscription' }),
    ).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers a suspended customer no checkout, and says why', async () => {
    server.use(permissionsWith({ serverlessContainer: [], cloudDatabases: false }));
    renderWithProviders({ path: '/storage/databases' });
    expect(
      await screen.findByText(
        'Your account is suspended: subscribing is possible once the suspension is lifted.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subscribe to cloud databases' })).not.toBeInTheDocument();
  });

  it('offers a customer whose email address is not confirmed no checkout: the way to confirm it instead', async () => {
    server.use(
      graphql.query('Account', () =>
        HttpResponse.json({ data: { account: { ...account, emailVerified: false } } }),
      ),
      permissionsWith({ serverlessContainer: ['create-limited'], cloudDatabases: false }),
    );
    renderWithProviders({ path: '/storage/databases' });
    const offer = within(await screen.findByRole('region', { name: 'Cloud databases subscription' }));
    expect(await offer.findByText(/^Confirm your email address first/)).toBeVisible();
    expect(offer.getByRole('link', { name: 'Go to Account' })).toHaveAttribute('href', '/account');
    expect(offer.queryByRole('button', { name: 'Subscribe to cloud databases' })).not.toBeInTheDocument();
    // Every page but the Account page says so above its content.
    expect(
      screen.getByText(/^Confirm your email address: follow the link we mailed to ada@example.com/),
    ).toBeVisible();
  });

  it('with the subscription, /storage is the list', async () => {
    serveDatabases();
    const { router } = renderWithProviders({ path: '/storage' });
    expect(await screen.findByRole('link', { name: 'orders-db' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/storage/databases');
    expect(screen.queryByRole('region', { name: 'Cloud databases subscription' })).not.toBeInTheDocument();
  });
});
