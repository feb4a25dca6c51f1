import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  NamespaceRegistriesQuery,
  RegistryConnectionDeleteMutationVariables,
} from '../../src/gql/graphql.ts';
import { atRest, namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The delete dialog of a registry: what pulls through it, listed with links, and the removal offered only
// once nothing does (the platform would refuse).

type RegistriesNamespace = NamespaceRegistriesQuery['namespace'];

function serveRegistries(answer: Omit<RegistriesNamespace, 'id' | 'privateRegistries'>) {
  const deletes: RegistryConnectionDeleteMutationVariables[] = [];
  const registry = (id: string, name: string) => ({
    id,
    name,
    source: 'registry.example.com',
    username: 'robot',
    ...atRest,
    createdAt: '2024-12-01T08:00:00Z',
  });
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('NamespaceRegistries', () =>
      HttpResponse.json({
        data: {
          namespace: {
            id: '1',
            privateRegistries: [registry('r1', 'acme'), registry('r2', 'spare')],
            ...answer,
          },
        },
      }),
    ),
    graphql.mutation<object, RegistryConnectionDeleteMutationVariables>(
      'RegistryConnectionDelete',
      ({ variables }) => {
        deletes.push(variables);
        return HttpResponse.json({ data: { registryConnectionDelete: true } });
      },
    ),
  );
  const rendered = renderWithProviders({ path: '/compute/serverless-containers/shop/registries' });
  return { ...rendered, deletes };
}

describe('deleting a registry', () => {
  const users = {
    containers: [
      { name: 'web', state: 'running', privateRegistry: { id: 'r1' } },
      { name: 'blog', state: 'running', privateRegistry: null },
    ],
    containerJobs: [{ name: 'nightly', state: 'created', privateRegistry: { id: 'r1' } }],
  };

  it('shows what pulls through each registry in the list', async () => {
    serveRegistries(users);
    expect(await screen.findByRole('row', { name: /acme/ })).toHaveTextContent('web, nightly');
    expect(screen.getByRole('row', { name: /spare/ })).toHaveTextContent('—');
  });

  it('names the containers and jobs using it, as links, and offers only to close', async () => {
    const { user, deletes } = serveRegistries(users);
    await user.click(await screen.findByRole('button', { name: 'Delete registry acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete registry acme?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 container: web', '1 container job: nightly']);
    expect(within(dialog).getByRole('link', { name: 'web' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/container/web',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A registry can be removed once nothing pulls through it',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete registry' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(deletes).toEqual([]);
  });

  it('removes a registry nothing uses after one confirmation', async () => {
    const { user, deletes } = serveRegistries(users);
    await user.click(await screen.findByRole('button', { name: 'Delete registry spare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete registry spare?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete registry' }));
    expect(await screen.findByText('Registry spare is being removed')).toBeVisible();
    expect(deletes).toEqual([{ namespace: 'shop', name: 'spare' }]);
  });
});
