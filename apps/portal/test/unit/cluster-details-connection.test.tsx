import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectionSnippets } from '../../src/features/databases/components/cluster-snippets.ts';
import { HOST, openCluster } from '../support/cluster-details.ts';

// The page of one database cluster (issue 14): revealing a user's connection string, and the snippets that
// use it.

describe('connection', () => {
  it('reveals the chosen user’s connection string on request only, with a copy button and snippets, and forgets it for another user', async () => {
    const { user, sent } = openCluster();
    const connection = await screen.findByRole('region', { name: 'Connection' });
    expect(sent).toEqual([]);
    await user.selectOptions(within(connection).getByRole('combobox', { name: 'User' }), 'app');
    await user.click(within(connection).getByRole('button', { name: 'Reveal connection string' }));

    const dsn = `postgresql://app:S3cret-pw@${HOST}:5432/orders`;
    const shown = within(await within(connection).findByRole('group', { name: 'How to connect as app' }));
    expect(sent).toEqual([
      { operation: 'credentials', variables: { namespace: 'shop', name: 'orders-db', username: 'app' } },
    ]);
    expect(shown.getByText(dsn)).toBeVisible();
    expect(shown.getByText(`psql '${dsn}'`)).toBeVisible();
    expect(shown.getByText(/psycopg\.connect/)).toBeVisible();
    await user.click(shown.getByRole('button', { name: 'Copy connection string of app' }));
    expect(await navigator.clipboard.readText()).toBe(dsn);

    await user.selectOptions(within(connection).getByRole('combobox', { name: 'User' }), 'report');
    expect(within(connection).queryByText(dsn)).not.toBeInTheDocument();
    expect(within(connection).getByRole('button', { name: 'Reveal connection string' })).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  it('gives MySQL clusters the mysql client and the parts of the address one by one', () => {
    const [cli, node, python] = connectionSnippets('mysql://app:p%40ss%27w@db.local:3306/orders');
    expect(cli).toEqual({
      label: 'mysql',
      code: `mysql --host='db.local' --port=3306 --user='app' --password='p@ss'\\''w' 'orders'`,
    });
    expect(node?.code).toContain(`mysql.createConnection("mysql://app:p%40ss%27w@db.local:3306/orders")`);
    expect(python?.code).toContain(
      `pymysql.connect(host="db.local", port=3306, user="app", password="p@ss'w", database="orders")`,
    );
  });
});
