import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { field, fillValid, form, openCreate, select, submit } from '../support/create-cluster.ts';

// Create a new Cloud Database (/storage/databases/new): what the platform refuses, shown on the field it
// names or above the buttons, the customer staying on the form with what was typed.

// The tab does not leave for the payment provider in a test: the address it would go to is recorded.
vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

describe('what the platform refuses', () => {
  it('shows a refused field on that field, and stays on the form with what was typed', async () => {
    const { user, sent, router } = openCreate({
      refuse: [
        {
          message: 'A database cluster named orders-db already exists in namespace staging',
          extensions: { code: 'BAD_USER_INPUT', field: 'name' },
        },
      ],
    });
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(field(/^Name/)).toHaveAccessibleDescription(
        'A database cluster named orders-db already exists in namespace staging',
      ),
    );
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Name/)).toHaveValue('orders-db');
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/storage/databases/new');
    expect(form().getByRole('button', { name: 'Create cluster' })).toBeEnabled();
    expect(leaveForHostedPage).not.toHaveBeenCalled();
  });

  it("puts a refused user name (users.name) on the user's field", async () => {
    const { user } = openCreate({
      refuse: [
        {
          message: 'User name orders_app is not allowed',
          extensions: { code: 'BAD_USER_INPUT', field: 'users.name' },
        },
      ],
    });
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(field(/^User name/)).toHaveAccessibleDescription('User name orders_app is not allowed'),
    );
  });

  it('shows a conflict that names no field above the buttons, and stays on the form', async () => {
    const { user, sent, router } = openCreate({
      refuse: [
        {
          message: 'Another change is under way; try again when it is done',
          extensions: { code: 'CONFLICT' },
        },
      ],
    });
    await fillValid(user);
    await submit(user);

    expect(await form().findByRole('alert')).toHaveTextContent(
      'Another change is under way; try again when it is done',
    );
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/storage/databases/new');
    expect(form().getByRole('button', { name: 'Create cluster' })).toBeEnabled();
  });

  it('puts a refused namespace (being deleted) on the namespace field', async () => {
    const { user } = openCreate({
      refuse: [{ message: 'Namespace staging is being deleted', extensions: { code: 'CONFLICT' } }],
    });
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(select(/^Namespace/)).toHaveAccessibleDescription('Namespace staging is being deleted'),
    );
    // On the field only, not said again as a message of the whole form.
    expect(form().getAllByText('Namespace staging is being deleted')).toHaveLength(1);
  });
});
