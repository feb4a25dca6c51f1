import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, fillValid, openCreate, submit } from '../support/create-cluster.ts';

// Create a new Cloud Database (/storage/databases/new): what the form refuses before sending, and says on
// the field that needs it.

describe('what the form refuses before sending', () => {
  it.each([
    ['Orders', 'Start with a lowercase letter'],
    ['orders_db', 'Use only lowercase letters, digits and hyphens'],
    ['orders-', 'End with a letter or a digit'],
    [`o${'a'.repeat(63)}`, 'Use at most 63 characters'],
  ])('a cluster name %s: %s', async (value, message) => {
    const { user } = openCreate();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), value);
    await waitFor(() => expect(field(/^Name/)).toHaveAccessibleDescription(message));
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['User name', 'admin', 'This name is reserved'],
    ['User name', 'postgres', 'This name is reserved'],
    ['User name', 'pg_reader', 'Names starting with pg_ are reserved'],
    ['User name', 'orders-app', 'Use only lowercase letters, digits and underscores'],
    ['User name', '1app', 'Start with a lowercase letter'],
    ['User name', 'u'.repeat(33), 'Use at most 32 characters'],
    ['Database name', 'template1', 'This name is reserved'],
    ['Database name', 'information_schema', 'This name is reserved'],
    ['Database name', 'Orders', 'Start with a lowercase letter'],
  ])('%s %s: %s', async (label, value, message) => {
    const { user } = openCreate();
    const input = await screen.findByRole('textbox', { name: new RegExp(`^${label}`) });
    await user.clear(input);
    await user.type(input, value);
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends nothing with a bad name, a reserved user and no plan, and says what each needs', async () => {
    const { user, sent } = openCreate();
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Namespace/ }), 'shop');
    await user.type(field(/^Name/), 'Orders');
    await user.clear(field(/^User name/));
    await user.type(field(/^User name/), 'root');
    await submit(user);

    expect(await screen.findByText('3 fields need attention')).toBeVisible();
    expect(field(/^Name/)).toHaveAccessibleDescription('Start with a lowercase letter');
    expect(field(/^User name/)).toHaveAccessibleDescription('This name is reserved');
    expect(within(screen.getByRole('group', { name: 'Plan' })).getByText('Choose a plan')).toBeVisible();
    await waitFor(() => expect(field(/^Name/)).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('asks for a plan when everything else is right, and sends nothing', async () => {
    const { user, sent } = openCreate();
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Namespace/ }), 'shop');
    await user.type(field(/^Name/), 'orders-db');
    await submit(user);

    expect(await screen.findByText('1 field needs attention')).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'Plan' })).getByText('Choose a plan')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('asks for a database when a user is named without one', async () => {
    const { user, sent } = openCreate();
    await fillValid(user);
    await user.clear(field(/^Database name/));
    await submit(user);

    await waitFor(() =>
      expect(field(/^User name/)).toHaveAccessibleDescription(
        'A user needs a database to use: name the first database too',
      ),
    );
    expect(sent).toEqual([]);
  });
});
