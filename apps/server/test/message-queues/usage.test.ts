import { describe, expect, it } from 'vitest';
import { checkoutUrl, GOOD_CARD, postForm } from '../support/billing.ts';
import type { TestCustomer } from '../support/customers.ts';
import { billingApi } from '../support/http.ts';
import { graphql } from '../generated/gql.ts';
import { CREATE_QUEUE, waitForQueue } from '../support/message-queues.ts';
import { NAMESPACE, baseInput, customerWithNamespace, useQueuesServer } from './setup.ts';

// A running message queue is metered on its plan (its monthly price, by the second, a month being 730
// hours) and shows in Customer.priceBreakdown as a MessageQueuePriceBreakdown; the billing API's usage (what
// is billed by use) leaves it out, its plan being paid by a subscription. The server prices open spans until
// its clock: 73 hours (a tenth of a month) after this file started, so a queue running since then costs a
// tenth of its plan's price, give or take the seconds the setup took (well under a cent, which the rounding
// to whole cents leaves out).

const HOUR = 3600_000;
const STARTED = Date.now();
const NOW = new Date(STARTED + 73 * HOUR);
// A period that is not a month's (so every span is read as it is): from before the file started to after the clock.
const PERIOD = {
  startDate: new Date(STARTED - HOUR).toISOString(),
  endDate: new Date(NOW.getTime() + HOUR).toISOString(),
};
const DAY = 24 * HOUR;

const BREAKDOWN = graphql(`
  query MessageQueuePriceBreakdown($startDate: DateTime, $endDate: DateTime) {
    customer {
      priceBreakdown(startDate: $startDate, endDate: $endDate) {
        all: resourceSum {
          price {
            amount
            currency
          }
        }
        queues: resourceSum(resourceType: MESSAGE_QUEUE) {
          resourceType
          price {
            amount
            currency
          }
        }
        containers: resourceSum(resourceType: CONTAINER) {
          price {
            amount
          }
        }
        resources(resourceType: MESSAGE_QUEUE) {
          __typename
          ... on NamespacePriceBreakdown {
            name
            resourceType
            price {
              amount
            }
            queueSum: resourceSum(resourceType: MESSAGE_QUEUE) {
              price {
                amount
              }
            }
            resources(resourceType: MESSAGE_QUEUE) {
              __typename
              name
              resourceType
              price {
                amount
                currency
              }
            }
          }
        }
      }
    }
  }
`);

interface Usage {
  usage: {
    cost: { amountCents: number };
    byResourceType: { resourceType: string; cost: { amountCents: number } }[];
    namespaces: {
      name: string;
      resources: { resourceType: string; name: string; cost: { amountCents: number } }[];
    }[];
  };
}
const USAGE = `query MqUsage($startDate: DateTime, $endDate: DateTime) {
  usage(startDate: $startDate, endDate: $endDate) {
    cost { amountCents }
    byResourceType { resourceType cost { amountCents } }
    namespaces { name resources { resourceType name cost { amountCents } } }
  }
}`;

const suite = useQueuesServer({ UNPAID_GRACE_DAYS: '7' }, { clock: () => NOW });

async function runningQueue(customer: TestCustomer, name: string) {
  const { messageQueueCreate } = await customer.data(CREATE_QUEUE, { input: baseInput({ name }) });
  await waitForQueue(customer, NAMESPACE, name);
  return messageQueueCreate.id;
}

async function pay(customer: TestCustomer, id: string) {
  const url = await checkoutUrl(suite.server, customer, { planId: 'mq-xs-1', resourceId: id });
  expect((await postForm(url, GOOD_CARD)).status).toBe(303);
}

describe('the usage of message queues', () => {
  it('meters a running queue on its plan, a resized one on its new plan, a stopped one not at all', async () => {
    const customer = await customerWithNamespace(suite);
    const events = await runningQueue(customer, 'events');
    const orders = await runningQueue(customer, 'orders');
    await runningQueue(customer, 'archive');
    await pay(customer, events);
    await pay(customer, orders);

    // orders moves to mq-s-1 (1600 cents a month): metered on it from now on.
    const billing = billingApi(suite.server.url, () => customer.token());
    const { subscriptions } = await billing.data<{ subscriptions: { id: string; resourceId: string }[] }>(
      '{ subscriptions { id resourceId } }',
    );
    const ordersPlan = subscriptions.find((row) => row.resourceId === orders);
    await billing.data('mutation ($id: ID!) { subscriptionChangePlan(id: $id, planId: "mq-s-1") { id } }', {
      id: ordersPlan?.id,
    });
    expect((await waitForQueue(customer, NAMESPACE, 'orders')).plan.id).toBe('mq-s-1');

    // archive stays unpaid and is stopped (the only queue of this server past its grace period).
    await suite.server.services.messageQueues.stopUnpaid(new Date(Date.now() + 8 * DAY));
    await waitForQueue(customer, NAMESPACE, 'archive', 'stopped');

    // A tenth of a month: events 80 of 800 cents, orders 160 of 1600, archive nothing (stopped at once).
    const { customer: mine } = await customer.data(BREAKDOWN, PERIOD);
    const breakdown = mine?.priceBreakdown;
    expect(breakdown?.queues).toEqual({
      resourceType: 'MESSAGE_QUEUE',
      price: { amount: 240, currency: 'EUR' },
    });
    expect(breakdown?.all.price).toEqual({ amount: 240, currency: 'EUR' });
    expect(breakdown?.containers.price.amount).toBe(0);
    expect(breakdown?.resources).toEqual([
      {
        __typename: 'NamespacePriceBreakdown',
        name: NAMESPACE,
        resourceType: 'NAMESPACE',
        price: { amount: 240 },
        queueSum: { price: { amount: 240 } },
        resources: [
          {
            __typename: 'MessageQueuePriceBreakdown',
            name: 'archive',
            resourceType: 'MESSAGE_QUEUE',
            price: { amount: 0, currency: 'EUR' },
          },
          {
            __typename: 'MessageQueuePriceBreakdown',
            name: 'events',
            resourceType: 'MESSAGE_QUEUE',
            price: { amount: 80, currency: 'EUR' },
          },
          {
            __typename: 'MessageQueuePriceBreakdown',
            name: 'orders',
            resourceType: 'MESSAGE_QUEUE',
            price: { amount: 160, currency: 'EUR' },
          },
        ],
      },
    ]);

    // The billing page's usage is what is billed by use: a queue is paid by its plan's subscription, so it
    // is not charged there a second time.
    const { usage } = await billing.data<Usage>(USAGE, PERIOD);
    expect(usage.cost.amountCents).toBe(0);
    expect(usage.byResourceType.map((row) => row.resourceType)).not.toContain('MESSAGE_QUEUE');
    expect(usage.namespaces.flatMap((namespace) => namespace.resources)).toEqual([]);
  });

  it("shows a customer without queues none of another's", async () => {
    const customer = await customerWithNamespace(suite);
    const { customer: mine } = await customer.data(BREAKDOWN, PERIOD);
    expect(mine?.priceBreakdown.queues.price.amount).toBe(0);
    expect(mine?.priceBreakdown.resources).toEqual([]);
  });
});
