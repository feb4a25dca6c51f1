import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

import { renderWithProviders } from '../support/render.tsx';
import { priceList, priceListFails } from '../support/handlers.ts';
import { server } from '../support/server.ts';

// The size picker asks the platform for prices, the web addresses section for the default address.
beforeEach(() => {
  server.use(
    graphql.query('DefaultContainerAddress', () =>
      HttpResponse.json({
        data: { namespace: { id: '1', defaultContainerAddress: 'shop-web-1a2b3c4d.apps.localhost' } },
      }),
    ),
    priceList({ sizes: { CPU_250_RAM_500: 170 } }),
  );
});

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

async function renderForm(props: Partial<ContainerFormProps> = {}) {
  const onSubmit = vi.fn<(values: ContainerFormValues) => Promise<unknown>>().mockResolvedValue(undefined);
  const { user } = renderWithProviders(
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
    />,
  );
  await screen.findByRole('form');
  return { onSubmit, user };
}

describe('container form', () => {
  it('shows the monthly price of the chosen size, per replica', async () => {
    server.use(priceList({ sizes: { CPU_250_RAM_500: 170, CPU_500_RAM_500: 290 } }));
    const { user } = await renderForm();
    expect(await screen.findByText('€1.70 per month per replica')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'CPU' }));
    await user.click(screen.getByRole('option', { name: '0.5 vCPU' }));
    expect(await screen.findByText('€2.90 per month per replica')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'CPU' }));
    await user.click(screen.getByRole('option', { name: '4 vCPU' }));
    expect(await screen.findByText('No price listed for this size.')).toBeInTheDocument();
  });

  it('says when the price could not be loaded', async () => {
    server.use(priceListFails);
    await renderForm();
    expect(await screen.findByText('The price could not be loaded.')).toBeInTheDocument();
  });

  it('validates inline and sends nothing while something is wrong', async () => {
    const { onSubmit, user } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: /Image/ }), 'Nginx');
    expect(await screen.findByText('Image names are lowercase')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create container' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers web addresses once the container has a port', async () => {
    const { user } = await renderForm();
    const add = screen.getByRole('button', { name: 'Add web address' });
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Ports' }), '8080');
    expect(add).toBeEnabled();
  });

  it('masks secret values as they are typed', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    const variables = screen.getByRole('region', { name: 'Environment variables' });
    const value = within(variables).getByLabelText('Value');
    expect(value).toHaveAttribute('type', 'text');
    await user.click(within(variables).getByRole('switch', { name: 'Secret' }));
    expect(value).toHaveAttribute('type', 'password');
  });

  it('configures: prefilled, saves only after a change, and the patch holds only what changed', async () => {
    const initialValues = toFormValues(container);
    const { onSubmit, user } = await renderForm({ mode: 'configure', initialValues });
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
    await user.clear(mode);
    await user.type(mode, 'staging');
    await user.click(screen.getByRole('button', { name: 'Remove shop.example.com' }));
    await user.click(save);

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

  it('says why saving waits while a change is applied', async () => {
    await renderForm({
      mode: 'configure',
      initialValues: toFormValues(container),
      blockedReason: 'A change is being applied.',
    });
    expect(screen.getByText('A change is being applied.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});
