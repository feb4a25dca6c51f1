import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NamespaceContentsQuery, NamespaceDeleteMutationVariables } from '../../src/gql/graphql.ts';
import { atRest, namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The delete dialog of a namespace: what it holds, listed with links before asking anything; the name asked
// only when the platform would delete it (empty, or everything in it chosen, and nothing being changed).

type Contents = NamespaceContentsQuery['namespace'];

const emptyNamespace: Contents = {
  id: '1',
  containers: [],
  containerJobs: [],
  privateRegistries: [],
  volumes: [],
  cloudDatabaseClusters: [],
};

const fullNamespace: Contents = {
  id: '1',
  containers: [
    { name: 'web', ...atRest },
    { name: 'worker', state: 'deleting', locked: true },
  ],
  containerJobs: [{ name: 'nightly', ...atRest }],
  privateRegistries: [{ name: 'acme', ...atRest }],
  volumes: [{ name: 'data', ...atRest }],
  cloudDatabaseClusters: [{ name: 'main', ...atRest }],
};

/**
 * The namespace `shop` opened on its containers tab; its contents answered with each of `answers` in turn
 * (the last from then on). Records the delete requests; `refuse` answers them with that error.
 */
function serveNamespace(answers: Contents[], refuse?: { message: string; code: string }) {
  const deletes: NamespaceDeleteMutationVariables[] = [];
  let contentRequests = 0;
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('NamespaceContainers', () =>
      HttpResponse.json({ data: { namespace: { id: '1', containers: [] } } }),
    ),
    graphql.query('NamespaceContents', () => {
      const answer = answers[Math.min(contentRequests, answers.length - 1)];
      contentRequests += 1;
      return HttpResponse.json({ data: { namespace: answer } });
    }),
    graphql.mutation<object, NamespaceDeleteMutationVariables>('NamespaceDelete', ({ variables }) => {
      deletes.push(variables);
      return HttpResponse.json(
        refuse
          ? { errors: [{ message: refuse.message, extensions: { code: refuse.code } }] }
          : { data: { namespaceDelete: true } },
      );
    }),
    graphql.query('Namespaces', () => HttpResponse.json({ data: { namespaces: [] } })),
  );
  const rendered = renderWithProviders({ path: '/compute/serverless-containers/shop/containers' });
  return { ...rendered, deletes, contentRequests: () => contentRequests };
}

async function openNamespaceDialog(user: ReturnType<typeof serveNamespace>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  return screen.findByRole('dialog', { name: 'Delete namespace shop?' });
}

describe('deleting a namespace', () => {
  it('lists what it holds, with links, before asking anything, and asks the name only to delete everything', async () => {
    const { user, deletes, router } = serveNamespace([fullNamespace]);
    const dialog = await openNamespaceDialog(user);

    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2 containers: web, worker (being deleted)',
      '1 container job: nightly',
      '1 registry: acme',
      '1 volume: data',
      '1 database cluster: main',
    ]);
    expect(within(dialog).getByRole('link', { name: 'web' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/container/web',
    );
    expect(within(dialog).getByRole('link', { name: 'nightly' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/container-job/nightly',
    );
    expect(within(dialog).getByRole('link', { name: '2 containers' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/containers',
    );
    expect(within(dialog).getByRole('link', { name: 'acme' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/registries',
    );
    expect(within(dialog).getByRole('link', { name: 'data' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/volumes',
    );
    expect(within(dialog).getByRole('link', { name: 'main' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/databases',
    );

    // Not emptied and not chosen: it says why nothing can be asked yet.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A namespace must be empty before it is deleted. Choose to delete everything in it, or delete what it holds first.',
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete namespace' })).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Delete everything in it too' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete namespace and everything in it' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type shop to confirm' }), 'shop');
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/compute/serverless-containers'));
    expect(deletes).toEqual([{ name: 'shop', deleteResources: true }]);
    expect(await screen.findByText('Your namespace is being deleted')).toBeVisible();
  });

  it('asks an empty namespace only for its name, and deletes it alone', async () => {
    const { user, deletes, router } = serveNamespace([emptyNamespace]);
    const dialog = await openNamespaceDialog(user);
    expect(await within(dialog).findByText('shop is empty. Deleting it cannot be undone.')).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type shop to confirm' }), 'shop');
    await user.click(within(dialog).getByRole('button', { name: 'Delete namespace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compute/serverless-containers'));
    expect(deletes).toEqual([{ name: 'shop', deleteResources: false }]);
  });

  it('waits while something in it is being changed, and asks once that is done', async () => {
    const creating: Contents = {
      ...emptyNamespace,
      containers: [{ name: 'web', state: 'creating', locked: true }],
    };
    const created: Contents = { ...emptyNamespace, containers: [{ name: 'web', ...atRest }] };
    const { user } = serveNamespace([creating, created]);
    const dialog = await openNamespaceDialog(user);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Delete everything in it too' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'web is being changed: the namespace can be deleted once that is done.',
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('1 container: web (being changed)');
    // The dialog follows the contents until the container has settled.
    expect(
      await within(dialog).findByRole('textbox', { name: 'Type shop to confirm' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('1 container: web');
  }, 15_000);

  it("shows the platform's refusal in the dialog and lists the contents anew", async () => {
    const { user, deletes, contentRequests } = serveNamespace([emptyNamespace, fullNamespace], {
      message: 'Namespace shop still holds 1 container; delete them first',
      code: 'BAD_USER_INPUT',
    });
    const dialog = await openNamespaceDialog(user);
    await user.type(await within(dialog).findByRole('textbox', { name: 'Type shop to confirm' }), 'shop');
    await user.click(within(dialog).getByRole('button', { name: 'Delete namespace' }));
    expect(
      await within(dialog).findByText('Namespace shop still holds 1 container; delete them first'),
    ).toBeVisible();
    expect(deletes).toEqual([{ name: 'shop', deleteResources: false }]);
    await waitFor(() => expect(contentRequests()).toBe(2));
    // The container that turned up meanwhile is listed, with the choice to delete it too.
    expect(
      await within(dialog).findByRole('checkbox', { name: 'Delete everything in it too' }),
    ).not.toBeChecked();
    expect(within(dialog).getByRole('link', { name: 'web' })).toBeVisible();
    // Nothing went to the snack bar besides.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('forgets the choice to delete everything when closed', async () => {
    const { user } = serveNamespace([fullNamespace]);
    let dialog = await openNamespaceDialog(user);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Delete everything in it too' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openNamespaceDialog(user);
    expect(
      await within(dialog).findByRole('checkbox', { name: 'Delete everything in it too' }),
    ).not.toBeChecked();
  });
});
