import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  ContainerForm,
  type ContainerFormProps,
} from '../../src/features/containers/components/container-form.tsx';
import {
  toFormValues,
  toModifyInput,
  type ConfigurableContainer,
} from '../../src/features/containers/components/container-input.ts';
import {
  defaultContainerValues,
  type ContainerFormValues,
} from '../../src/features/containers/components/container-schema.ts';

// The size picker asks the platform for prices; the form itself needs nothing else from it.
vi.mock('../../src/lib/graphql/platform.ts', () => ({
  platformRequest: vi.fn(async () => ({
    resourceSpecifications: [
      { id: 'CPU_250_RAM_500', cpu: 0.25, ram: 0.5, price: { amount: 170, currency: 'EUR' } },
    ],
  })),
}));

const container: ConfigurableContainer = {
  name: 'shop',
  image: 'nginx:1.27',
  resources: 'CPU_250_RAM_500',
  ports: ['8080'],
  environmentVariables: [
    { name: 'MODE', value: 'production', secret: false },
    { name: 'API_KEY', value: null, secret: true },
  ],
  ingresses: [{ domainName: 'shop.example.com', port: 8080, enableTLS: true, allowlist: ['203.0.113.7'] }],
  mounts: [],
  healthCheck: null,
  autoScaling: null,
  numberOfReplicas: 1,
};

function renderForm(props: Partial<ContainerFormProps> = {}) {
  const onSubmit = vi.fn<(values: ContainerFormValues) => void>();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ContainerForm
        mode="create"
        namespace="web"
        initialValues={defaultContainerValues}
        registries={[{ name: 'acme', source: 'ghcr.io/acme' }]}
        volumes={[{ name: 'shop-data', size: 10 }]}
        pending={false}
        onSubmit={onSubmit}
        onCancel={() => undefined}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onSubmit };
}

describe('container form', () => {
  it('shows the monthly price of the chosen size', async () => {
    renderForm();
    expect(await screen.findByText(/1\.70 per month per replica/)).toBeInTheDocument();
  });

  it('validates inline and sends nothing while something is wrong', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /Image/ }), 'Nginx');
    expect(await screen.findByText('Image names are lowercase')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create container' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers web addresses once the container has a port', async () => {
    renderForm();
    const add = screen.getByRole('button', { name: 'Add web address' });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Ports' }), '8080');
    expect(add).toBeEnabled();
  });

  it('masks secret values as they are typed', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    const variables = screen.getByRole('region', { name: 'Environment variables' });
    const value = within(variables).getByLabelText('Value');
    expect(value).toHaveAttribute('type', 'text');
    await userEvent.click(within(variables).getByRole('switch', { name: 'Secret' }));
    expect(value).toHaveAttribute('type', 'password');
  });

  it('configures: prefilled, saves only after a change, and the patch holds only what changed', async () => {
    const initialValues = toFormValues(container);
    const { onSubmit } = renderForm({ mode: 'configure', initialValues });
    const variables = screen.getByRole('region', { name: 'Environment variables' });
    const secret = within(variables).getAllByLabelText('Value')[1] as HTMLInputElement;
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', 'Stored, hidden');
    expect(
      within(screen.getByRole('region', { name: 'Image' })).getByRole('textbox', { name: /Name/ }),
    ).toBeDisabled();

    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const mode = within(variables).getAllByLabelText('Value')[0] as HTMLInputElement;
    await userEvent.clear(mode);
    await userEvent.type(mode, 'staging');
    await userEvent.click(screen.getByRole('button', { name: 'Remove shop.example.com' }));
    await userEvent.click(save);

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const [saved] = onSubmit.mock.calls[0] ?? [];
    if (!saved) throw new Error('the form submitted nothing');
    expect(toModifyInput('web', initialValues, saved)).toEqual({
      name: 'shop',
      namespace: 'web',
      environmentVariables: [{ name: 'MODE', value: 'staging', secret: false }],
      ingresses: [
        {
          port: 8080,
          enableTLS: true,
          whitelist: ['203.0.113.7'],
          domainName: 'shop.example.com',
          state: 'ABSENT',
        },
      ],
    });
  });

  it('says why saving waits while a change is applied', () => {
    renderForm({
      mode: 'configure',
      initialValues: toFormValues(container),
      blockedReason: 'A change is being applied.',
    });
    expect(screen.getByText('A change is being applied.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});
