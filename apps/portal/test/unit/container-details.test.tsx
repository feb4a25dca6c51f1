import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ContainerForm } from '../../src/features/containers/components/container-form.tsx';
import { defaultContainerValues } from '../../src/features/containers/components/container-schema.ts';
import { replicaSummary } from '../../src/features/containers/components/replica-summary.ts';
import type {
  ContainerJobQuery,
  ContainerQuery,
  DefaultContainerAddressQueryVariables,
} from '../../src/gql/graphql.ts';
import { containerRow, namespace, type ContainerRow } from '../support/fixtures.ts';
import { namespaceWithContainers } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// What a container's and a job's pages say about replicas, images, addresses and runs (issue 12).

const SUFFIX = '1a2b3c4d.apps.localhost';

/** Answers the default address as the platform names it, and records the names asked for. */
function serveDefaultAddresses() {
  const asked: string[] = [];
  server.use(
    graphql.query<object, DefaultContainerAddressQueryVariables>(
      'DefaultContainerAddress',
      ({ variables }) => {
        asked.push(variables.containerName);
        return HttpResponse.json({
          data: {
            namespace: {
              id: '1',
              defaultContainerAddress: `${variables.containerName}-${variables.namespace}-${SUFFIX}`,
            },
          },
        });
      },
    ),
  );
  return asked;
}

type ContainerDetails = ContainerQuery['container'];

/** An autoscaled container halfway through a rolling update from nginx:1.27 to nginx:1.28. */
const rollingContainer: ContainerDetails = {
  id: '7',
  name: 'web',
  image: 'nginx:1.28',
  entrypoint: null,
  command: null,
  resources: 'CPU_250_RAM_500',
  ports: ['80'],
  numberOfReplicas: 3,
  availableReplicas: 2,
  problem: null,
  state: 'updating',
  locked: true,
  createdAt: '2025-01-01T09:00:00Z',
  modifiedAt: '2025-01-02T09:00:00Z',
  externalConnection: null,
  privateRegistry: null,
  environmentVariables: [],
  ingresses: [
    {
      id: '1',
      domainName: `web-shop-${SUFFIX}`,
      url: `https://web-shop-${SUFFIX}`,
      port: 80,
      enableTLS: true,
      allowlist: [],
    },
    {
      id: '2',
      domainName: 'shop.example.com',
      url: 'https://shop.example.com',
      port: 80,
      enableTLS: true,
      allowlist: [],
    },
  ],
  mounts: [],
  healthCheck: null,
  autoScaling: { replicas: { minimum: 1, maximum: 5 }, triggers: [{ type: 'CPU', threshold: 60 }] },
  replicas: [
    { name: 'web-abcde-1', status: 'running', statusMessage: 'Started', image: 'nginx:1.27' },
    { name: 'web-abcde-2', status: 'running', statusMessage: 'Started', image: 'nginx:1.27' },
    {
      name: 'web-fghij-1',
      status: 'pending',
      statusMessage: 'Pulling image nginx:1.28',
      image: 'nginx:1.28',
    },
  ],
};

function openOverview(container: ContainerDetails) {
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('Container', () => HttpResponse.json({ data: { container } })),
  );
  return renderWithProviders({
    path: `/compute/serverless-containers/shop/container/${container.name}/overview`,
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('replica counts', () => {
  it('says available of desired, with the autoscaling range when there is one', () => {
    expect(replicaSummary(rollingContainer)).toBe('2 of 3 available · autoscaling 1–5');
    expect(replicaSummary({ availableReplicas: 1, numberOfReplicas: 1, autoScaling: null })).toBe(
      '1 of 1 available',
    );
  });

  it('shows them in the containers list, the range on a line of its own', async () => {
    const row = (name: string, changes: Partial<ContainerRow>) =>
      containerRow(name, { id: name, image: 'nginx', state: 'running', ...changes });
    server.use(
      ...namespaceWithContainers('shop', [
        row('api', {
          numberOfReplicas: 3,
          availableReplicas: 2,
          problem: null,
          autoScaling: { replicas: { minimum: 1, maximum: 5 } },
        }),
        row('worker', {}),
      ]),
    );
    renderWithProviders({ path: '/compute/serverless-containers/shop/containers' });
    const api = await screen.findByRole('row', { name: /api/ });
    expect(within(api).getByRole('cell', { name: '2 of 3 available autoscaling 1–5' })).toBeVisible();
    expect(within(screen.getByRole('row', { name: /worker/ })).getByText('1 of 1 available')).toBeVisible();
  });
});

describe('container overview', () => {
  it('shows the counts, each replica image during a rolling update, the DNS record of a custom domain and links that open a new tab', async () => {
    serveDefaultAddresses();
    openOverview(rollingContainer);
    expect(await screen.findByText('2 of 3 available · autoscaling 1–5')).toBeVisible();

    const replicas = within(section('Replicas'));
    expect(replicas.getByRole('columnheader', { name: 'Image' })).toBeVisible();
    expect(within(replicas.getByRole('row', { name: /web-abcde-1/ })).getByText('nginx:1.27')).toBeVisible();
    expect(within(replicas.getByRole('row', { name: /web-fghij-1/ })).getByText('nginx:1.28')).toBeVisible();

    const addresses = within(section('Web addresses'));
    const open = addresses.getByRole('link', { name: `Open https://web-shop-${SUFFIX} in a new tab` });
    expect(open).toHaveAttribute('href', `https://web-shop-${SUFFIX}`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    const custom = addresses.getByRole('row', { name: /shop\.example\.com/ });
    expect(await within(custom).findByText(`shop.example.com CNAME web-shop-${SUFFIX}`)).toBeVisible();
    // The default address needs no record of its own.
    const own = addresses.getAllByRole('row')[1];
    if (!own) throw new Error('the default address has no row');
    expect(within(own).queryByText(/CNAME/)).not.toBeInTheDocument();
  });

  it('names no image per replica while they all run the container image', async () => {
    serveDefaultAddresses();
    openOverview({
      ...rollingContainer,
      state: 'running',
      locked: false,
      availableReplicas: 2,
      problem: null,
      numberOfReplicas: 2,
      replicas: [
        { name: 'web-fghij-1', status: 'running', statusMessage: 'Started', image: 'nginx:1.28' },
        { name: 'web-fghij-2', status: 'running', statusMessage: 'Started', image: 'nginx:1.28' },
      ],
    });
    expect(await screen.findByText('2 of 2 available · autoscaling 1–5')).toBeVisible();
    expect(
      within(section('Replicas')).queryByRole('columnheader', { name: 'Image' }),
    ).not.toBeInTheDocument();
  });
});

describe('job runs', () => {
  it('names each run and what started it', async () => {
    const job: ContainerJobQuery['containerJob'] = {
      name: 'report',
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      entrypoint: null,
      command: null,
      schedule: '0 4 * * *',
      enabled: true,
      timeoutSeconds: null,
      retries: 0,
      state: 'created',
      locked: false,
      privateRegistry: null,
      environmentVariables: [],
      mounts: [],
      runs: [
        {
          name: 'report-manual-ab12c',
          trigger: 'MANUAL',
          status: 'succeeded',
          startTime: '2025-01-02T09:30:00Z',
          endTime: '2025-01-02T09:30:05Z',
          duration: 5,
          message: 'Completed',
          attempts: 1,
        },
        {
          name: 'report-29000000',
          trigger: 'SCHEDULE',
          status: 'failed',
          startTime: '2025-01-02T04:00:00Z',
          endTime: '2025-01-02T04:00:07Z',
          duration: 7,
          message: 'Exited with code 3',
          attempts: 1,
        },
      ],
    };
    server.use(
      graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
      graphql.query('ContainerJob', () => HttpResponse.json({ data: { containerJob: job } })),
    );
    renderWithProviders({ path: '/compute/serverless-containers/shop/container-job/report/overview' });
    const runs = within(await screen.findByRole('table', { name: 'Runs' }));
    const manual = runs.getByRole('row', { name: /report-manual-ab12c/ });
    expect(within(manual).getByRole('cell', { name: 'report-manual-ab12c Manual' })).toBeVisible();
    const scheduled = runs.getByRole('row', { name: /report-29000000/ });
    expect(within(scheduled).getByRole('cell', { name: 'report-29000000 Scheduled' })).toBeVisible();
  });
});

describe('container form web addresses', () => {
  function renderCreateForm() {
    return renderWithProviders(
      <ContainerForm
        mode="create"
        namespace="shop"
        initialValues={defaultContainerValues}
        registries={[]}
        volumes={[]}
        pending={false}
        onSubmit={vi.fn()}
        onCancel={() => undefined}
      />,
    );
  }

  it('shows the default address whole once the name is typed, asking the platform once typing pauses', async () => {
    const asked = serveDefaultAddresses();
    const { user } = renderCreateForm();
    const addresses = within(await screen.findByRole('region', { name: 'Web addresses' }));
    expect(addresses.getByText(/Leave the domain empty for the container's default address/)).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'web');
    expect(
      await addresses.findByText(
        `Leave the domain empty for https://web-shop-${SUFFIX}; it gets a TLS certificate.`,
        { exact: false },
      ),
    ).toBeVisible();
    expect(asked).toEqual(['web']);

    // A custom domain shows the record to create; an address left empty says it is the default one.
    await user.type(screen.getByRole('textbox', { name: 'Ports' }), '80');
    await user.click(screen.getByRole('button', { name: 'Add web address' }));
    expect(
      addresses.getByText(`The default address https://web-shop-${SUFFIX}, with a TLS certificate.`),
    ).toBeVisible();
    await user.type(addresses.getByRole('textbox', { name: 'Domain' }), 'shop.example.com');
    expect(await addresses.findByText(`shop.example.com CNAME web-shop-${SUFFIX}`)).toBeVisible();
    await waitFor(() => expect(asked).toEqual(['web']));
  });
});
