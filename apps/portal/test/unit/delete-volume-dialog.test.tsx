import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VolumeDeleteMutationVariables } from '../../src/gql/graphql.ts';
import { atRest, namespace, type VolumeRow } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The delete dialog of a volume: what mounts it, listed with links, and its name asked only once nothing
// does (the platform would refuse).

function volume(name: string, changes: Partial<VolumeRow> = {}): VolumeRow {
  return {
    id: `id-${name}`,
    name,
    size: 5,
    usage: 1,
    ...atRest,
    containers: [],
    containerJobs: [],
    ...changes,
  };
}

function serveVolumes(volumes: VolumeRow[]) {
  const deletes: VolumeDeleteMutationVariables[] = [];
  let requests = 0;
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('NamespaceVolumes', () => {
      requests += 1;
      return HttpResponse.json({ data: { namespace: { id: '1', volumes } } });
    }),
    graphql.mutation<object, VolumeDeleteMutationVariables>('VolumeDelete', ({ variables }) => {
      deletes.push(variables);
      return HttpResponse.json({ data: { volumeDelete: true } });
    }),
  );
  const rendered = renderWithProviders({ path: '/compute/serverless-containers/shop/volumes' });
  return { ...rendered, deletes, requests: () => requests };
}

describe('deleting a volume', () => {
  it('names what mounts it, as links, and offers only to close: the platform would refuse', async () => {
    const { user, deletes, requests } = serveVolumes([
      volume('data', {
        containers: [{ id: 'c1', name: 'web', state: 'running' }],
        containerJobs: [{ name: 'backup', state: 'created' }],
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete volume data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete volume data?' });
    // Opening the dialog refreshed the list it takes the users from.
    await waitFor(() => expect(requests()).toBe(2));
    expect(within(dialog).getByText('data is mounted by:')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'web' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/container/web',
    );
    expect(within(dialog).getByRole('link', { name: 'backup' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/container-job/backup',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A volume can be deleted once nothing mounts it: remove the mount from each of these, or delete them, first.',
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete volume' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toEqual([]);
  });

  it('says which user is on its way out', async () => {
    const { user } = serveVolumes([
      volume('data', { containers: [{ id: 'c1', name: 'web', state: 'deleting' }] }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete volume data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete volume data?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('1 container: web (being deleted)');
  });

  it('asks for the name of a volume nothing mounts, and deletes it', async () => {
    const { user, deletes } = serveVolumes([volume('data')]);
    await user.click(await screen.findByRole('button', { name: 'Delete volume data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete volume data?' });
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type data to confirm' }), 'data');
    await user.click(within(dialog).getByRole('button', { name: 'Delete volume' }));
    expect(await screen.findByText('Volume data is being deleted')).toBeVisible();
    expect(deletes).toEqual([{ namespace: 'shop', name: 'data' }]);
  });
});
