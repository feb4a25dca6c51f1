import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { featureFlags } from '../../src/lib/flags.ts';
import { formatDateTime } from '../../src/lib/format.ts';
import { flagsOn } from '../support/flags.ts';
import { namespace } from '../support/fixtures.ts';
import { account, permissionsWith, suspendedAccount } from '../support/handlers.ts';
import { cells, eventsMq, ordersMq, queueRow, serveQueues, table } from '../support/message-queues.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// Message queues (issue 27): the list across namespaces (/storage/message-queues), a namespace's Message
// queues tab, what they say when there are none or they could not be loaded, and the create button the access
// policy refuses.

describe('message queues list', () => {
  it('lists the queues of every namespace with plan, state and monthly price', async () => {
    serveQueues([ordersMq, eventsMq]);
    renderWithProviders({ path: '/storage/message-queues' });
    await screen.findByRole('link', { name: 'orders-mq' });
    expect(screen.getByRole('heading', { level: 1, name: 'Message queues' })).toBeVisible();
    const headers = table('Message queues')
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Namespace', 'Broker', 'Plan', 'State', 'Monthly price']);
    expect(cells('Message queues', 'orders-mq')).toEqual([
      'orders-mq',
      'shop',
      'RabbitMQ 4.1',
      'Small',
      'running',
      '€16.00',
    ]);
    expect(cells('Message queues', 'events-mq')).toEqual([
      'events-mq',
      'staging',
      'RabbitMQ 4.1',
      'Medium, high availability',
      'creating',
      '€96.00',
    ]);
    expect(document.title).toBe('Message queues | Berth');
  });

  it("links each queue to its page, its namespace to the namespace's tab, and offers to create one", async () => {
    serveQueues([ordersMq]);
    renderWithProviders({ path: '/storage/message-queues' });
    expect(await screen.findByRole('link', { name: 'orders-mq' })).toHaveAttribute(
      'href',
      '/storage/message-queues/shop/orders-mq',
    );
    expect(table('Message queues').getByRole('link', { name: 'shop' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/message-queues',
    );
    expect(screen.getByRole('link', { name: 'Create a message queue' })).toHaveAttribute(
      'href',
      '/storage/message-queues/new',
    );
  });

  it('follows a queue being created until it runs', async () => {
    const { requests } = serveQueues([eventsMq], [{ ...eventsMq, state: 'running', locked: false }]);
    renderWithProviders({ path: '/storage/message-queues' });
    await screen.findByRole('link', { name: 'events-mq' });
    await waitFor(() => expect(cells('Message queues', 'events-mq')[4]).toBe('running'), { timeout: 8000 });
    expect(requests()).toBe(2);
  });

  it('marks an unpaid queue with the day it stops and a way to pay for it', async () => {
    const stopsAt = '2030-01-09T12:00:00.000Z';
    serveQueues([
      queueRow('unpaid-mq', 'shop', { unpaidSince: '2030-01-02T12:00:00.000Z', unpaidStopAt: stopsAt }),
    ]);
    renderWithProviders({ path: '/storage/message-queues' });
    await screen.findByRole('link', { name: 'unpaid-mq' });
    const row = within(
      table('Message queues')
        .getAllByRole('row')
        .find((candidate) => within(candidate).queryByRole('link', { name: 'unpaid-mq' })) as HTMLElement,
    );
    expect(row.getByText('Unpaid').textContent).toBe('Unpaid plan');
    expect(row.getByText(`Stops on ${formatDateTime(stopsAt)}`)).toBeVisible();
    expect(row.getByRole('button', { name: 'Pay for unpaid-mq' })).toBeEnabled();
  });

  it('says there are none yet, and offers to create the first', async () => {
    serveQueues([]);
    renderWithProviders({ path: '/storage/message-queues' });
    expect(await screen.findByRole('heading', { name: 'No message queues yet' })).toBeVisible();
    expect(screen.getByText(/runs RabbitMQ for the containers in a namespace/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a message queue' })).toBeVisible();
  });

  it('says when the queues could not be loaded, and loads them on Try again', async () => {
    serveQueues('error', [ordersMq]);
    const { user } = renderWithProviders({ path: '/storage/message-queues' });
    expect(await screen.findByText('The message queues could not be loaded')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'orders-mq' })).toBeVisible();
  });

  it('needs neither the cloud-databases subscription nor its flag', async () => {
    server.use(
      permissionsWith({ serverlessContainer: ['create-limited'], cloudDatabases: false }),
      flagsOn([featureFlags.auditLog]),
    );
    serveQueues([ordersMq]);
    renderWithProviders({ path: '/storage/message-queues' });
    expect(await screen.findByRole('link', { name: 'orders-mq' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Cloud databases subscription' })).not.toBeInTheDocument();
    // A new customer may create queues: each is paid by its own plan.
    expect(screen.getByRole('link', { name: 'Create a message queue' })).toBeVisible();
  });

  it('is in the navigation, beside the cloud databases', async () => {
    serveQueues([]);
    const { user } = renderWithProviders({ path: '/storage/message-queues' });
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const products = within(await screen.findByRole('navigation', { name: 'Products' }));
    expect(products.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Serverless containers',
      'Cloud databases',
      'Message queues',
    ]);
    expect(products.getByRole('link', { name: 'Message queues' })).toHaveAttribute(
      'href',
      '/storage/message-queues',
    );
  });
});

describe('creating refused by the access policy', () => {
  it('disables Create for an unconfirmed address, says why and where to confirm it', async () => {
    server.use(
      graphql.query('Account', () =>
        HttpResponse.json({ data: { account: { ...account, emailVerified: false } } }),
      ),
    );
    serveQueues([ordersMq]);
    renderWithProviders({ path: '/storage/message-queues' });
    const create = await screen.findByRole('button', { name: 'Create a message queue' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(/^Confirm your email address first/);
    expect(screen.queryByRole('link', { name: 'Create a message queue' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Go to Account' }).at(-1)).toHaveAttribute('href', '/account');
  });

  it('disables Create for a suspended customer, in the words the API refuses with', async () => {
    server.use(
      suspendedAccount('PAYMENT_ISSUES'),
      permissionsWith({ serverlessContainer: [], cloudDatabases: false }),
    );
    serveQueues([]);
    renderWithProviders({ path: '/storage/message-queues' });
    const create = await screen.findByRole('button', { name: 'Create a message queue' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'Your account is suspended because of payment issues, so nothing can be created, grown or changed: pay the open invoice on the billing page.',
    );
    expect(screen.getByRole('heading', { name: 'No message queues yet' })).toBeVisible();
  });
});

describe("a namespace's Message queues tab", () => {
  function openTab(queues: ReturnType<typeof queueRow>[]) {
    const asked: unknown[] = [];
    server.use(
      graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
      graphql.query('NamespaceMessageQueues', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({ data: { namespace: { id: '1', messageQueues: queues } } });
      }),
    );
    return { ...renderWithProviders({ path: '/compute/serverless-containers/shop/message-queues' }), asked };
  }

  it("lists the namespace's queues without a namespace column, and creates one in it", async () => {
    const { asked } = openTab([ordersMq]);
    expect(await screen.findByRole('link', { name: 'orders-mq' })).toHaveAttribute(
      'href',
      '/storage/message-queues/shop/orders-mq',
    );
    expect(asked).toEqual([{ namespace: 'shop' }]);
    expect(
      table('Message queues')
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Broker', 'Plan', 'State', 'Monthly price']);
    expect(screen.getByRole('tab', { name: 'Message queues', selected: true })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a message queue' })).toHaveAttribute(
      'href',
      '/storage/message-queues/new?namespace=shop',
    );
  });

  it('says the namespace has none, and still offers to create one in it', async () => {
    openTab([]);
    expect(await screen.findByRole('heading', { name: 'No message queues in this namespace' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a message queue' })).toHaveAttribute(
      'href',
      '/storage/message-queues/new?namespace=shop',
    );
  });
});
