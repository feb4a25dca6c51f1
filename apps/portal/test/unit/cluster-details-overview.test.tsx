import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cluster, HOST, openCluster, row, section } from '../support/cluster-details.ts';

// The page of one database cluster (issue 14): what it shows, and what it keeps out of reach while the
// cluster is locked.

describe('cluster details', () => {
  it('shows the engine, plan, address, users with their access and databases, under a title naming the cluster', async () => {
    openCluster();
    expect(await screen.findByRole('heading', { level: 1, name: /orders-db/ })).toBeVisible();
    expect(document.title).toBe('orders-db · shop | Berth');
    const details = section('Details');
    expect(details.getByText('PostgreSQL 16 (16.10)')).toBeVisible();
    expect(details.getByText('Medium, high availability (General purpose)')).toBeVisible();
    expect(details.getByText('2 vCPU · 4 GB memory · 50 GB storage')).toBeVisible();
    expect(details.getByText('3: a primary and 2 standbys')).toBeVisible();
    expect(details.getByText(/€180\.00 per month/)).toBeVisible();
    expect(details.getByText(HOST)).toBeVisible();
    expect(details.getByText('5432')).toBeVisible();

    expect(row('Users', /^admin/).getByText('Owns every database')).toBeVisible();
    expect(row('Users', /^app/).getByText('orders: read and write')).toBeVisible();
    expect(row('Users', /^report/).getByText('orders: read only')).toBeVisible();
    expect(row('Users', /^report/).getByText('events: read only')).toBeVisible();
    expect(row('Databases', /^orders/).getByText('Orders of the shop')).toBeVisible();
    expect(row('Databases', /^events/).getByText('ready')).toBeVisible();

    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Cloud databases' })).toHaveAttribute(
      'href',
      '/storage/databases',
    );
    expect(within(trail).getByRole('link', { name: 'shop' })).toBeVisible();
  });

  it('copies the host', async () => {
    const { user } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Copy host' }));
    expect(await navigator.clipboard.readText()).toBe(HOST);
  });

  it('offers no way to delete the admin user, and one for every other user', async () => {
    openCluster();
    await screen.findByRole('heading', { level: 1, name: /orders-db/ });
    expect(row('Users', /^admin/).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(
      row('Users', /^admin/).queryByRole('button', { name: /Change permissions/ }),
    ).not.toBeInTheDocument();
    expect(row('Users', /^admin/).getByRole('button', { name: 'Reset password of admin' })).toBeEnabled();
    expect(row('Users', /^app/).getByRole('button', { name: 'Delete user app' })).toBeEnabled();
    expect(row('Users', /^report/).getByRole('button', { name: 'Delete user report' })).toBeEnabled();
  });

  it('keeps the changes out of reach while the cluster is locked, and follows it until it is unlocked', async () => {
    let requests = 0;
    openCluster({
      answer: () => {
        requests += 1;
        return requests === 1 ? { ...cluster, state: 'updating', locked: true } : cluster;
      },
    });
    expect(await screen.findByRole('button', { name: 'Add user' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    // The page polls while the cluster is locked, then the changes are offered again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add user' })).toBeEnabled(), {
      timeout: 5000,
    });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});
