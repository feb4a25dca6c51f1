import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ContainerRevisionsQuery, ContainerRollbackMutationVariables } from '../../src/gql/graphql.ts';
import { containerDetails, namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A container's revisions tab (issue 28): every deploy, newest first, with what it ran and who started it;
// roll back to one, redeploy or restart, each asked first; the platform's refusal stays in the dialog.

const container = (locked = false) =>
  containerDetails('web', { state: locked ? 'updating' : 'running', locked });

type Revision = ContainerRevisionsQuery['container']['revisions'][number];

const revision = (number: number, changes: Partial<Revision>): Revision => ({
  number,
  reason: 'CHANGED',
  rolledBackTo: null,
  current: false,
  image: 'nginx:1.27',
  privateRegistry: null,
  resources: 'CPU_250_RAM_500',
  entrypoint: null,
  command: null,
  ports: ['80'],
  environmentVariables: [
    { name: 'MODE', value: 'fast', secret: false },
    { name: 'TOKEN', value: null, secret: true },
  ],
  replicas: 1,
  autoScaling: null,
  createdBy: 'ada@example.com',
  createdAt: '2025-01-02T10:00:00Z',
  ...changes,
});

const revisions = [
  revision(3, { reason: 'ROLLED_BACK', rolledBackTo: 1, current: true }),
  revision(2, { image: 'nginx:1.28' }),
  revision(1, { reason: 'CREATED' }),
];

/** Answers the container and its revisions; records the rollbacks asked, refusing them with `refusal` if set. */
function serve({ locked = false, refusal }: { locked?: boolean; refusal?: string } = {}) {
  const rollbacks: ContainerRollbackMutationVariables[] = [];
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('Container', () => HttpResponse.json({ data: { container: container(locked) } })),
    graphql.query('ContainerRevisions', () =>
      HttpResponse.json({ data: { container: { id: '7', revisions } } }),
    ),
    graphql.mutation<object, ContainerRollbackMutationVariables>('ContainerRollback', ({ variables }) => {
      rollbacks.push(variables);
      return refusal
        ? HttpResponse.json({
            errors: [{ message: refusal, extensions: { code: 'BAD_USER_INPUT', field: 'revision' } }],
          })
        : HttpResponse.json({
            data: { containerRollback: { id: '7', state: 'updating', locked: true } },
          });
    }),
  );
  return { rollbacks };
}

const open = () =>
  renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/revisions' });

describe('container revisions', () => {
  it('lists the deploys newest first, the current one marked and not offered for a rollback', async () => {
    serve();
    open();
    const table = within(await screen.findByRole('table', { name: 'Revisions' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '3current',
      '2',
      '1',
    ]);
    expect(rows[0]).toHaveTextContent('Rolled back to revision 1');
    expect(rows[0]).toHaveTextContent('by ada@example.com');
    expect(rows[1]).toHaveTextContent('nginx:1.28');
    expect(rows[2]).toHaveTextContent('Created');
    // A secret's value is never shown: the platform does not give it.
    expect(rows[2]).toHaveTextContent('MODE=fast, TOKEN (secret)');
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Roll back/ })).toBeNull();
    expect(table.getByRole('button', { name: 'Roll back to revision 2' })).toBeEnabled();
  });

  it('rolls back to a revision once asked, and says so', async () => {
    const { rollbacks } = serve();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Roll back to revision 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back to revision 1?' });
    expect(dialog).toHaveTextContent('secret values included');
    expect(rollbacks).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Rolling back web to revision 1')).toBeVisible();
    expect(rollbacks).toEqual([{ namespace: 'shop', name: 'web', revision: 1 }]);
  });

  it("keeps the platform's refusal in the dialog", async () => {
    serve({ refusal: 'Revision 1 mounts a volume at /data that no longer exists' });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Roll back to revision 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back to revision 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(
      await within(dialog).findByText('Revision 1 mounts a volume at /data that no longer exists'),
    ).toBeVisible();
  });

  it('offers nothing to deploy while a change is rolling out', async () => {
    serve({ locked: true });
    open();
    expect(await screen.findByRole('button', { name: 'Redeploy' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restart replicas' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Roll back to revision 2' })).toBeDisabled();
  });
});
