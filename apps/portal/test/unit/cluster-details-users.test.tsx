import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generatePassword } from '../../src/features/databases/components/cluster-password.ts';
import type {
  CloudDatabaseClusterUserCreateMutationVariables,
  CloudDatabaseClusterUserModifyMutationVariables,
} from '../../src/gql/graphql.ts';
import { openCluster, section, type Sent } from '../support/cluster-details.ts';

// The page of one database cluster (issue 14): adding users, changing their permissions, resetting their
// passwords, and the platform's refusals.

async function openAddUser(user: ReturnType<typeof openCluster>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add user' }));
  return within(await screen.findByRole('dialog', { name: 'Add user' }));
}

describe('users', () => {
  it('adds a user with read-only access to one database', async () => {
    const { user, sent } = openCluster();
    const dialog = await openAddUser(user);
    await user.type(dialog.getByRole('textbox', { name: 'User name' }), 'reporter');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'orders' }), 'Read only');
    await user.click(dialog.getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual<Sent>([
      {
        operation: 'userCreate',
        variables: {
          input: {
            cluster: { namespace: 'shop', name: 'orders-db' },
            user: { name: 'reporter', permissions: [{ databaseName: 'orders', permission: 'READ_ONLY' }] },
          },
        } satisfies CloudDatabaseClusterUserCreateMutationVariables,
      },
    ]);
    expect(
      await screen.findByText('User reporter is being added: reveal its password under Connection'),
    ).toBeVisible();
  });

  it('says what is wrong with a name as it is typed, and sends nothing until it is right', async () => {
    const { user, sent } = openCluster();
    const dialog = await openAddUser(user);
    const name = dialog.getByRole('textbox', { name: 'User name' });

    await user.type(name, 'Reporter');
    expect(await dialog.findByText('Start with a lowercase letter')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Add user' }));
    await user.clear(name);
    await user.type(name, 'report-user');
    expect(await dialog.findByText('Use only lowercase letters, digits and underscores')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'postgres');
    expect(await dialog.findByText('This name is reserved')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'pg_monitor');
    expect(await dialog.findByText('Names starting with pg_ are reserved')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'a'.repeat(33));
    expect(await dialog.findByText('Use at most 32 characters')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Add user' }));

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('shows the platform’s refusal of a change while the cluster is busy, in the dialog', async () => {
    const { user, sent } = openCluster({
      refuse: { message: 'Cluster orders-db is being changed; try again when it is done', code: 'CONFLICT' },
    });
    const dialog = await openAddUser(user);
    await user.type(dialog.getByRole('textbox', { name: 'User name' }), 'reporter');
    await user.click(dialog.getByRole('button', { name: 'Add user' }));

    expect(
      await dialog.findByText('Cluster orders-db is being changed; try again when it is done'),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeVisible();
  });

  it('changes permissions with a patch of what changed: one given, one taken away', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Change permissions of report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Permissions of report' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'orders' }), 'Read and write');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'events' }), 'No access');
    await user.click(dialog.getByRole('button', { name: 'Save permissions' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      input: {
        cluster: { namespace: 'shop', name: 'orders-db' },
        user: {
          name: 'report',
          permissions: [
            { databaseName: 'orders', permission: 'READ_WRITE', state: 'PRESENT' },
            { databaseName: 'events', permission: 'READ_ONLY', state: 'ABSENT' },
          ],
        },
      },
    } satisfies CloudDatabaseClusterUserModifyMutationVariables);
  });

  it('resets a password to a strong one made in the browser, then offers to reveal it', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Reset password of app' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset password of app?' }));
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const { input } = sent[0]?.variables as CloudDatabaseClusterUserModifyMutationVariables;
    expect(input?.user?.name).toBe('app');
    expect(input?.user?.permissions).toEqual([]);
    expect(input?.user?.password).toMatch(/^[A-Za-z0-9]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const connection = section('Connection');
    await waitFor(() =>
      expect(connection.getByRole('button', { name: 'Reveal connection string' })).toHaveFocus(),
    );
    expect(connection.getByRole('combobox', { name: 'User' })).toHaveValue('app');
  });

  it('makes passwords of letters and digits, 32 long, different each time', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
