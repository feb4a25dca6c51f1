import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NamespacesQuery } from '../../src/gql/graphql.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

type Row = NamespacesQuery['namespaces'][number];

const ids = (count: number) => Array.from({ length: count }, (_, index) => ({ id: String(index) }));
const row = (
  name: string,
  contents: Pick<Row, 'containers' | 'containerJobs' | 'privateRegistries' | 'volumes'>,
): Row => ({
  id: name,
  name,
  description: '',
  state: 'created',
  locked: false,
  createdAt: '2024-12-01T08:00:00Z',
  ...contents,
});

describe('namespace list', () => {
  it('sums up what each namespace holds in one column, kind by kind, and sorts by how much', async () => {
    server.use(
      graphql.query('Namespaces', () =>
        HttpResponse.json({
          data: {
            namespaces: [
              row('shop', {
                containers: ids(2),
                containerJobs: [{ name: 'nightly' }],
                privateRegistries: [],
                volumes: ids(1),
              }),
              row('empty', { containers: [], containerJobs: [], privateRegistries: [], volumes: [] }),
              row('legacy', {
                containers: null,
                containerJobs: [],
                privateRegistries: ids(3),
                volumes: null,
              }),
            ],
          },
        }),
      ),
    );
    const { user } = renderWithProviders({ path: '/compute/serverless-containers' });
    const table = await screen.findByRole('table', { name: 'Namespaces' });
    await within(table).findByRole('link', { name: 'shop' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    const contents = (name: string) => {
      const found = rows().find((candidate) => within(candidate).queryByRole('link', { name }));
      return within(found as HTMLElement).getAllByRole('cell')[3] as HTMLElement;
    };

    expect(within(table).getByRole('columnheader', { name: /Contents/ })).toBeInTheDocument();
    expect(contents('shop')).toHaveTextContent('2 containers1 job1 volume');
    expect(within(contents('shop')).getAllByRole('listitem')).toHaveLength(3);
    expect(contents('empty')).toHaveTextContent('Empty');
    expect(contents('legacy')).toHaveTextContent('3 registries');

    await user.click(within(table).getByRole('button', { name: 'Contents' }));
    expect(rows().map((tableRow) => within(tableRow).getByRole('link').textContent)).toEqual([
      'empty',
      'legacy',
      'shop',
    ]);
  });
});
