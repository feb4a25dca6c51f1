import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { volumeRow } from '../support/fixtures.ts';
import { namespaceWithVolumes, permissions, priceList, priceListFails } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// What a volume costs a month on the create and resize pages, from the price list's GB price, as it is typed.

const base = '/compute/serverless-containers/shop/volumes';

beforeEach(() => {
  server.use(...namespaceWithVolumes('shop', [volumeRow('data', { size: 5 })]));
});

describe('create volume', () => {
  it('shows the monthly cost of the size typed, updated as it is typed', async () => {
    server.use(priceList({ volumeGbCents: 12 }));
    const { user } = renderWithProviders({ path: `${base}/new` });
    // The 10 GB it starts with at 12 cents a GB.
    expect(await screen.findByText('€1.20 per month (10 GB at €0.12 per GB)')).toBeInTheDocument();
    const size = screen.getByRole('spinbutton', { name: /Size/ });
    await user.clear(size);
    await user.type(size, '250');
    expect(await screen.findByText('€30.00 per month (250 GB at €0.12 per GB)')).toBeInTheDocument();
    // A size the form refuses has no total, only the price of a GB.
    await user.type(size, '0');
    expect(await screen.findByText('€0.12 per GB and month')).toBeInTheDocument();
  });

  it('says on the free start that the price is what a subscription charges', async () => {
    server.use(priceList({ volumeGbCents: 12 }), permissions('create-limited'));
    renderWithProviders({ path: `${base}/new` });
    expect(await screen.findByText('€1.20 per month (10 GB at €0.12 per GB)')).toBeInTheDocument();
    expect(
      await screen.findByText('Free on the free start: this is the price once you subscribe.'),
    ).toBeInTheDocument();
  });

  it('says when the price could not be loaded', async () => {
    server.use(priceListFails);
    renderWithProviders({ path: `${base}/new` });
    expect(await screen.findByText('The price could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create volume' })).toBeEnabled();
  });
});

describe('resize volume', () => {
  it('shows the new monthly cost beside the current one', async () => {
    server.use(priceList({ volumeGbCents: 10 }));
    const { user } = renderWithProviders({ path: `${base}/data/resize` });
    // It offers twice the 5 GB: 10 GB at 10 cents, against 5 GB now.
    expect(await screen.findByText('€1.00 per month at 10 GB, now €0.50 per month')).toBeInTheDocument();
    const size = screen.getByRole('spinbutton', { name: /New size/ });
    await user.clear(size);
    await user.type(size, '64');
    expect(await screen.findByText('€6.40 per month at 64 GB, now €0.50 per month')).toBeInTheDocument();
    // Not larger than today: only what it costs now.
    await user.clear(size);
    await user.type(size, '4');
    expect(await screen.findByText('Now €0.50 per month (€0.10 per GB and month)')).toBeInTheDocument();
  });
});
