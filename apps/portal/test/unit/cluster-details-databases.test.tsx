import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openCluster } from '../support/cluster-details.ts';

// The page of one database cluster (issue 14): adding and deleting its databases.

describe('databases', () => {
  it('warns that deleting a database takes the users’ permissions on it', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Delete database orders' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete database orders?' }));
    expect(
      dialog.getByText(
        /The permissions users have on it are removed too: app \(read and write\), report \(read only\)/,
      ),
    ).toBeVisible();
    await user.type(dialog.getByRole('textbox', { name: 'Type orders to confirm' }), 'orders');
    await user.click(dialog.getByRole('button', { name: 'Delete database' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      operation: 'databaseDelete',
      variables: { input: { cluster: { namespace: 'shop', name: 'orders-db' }, name: 'orders' } },
    });
  });

  it('adds a database with its description', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Add database' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add database' }));
    await user.type(dialog.getByRole('textbox', { name: 'Database name' }), 'archive');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Old orders');
    await user.click(dialog.getByRole('button', { name: 'Add database' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      input: {
        cluster: { namespace: 'shop', name: 'orders-db' },
        database: { name: 'archive', description: 'Old orders' },
      },
    });
  });
});
