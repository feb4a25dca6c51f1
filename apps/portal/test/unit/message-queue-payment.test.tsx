import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingUnpaidResourcesQuery } from '../../src/gql/billing/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import {
  latestPlanCheckoutRequest,
  recordPlanCheckoutRequest,
} from '../../src/lib/billing/plan-checkout-requests.ts';
import { formatDateTime } from '../../src/lib/format.ts';
import { euros, serveBilling, serveUnpaid } from '../support/billing.ts';
import {
  openBilling,
  paying,
  section as billingSection,
  serveUsageAndInvoices,
} from '../support/billing-page.ts';
import { account } from '../support/handlers.ts';
import { createdEvent, openQueue, ordersMq, queue, serveQueues } from '../support/message-queues.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A message queue is created unpaid and paid by its own plan (issue 27): its page says when it stops (or that
// it stopped) and opens the checkout of its plan; the checkout comes back to the message queues, which open
// that queue; the Billing page lists it among the unpaid resources, with its page and Pay.

vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

const UNPAID_SINCE = '2030-01-02T12:00:00.000Z';
const STOPS_AT = '2030-01-09T12:00:00.000Z';
const STOPPED_AT = '2030-01-09T12:01:00.000Z';

function serveCheckout() {
  const asked: unknown[] = [];
  server.use(
    http.post('/billing/subscriptions', async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_mq' });
    }),
  );
  return asked;
}

const notice = () => screen.getByRole('region', { name: 'Unpaid plan' });

describe("a queue's page", () => {
  it('says nothing of payment while the plan is paid', async () => {
    openQueue();
    expect(await screen.findByRole('region', { name: 'Details' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Unpaid plan' })).not.toBeInTheDocument();
  });

  it('says when an unpaid queue stops, and pays for it at the price of its plan', async () => {
    const asked = serveCheckout();
    const { user } = openQueue({
      answer: () => ({ ...queue, unpaidSince: UNPAID_SINCE, unpaidStopAt: STOPS_AT }),
    });
    expect(await screen.findByRole('region', { name: 'Unpaid plan' })).toHaveTextContent(
      `The plan of this message queue is not paid. It will be stopped on ${formatDateTime(STOPS_AT)} unless it is paid; nothing is deleted.`,
    );
    expect(within(notice()).getByText('€16.00 per month for Small')).toBeVisible();
    await user.click(within(notice()).getByRole('button', { name: 'Pay for this queue' }));
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_mq'),
    );
    expect(asked).toEqual([{ planId: 'mq-s-1', resourceId: 'mq-1' }]);
    expect(latestPlanCheckoutRequest('message-queue', account.id)).toMatchObject({
      resourceId: 'mq-1',
      namespace: 'shop',
      name: 'orders-mq',
    });
  });

  it('says when a stopped queue was stopped for its plan, from its events', async () => {
    openQueue({
      answer: () => ({ ...queue, state: 'stopped', unpaidSince: UNPAID_SINCE, unpaidStopAt: null }),
      events: [
        {
          ...createdEvent,
          id: 'e-2',
          type: 'STOPPED_UNPAID',
          occurredAt: STOPPED_AT,
          message: 'Stopped',
          account: null,
        },
        createdEvent,
      ],
    });
    await waitFor(() =>
      expect(notice()).toHaveTextContent(
        `This message queue was stopped on ${formatDateTime(STOPPED_AT)} because its plan is not paid. Pay for it to start it again; its messages and users are kept.`,
      ),
    );
  });
});

describe('back from the checkout of a queue’s plan', () => {
  it('says it was received and opens the queue it was for', async () => {
    recordPlanCheckoutRequest('message-queue', account.id, {
      resourceId: 'mq-1',
      namespace: 'shop',
      name: 'orders-mq',
      requestedAt: Date.now(),
    });
    openQueue();
    serveQueues([ordersMq]);
    const { router } = renderWithProviders({ path: '/storage/message-queues?checkout=success' });
    expect(await screen.findByText('Your subscription request has been received.')).toBeVisible();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/storage/message-queues/shop/orders-mq'),
    );
    expect(latestPlanCheckoutRequest('message-queue', account.id)).toBeNull();
  });

  it('says a cancelled checkout charged nothing, and stays on the list without the return in its address', async () => {
    serveQueues([ordersMq]);
    const { router } = renderWithProviders({ path: '/storage/message-queues?checkout=cancelled' });
    expect(await screen.findByText('Checkout cancelled. Nothing was charged.')).toBeVisible();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(router.state.location.pathname).toBe('/storage/message-queues');
    expect(await screen.findByRole('link', { name: 'orders-mq' })).toBeVisible();
  });
});

describe('the Billing page', () => {
  type UnpaidResource = BillingUnpaidResourcesQuery['unpaidResources'][number];
  const unpaidQueue: UnpaidResource = {
    id: 'mq-1',
    kind: 'MESSAGE_QUEUE',
    name: 'orders-mq',
    namespace: 'shop',
    plan: { id: 'mq-s-1', name: 'Message queue Small, monthly (EUR)', price: euros(1600) },
    unpaidSince: UNPAID_SINCE,
    stopsAt: STOPS_AT,
    stopped: false,
  };

  it('lists an unpaid queue as a message queue, with its page and Pay, whose checkout comes back to it', async () => {
    serveUsageAndInvoices();
    serveBilling(paying);
    serveUnpaid([unpaidQueue]);
    const asked = serveCheckout();
    const { user } = openBilling();
    const unpaid = within(await billingSection('Unpaid'));
    const row = within(unpaid.getByRole('listitem'));
    expect(
      row.getByText('Message queue orders-mq in shop · €16.00/month · unpaid since Jan 2, 2030'),
    ).toBeVisible();
    expect(row.getByRole('link', { name: 'Open orders-mq' })).toHaveAttribute(
      'href',
      '/storage/message-queues/shop/orders-mq',
    );
    await user.click(row.getByRole('button', { name: 'Pay for orders-mq' }));
    await waitFor(() => expect(leaveForHostedPage).toHaveBeenCalled());
    expect(asked).toEqual([{ planId: 'mq-s-1', resourceId: 'mq-1', startedOn: 'billing' }]);
    expect(latestPlanCheckoutRequest('message-queue', account.id)).toMatchObject({ resourceId: 'mq-1' });
  });
});
