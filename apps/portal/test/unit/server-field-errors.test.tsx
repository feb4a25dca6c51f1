import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { JobForm } from '../../src/features/container-jobs/components/job-form.tsx';
import { defaultJobValues } from '../../src/features/container-jobs/components/job-schema.ts';
import { NamespaceForm } from '../../src/features/namespaces/components/namespace-form.tsx';
import { RegistryForm } from '../../src/features/registries/components/registry-form.tsx';
import { GraphQLRequestError, type GraphQLErrorItem } from '../../src/lib/graphql/errors.ts';
import { renderWithProviders } from '../support/render.tsx';

// Every form shows the platform's refusal the same way (components/form/server-refusal.ts): a message that
// names an input field (extensions.field) on that field, marked and focused; one that names none above the
// buttons, focused itself. A few forms stand for all of them here.

const refusal = (...errors: GraphQLErrorItem[]) => vi.fn().mockRejectedValue(new GraphQLRequestError(errors));
const nameTaken = (message: string): GraphQLErrorItem => ({
  message,
  extensions: { code: 'BAD_USER_INPUT', field: 'name' },
});

describe("the platform's refusal in a form", () => {
  it('puts a namespace name already taken on the name field, marked and focused', async () => {
    const onSubmit = refusal(nameTaken('A namespace named shop already exists'));
    const { user } = renderWithProviders(
      <NamespaceForm pending={false} onSubmit={onSubmit} onCancel={() => undefined} />,
    );
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, 'shop');
    await user.click(screen.getByRole('button', { name: 'Create namespace' }));

    await waitFor(() => expect(name).toHaveAccessibleDescription('A namespace named shop already exists'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveValue('shop');
    // Said once, on the field: not again above the buttons.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a refusal that names no field above the buttons, and focuses it', async () => {
    const onSubmit = refusal({ message: 'Another change is under way', extensions: { code: 'CONFLICT' } });
    const { user } = renderWithProviders(
      <NamespaceForm pending={false} onSubmit={onSubmit} onCancel={() => undefined} />,
    );
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'shop');
    await user.click(screen.getByRole('button', { name: 'Create namespace' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Another change is under way');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('puts a registry name already taken on the name field, and refused credentials on theirs', async () => {
    const onSubmit = refusal(nameTaken('A registry named acme already exists in namespace web'), {
      message: 'Registry password must be at most 1024 characters',
      extensions: { code: 'BAD_USER_INPUT', field: 'password' },
    });
    const { user } = renderWithProviders(
      <RegistryForm pending={false} onSubmit={onSubmit} onCancel={() => undefined} />,
    );
    const form = within(await screen.findByRole('form', { name: 'New registry' }));
    const name = form.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'acme');
    await user.type(form.getByRole('textbox', { name: /^Registry/ }), 'ghcr.io/acme');
    await user.type(form.getByRole('textbox', { name: /^User name/ }), 'bot');
    const password = form.getByLabelText(/^Password or access token/);
    await user.type(password, 'secret');
    await user.click(form.getByRole('button', { name: 'Add registry' }));

    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('A registry named acme already exists in namespace web'),
    );
    expect(password).toHaveAccessibleDescription('Registry password must be at most 1024 characters');
    // The first in the page's order is the one focused.
    await waitFor(() => expect(name).toHaveFocus());
  });

  it("puts a job's refused schedule on the schedule and its taken name on the name", async () => {
    const onSubmit = refusal(nameTaken('A container job named nightly already exists in namespace web'), {
      message: 'schedule: runs more often than every 5 minutes',
      extensions: { code: 'BAD_USER_INPUT', field: 'schedule' },
    });
    const { user } = renderWithProviders(
      <JobForm
        mode="create"
        initialValues={{ ...defaultJobValues, name: 'nightly', image: 'alpine:3' }}
        registries={[]}
        volumes={[]}
        pending={false}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const form = within(await screen.findByRole('form', { name: 'New container job' }));
    await user.click(form.getByRole('button', { name: 'Create job' }));

    const name = form.getByRole('textbox', { name: /^Name/ });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        'A container job named nightly already exists in namespace web',
      ),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(await form.findByText('schedule: runs more often than every 5 minutes')).toBeVisible();
    await waitFor(() => expect(name).toHaveFocus());
  });
});
