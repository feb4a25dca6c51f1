import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CloudDatabaseClusterDeleteMutationVariables } from '../../src/gql/graphql.ts';
import { openCluster, type Sent } from '../support/cluster-details.ts';
import { server } from '../support/server.ts';

// The page of one database cluster (issue 14): deleting the cluster.

describe('deleting the cluster', () => {
  it('asks for the name, then says so and goes to the list of cloud databases', async () => {
    const { user, sent, router } = openCluster();
    server.use(
      graphql.query('CloudDatabaseClusters', () =>
        HttpResponse.json({ data: { cloudDatabaseClusters: [] } }),
      ),
      graphql.query('CloudDatabases', () => HttpResponse.json({ data: { cloudDatabases: [] } })),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete cluster orders-db?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete cluster' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Type orders-db to confirm' }), 'orders-d');
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Type orders-db to confirm' }), 'b');
    await user.click(confirm);

    expect(await screen.findByText('Cluster deleted successfully')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases'));
    expect(sent).toEqual<Sent>([
      {
        operation: 'clusterDelete',
        variables: {
          cluster: { namespace: 'shop', name: 'orders-db' },
        } satisfies CloudDatabaseClusterDeleteMutationVariables,
      },
    ]);
  });
});
