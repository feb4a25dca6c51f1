import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { containerRow, namespace, type ContainerRow } from '../support/fixtures.ts';
import { permissions } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The list shell (components/resource-list-view.tsx), through the containers tab that declares it.

const container = containerRow;

/** Answers the containers query with each list in turn (the last one from then on); counts the requests. */
function serveContainers(...answers: (ContainerRow[] | 'error')[]) {
  let requests = 0;
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('web') } })),
    graphql.query('NamespaceContainers', () => {
      const answer = answers[Math.min(requests, answers.length - 1)];
      requests += 1;
      return answer === 'error'
        ? HttpResponse.json({
            errors: [{ message: 'The platform is down', extensions: { code: 'INTERNAL' } }],
          })
        : HttpResponse.json({ data: { namespace: { id: '1', containers: answer } } });
    }),
  );
  return { requests: () => requests };
}

const openContainers = () => renderWithProviders({ path: '/compute/serverless-containers/web/containers' });
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('resource list view', () => {
  it('shows the error with a way to try again, which loads the list', async () => {
    serveContainers('error', [container('web')]);
    const { user } = openContainers();
    expect(await screen.findByRole('heading', { name: 'The containers could not be loaded' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /web/ })).toBeVisible();
  });

  it('refreshes while a row is changing, and stops once everything is at rest', async () => {
    const served = serveContainers(
      [container('web', { state: 'creating', locked: true })],
      [container('web')],
    );
    openContainers();
    const row = await screen.findByRole('row', { name: /web/ });
    expect(within(row).getByText('creating')).toBeVisible();
    await waitFor(() => expect(within(row).getByText('created')).toBeVisible());
    const settled = served.requests();
    expect(settled).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(served.requests()).toBe(settled);
  }, 15_000);

  it('searches by name, says how many are shown, and offers to show all when nothing matches', async () => {
    serveContainers([container('shop-web'), container('shop-worker'), container('blog')]);
    const { user } = openContainers();
    await screen.findByRole('row', { name: /blog/ });
    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    await user.type(search, 'SHOP');
    expect(rowNames()).toEqual(['shop-web', 'shop-worker']);
    // Among the page's live statuses (the shell's offline status is one, empty while online).
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('2 of 3 shown');
    await user.type(search, '-db');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No containers match' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all containers' }));
    expect(rowNames()).toEqual(['shop-web', 'shop-worker', 'blog']);
    expect(search).toHaveValue('');
  });

  it('sorts by a column, ascending then descending, marking the column', async () => {
    serveContainers([
      container('beta', { availableReplicas: 3 }),
      container('alpha-10', { availableReplicas: 1 }),
      container('alpha-9', { availableReplicas: 2 }),
    ]);
    const { user } = openContainers();
    await screen.findByRole('row', { name: /beta/ });
    expect(rowNames()).toEqual(['beta', 'alpha-10', 'alpha-9']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    // Numbers in names sort as numbers.
    expect(rowNames()).toEqual(['alpha-9', 'alpha-10', 'beta']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(rowNames()).toEqual(['beta', 'alpha-10', 'alpha-9']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Replicas' }));
    expect(rowNames()).toEqual(['alpha-10', 'alpha-9', 'beta']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
  });

  it('filters by state once the rows are in more than one', async () => {
    serveContainers([container('web'), container('api', { state: 'failed' }), container('db')]);
    const { user } = openContainers();
    await screen.findByRole('row', { name: /api/ });
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'created', 'failed']);
    await user.selectOptions(state, 'failed');
    expect(rowNames()).toEqual(['api']);
    await user.selectOptions(state, 'All');
    expect(rowNames()).toEqual(['web', 'api', 'db']);
  });

  it('has no filter when every row is in the same state', async () => {
    serveContainers([container('web'), container('api')]);
    openContainers();
    await screen.findByRole('row', { name: /api/ });
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
  });

  it('links each row to its resource and offers create with full access', async () => {
    serveContainers([container('web')]);
    openContainers();
    const row = await screen.findByRole('row', { name: /web/ });
    expect(within(row).getByRole('link', { name: 'web' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/web/container/web',
    );
    expect(await screen.findByRole('link', { name: 'Create container' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/web/container/new',
    );
  });

  it('offers a restricted customer create only while the list is empty (create-limited)', async () => {
    server.use(permissions('create-limited'));
    serveContainers([container('web')]);
    openContainers();
    await screen.findByRole('row', { name: /web/ });
    expect(screen.queryByRole('link', { name: 'Create container' })).not.toBeInTheDocument();
  });

  it('shows a restricted customer the empty state with the create action', async () => {
    server.use(permissions('create-limited'));
    serveContainers([]);
    openContainers();
    expect(await screen.findByRole('heading', { name: 'No containers yet' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Create container' })).toBeVisible();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('tells a suspended customer what will appear, without a create action or an upgrade', async () => {
    server.use(permissions());
    serveContainers([]);
    openContainers();
    expect(await screen.findByText('Containers created in this namespace will appear here.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create container' })).not.toBeInTheDocument();
    // A subscription would not lift a suspension: the access banner says what does.
    expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
  });
});
