import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { containerRow, volumeRow } from '../support/fixtures.ts';
import {
  namespaceWithContainers,
  namespaceWithVolumes,
  permissions,
  priceList,
  priceListFails,
} from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The monthly cost column of the containers and volumes lists, from the platform's price list (the job list's
// price per run-hour is in job-list.test.tsx).

const cell = (rowName: RegExp, column: string) => {
  const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
  const index = headers.findIndex((header) => header.textContent === column);
  return within(screen.getByRole('row', { name: rowName })).getAllByRole('cell')[index];
};

function serveContainers() {
  server.use(
    ...namespaceWithContainers('web', [
      containerRow('shop', { resources: 'CPU_250_RAM_500', numberOfReplicas: 2, availableReplicas: 2 }),
      containerRow('api', {
        resources: 'CPU_500_RAM_1000',
        numberOfReplicas: 3,
        autoScaling: { replicas: { minimum: 1, maximum: 5 } },
      }),
      containerRow('paused', { numberOfReplicas: 0, availableReplicas: 0 }),
      containerRow('huge', { resources: 'CPU_4000_RAM_16000' }),
    ]),
  );
  return renderWithProviders({ path: '/compute/serverless-containers/web/containers' });
}

function serveVolumes() {
  server.use(
    ...namespaceWithVolumes('web', [volumeRow('data', { size: 10 }), volumeRow('media', { size: 250 })]),
  );
  return renderWithProviders({ path: '/compute/serverless-containers/web/volumes' });
}

describe('containers list', () => {
  it("shows each container's monthly cost: size price × replicas, the autoscaling range from fewest to most", async () => {
    server.use(priceList({ sizes: { CPU_250_RAM_500: 170, CPU_500_RAM_1000: 340 } }));
    serveContainers();
    expect(await screen.findByRole('cell', { name: '€3.40' })).toBeInTheDocument();
    // 2 replicas × €1.70.
    expect(cell(/shop/, 'Monthly cost')).toHaveTextContent(/^€3\.40$/);
    // Autoscaling 1–5 (3 running now) × €3.40.
    expect(cell(/api/, 'Monthly cost')).toHaveTextContent(/^€3\.40–€17\.00$/);
    // Stopped: no replicas.
    expect(cell(/paused/, 'Monthly cost')).toHaveTextContent(/^€0\.00$/);
    // No price listed for its size.
    expect(cell(/huge/, 'Monthly cost')).toHaveTextContent(/^—$/);
  });

  it('costs nothing for a container whose deploy failed with no replica running, and marks it failing', async () => {
    server.use(
      priceList({ sizes: { CPU_250_RAM_500: 170 } }),
      ...namespaceWithContainers('web', [
        containerRow('broken', {
          state: 'failed',
          availableReplicas: 0,
          problem: { cause: 'The command exited with code 3 right after starting, three times.' },
        }),
        containerRow('shop', { state: 'running' }),
      ]),
    );
    renderWithProviders({ path: '/compute/serverless-containers/web/containers' });
    expect(await screen.findByRole('cell', { name: '€1.70' })).toBeInTheDocument();
    expect(cell(/broken/, 'Monthly cost')).toHaveTextContent(/^Nothing: no replica runs$/);
    expect(
      within(screen.getByRole('row', { name: /broken/ })).getByRole('img', {
        name: 'Failing: The command exited with code 3 right after starting, three times.',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /shop/ })).queryByRole('img', { name: /Failing/ }),
    ).toBeNull();
  });

  it('sorts by monthly cost, the cheapest end of a range first', async () => {
    server.use(priceList({ sizes: { CPU_250_RAM_500: 170, CPU_500_RAM_1000: 340 } }));
    const { user } = serveContainers();
    await screen.findByRole('cell', { name: '€3.40' });
    await user.click(screen.getByRole('button', { name: 'Monthly cost' }));
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    // Unpriced first, then €0.00, then shop and api both from €3.40, in the list's order.
    expect(names).toEqual(['huge', 'paused', 'shop', 'api']);
  });

  it('says in each row when the price list could not be loaded', async () => {
    server.use(priceListFails);
    serveContainers();
    await screen.findByRole('row', { name: /shop/ });
    expect(
      await within(screen.getByRole('row', { name: /api/ })).findByText('Not loaded'),
    ).toBeInTheDocument();
    expect(cell(/shop/, 'Monthly cost')).toHaveTextContent('Not loaded');
  });
});

describe('volumes list', () => {
  it("shows each volume's monthly cost: its size × the price of a GB", async () => {
    server.use(priceList({ volumeGbCents: 10 }));
    serveVolumes();
    // 10 GB × 10 cents; 250 GB × 10 cents.
    expect(await screen.findByRole('cell', { name: '€1.00' })).toBeInTheDocument();
    expect(cell(/data/, 'Monthly cost')).toHaveTextContent(/^€1\.00$/);
    expect(cell(/media/, 'Monthly cost')).toHaveTextContent(/^€25\.00$/);
  });

  it('says in each row when the price list could not be loaded', async () => {
    server.use(priceListFails);
    serveVolumes();
    await screen.findByRole('row', { name: /media/ });
    expect(
      await within(screen.getByRole('row', { name: /media/ })).findByText('Not loaded'),
    ).toBeInTheDocument();
  });
});

describe('on the free start', () => {
  it('says above the containers that they cost nothing, and the monthly cost is what a subscription charges', async () => {
    server.use(priceList(), permissions('create-limited'));
    serveContainers();
    expect(
      await screen.findByText(
        'Free start: your containers cost nothing. The monthly cost is what they will cost once you subscribe.',
      ),
    ).toBeVisible();
    expect(cell(/shop/, 'Monthly cost')).toHaveTextContent(/^€3\.40$/);
  });

  it('says the same above the volumes', async () => {
    server.use(priceList(), permissions('create-limited'));
    serveVolumes();
    expect(
      await screen.findByText(
        'Free start: your volumes cost nothing. The monthly cost is what they will cost once you subscribe.',
      ),
    ).toBeVisible();
  });

  it('says nothing of it to a subscribed customer', async () => {
    server.use(priceList());
    serveVolumes();
    expect(await screen.findByRole('cell', { name: '€1.00' })).toBeInTheDocument();
    expect(screen.queryByText(/Free start/)).not.toBeInTheDocument();
  });
});
