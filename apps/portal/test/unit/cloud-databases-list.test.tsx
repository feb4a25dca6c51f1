import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cells, ordersDb, serveDatabases, table } from '../support/cloud-databases.ts';
import { renderWithProviders } from '../support/render.tsx';

// The cloud databases' list (/storage/databases): clusters across namespaces, then legacy single-node
// databases, and what it says when there are none or they could not be loaded.

describe('cloud databases list', () => {
  it('lists the clusters of every namespace with engine and version, plan, state and monthly price', async () => {
    serveDatabases();
    renderWithProviders({ path: '/storage/databases' });
    await screen.findByRole('link', { name: 'orders-db' });
    const headers = table('Database clusters')
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Namespace', 'Engine', 'Plan', 'State', 'Monthly price']);

    expect(cells('Database clusters', 'orders-db')).toEqual([
      'orders-db',
      'shop',
      'PostgreSQL 16',
      'Medium, high availability',
      'running',
      '€180.00',
    ]);
    expect(cells('Database clusters', 'cache-db')).toEqual([
      'cache-db',
      'staging',
      'MySQL 8.4',
      'Small',
      'failed',
      '€45.00',
    ]);
    // A plan the platform lists no price for.
    expect(cells('Database clusters', 'trial-db')[5]).toBe('—');
    expect(document.title).toBe('Cloud Database(s) | Berth');
  });

  it("links each cluster to its page and its namespace to the namespace's Databases tab", async () => {
    serveDatabases();
    renderWithProviders({ path: '/storage/databases' });
    expect(await screen.findByRole('link', { name: 'cache-db' })).toHaveAttribute(
      'href',
      '/storage/databases/staging/cache-db',
    );
    expect(table('Database clusters').getByRole('link', { name: 'staging' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/staging/databases',
    );
    expect(screen.getByRole('link', { name: 'Create a cloud database' })).toHaveAttribute(
      'href',
      '/storage/databases/new',
    );
  });

  it('lists the legacy single-node databases below, each linking to its page by id', async () => {
    serveDatabases();
    renderWithProviders({ path: '/storage/databases' });
    const legacy = within(await screen.findByRole('region', { name: 'Single-node databases' }));
    expect(await legacy.findByRole('link', { name: 'legacy-shop' })).toHaveAttribute(
      'href',
      '/storage/databases/42',
    );
    expect(cells('Single-node databases', 'legacy-shop')).toEqual([
      'legacy-shop',
      'PostgreSQL 12',
      'Small node',
      'Frankfurt',
      'running',
    ]);
    expect(table('Database clusters').queryByRole('link', { name: 'legacy-shop' })).not.toBeInTheDocument();
  });

  it('says there are no clusters yet and offers to create one; no legacy section without legacy databases', async () => {
    const requests = serveDatabases({ clusters: [[]], legacy: [] });
    renderWithProviders({ path: '/storage/databases' });
    expect(await screen.findByRole('heading', { name: 'No database clusters yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a cloud database' })).toHaveAttribute(
      'href',
      '/storage/databases/new',
    );
    await waitFor(() => expect(requests.legacy).toBe(1));
    expect(screen.queryByRole('region', { name: 'Single-node databases' })).not.toBeInTheDocument();
  });

  it('says when the clusters could not be loaded, and loads them on Try again', async () => {
    const requests = serveDatabases({ clusters: ['error', [ordersDb]], legacy: [] });
    const { user } = renderWithProviders({ path: '/storage/databases' });
    expect(
      await screen.findByRole('heading', { name: 'The database clusters could not be loaded' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'orders-db' })).toBeVisible();
    expect(requests.clusters).toBe(2);
  });

  it('says when the legacy databases could not be loaded, without asking again by itself, and loads them on Try again', async () => {
    const failing = serveDatabases({ legacy: 'error' });
    const { user } = renderWithProviders({ path: '/storage/databases' });
    const legacy = within(await screen.findByRole('region', { name: 'Single-node databases' }));
    expect(
      await legacy.findByRole('heading', { name: 'The single-node databases could not be loaded' }),
    ).toBeVisible();
    // The section stays with its error, and stops asking (its list, as it appears, asks once more).
    const asked = failing.legacy;
    expect(asked).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(failing.legacy).toBe(asked);
    expect(
      legacy.getByRole('heading', { name: 'The single-node databases could not be loaded' }),
    ).toBeVisible();

    const answering = serveDatabases();
    await user.click(legacy.getByRole('button', { name: 'Try again' }));
    expect(await legacy.findByRole('link', { name: 'legacy-shop' })).toBeVisible();
    expect(answering.legacy).toBe(1);
  });
});
