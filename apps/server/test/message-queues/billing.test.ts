import { describe, expect, it } from 'vitest';
import { billingMailsTo } from '../billing/mails-setup.ts';
import { billingRequest, checkoutUrl, GOOD_CARD, postForm } from '../support/billing.ts';
import type { TestCustomer } from '../support/customers.ts';
import { billingApi, eventually, expectGraphQLError } from '../support/http.ts';
import { QUEUE, waitForQueue } from '../support/message-queues.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { DELETE_NAMESPACE } from '../support/queries.ts';
import {
  DELETE_QUEUE,
  MODIFY_QUEUE,
  NAMESPACE,
  QUEUE_EVENTS,
  QUEUES,
  credentials,
  queue,
  useQueuesServer,
} from './setup.ts';

// A message queue is paid by a plan of its own ("pay later"): unpaid when created, paid through the hosted
// checkout with its plan and its id, stopped (never deleted) once the grace period is over, started again
// when paid; its subscription moves it to another plan, and ends with it.
//
// Documents of the billing API are query text here: codegen types test/message-queues/ against the
// platform schema.

interface UnpaidResource {
  id: string;
  kind: string;
  name: string;
  namespace: string;
  plan: { id: string; name: string; price: { amountCents: number; currency: string } | null };
  unpaidSince: string;
  stopsAt: string | null;
  stopped: boolean;
}
const UNPAID = `query MqUnpaidResources {
  unpaidResources { id kind name namespace plan { id name price { amountCents currency } } unpaidSince stopsAt stopped }
}`;

interface Subscription {
  id: string;
  plan: { id: string };
  status: string;
  resourceId: string;
  resourceName: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  resumable: boolean;
  planChanges: { id: string }[];
}
const SUBSCRIPTIONS = `query MqSubscriptions {
  subscriptions {
    id plan { id } status resourceId resourceName currentPeriodEnd cancelAtPeriodEnd resumable planChanges { id }
  }
}`;
const CANCEL = 'mutation MqCancel($id: ID!) { subscriptionCancel(id: $id) { id } }';
const CHANGE_PLAN = `mutation MqChangePlan($id: ID!, $planId: ID!) {
  subscriptionChangePlan(id: $id, planId: $planId) { id plan { id } pendingPlan { id } }
}`;

const DAY = 24 * 3600_000;
const GRACE_DAYS = 7;

const suite = useQueuesServer({ UNPAID_GRACE_DAYS: String(GRACE_DAYS) });
const { customerWithQueue } = suite;

const billing = (customer: TestCustomer) => billingApi(suite.server.url, () => customer.token());
const unpaidOf = async (customer: TestCustomer) =>
  (await billing(customer).data<{ unpaidResources: UnpaidResource[] }>(UNPAID)).unpaidResources;
const subscriptionsOf = async (customer: TestCustomer) =>
  (await billing(customer).data<{ subscriptions: Subscription[] }>(SUBSCRIPTIONS)).subscriptions;
const eventsOf = async (customer: TestCustomer) =>
  (await customer.data(QUEUE_EVENTS, queue())).messageQueue.events;
const queueMailsTo = async (customer: TestCustomer) =>
  (await billingMailsTo(suite.server, customer.email)).filter((mail) =>
    mail.kind.startsWith('billing-queue-'),
  );

/** Pays for the queue's plan through the local provider's hosted checkout. */
async function pay(customer: TestCustomer, id: string, planId = 'mq-xs-1') {
  const url = await checkoutUrl(suite.server, customer, { planId, resourceId: id });
  expect((await postForm(url, GOOD_CARD)).status).toBe(303);
}

/** The subscription to the queue's plan. */
async function subscriptionOf(customer: TestCustomer, id: string) {
  const found = (await subscriptionsOf(customer)).find((row) => row.resourceId === id);
  if (!found) throw new Error(`no subscription for message queue ${id}`);
  return found;
}

describe('a message queue created without paying for its plan', () => {
  it('is unpaid, with the day it stops, for its owner only', async () => {
    const before = Date.now();
    const { customer, running } = await customerWithQueue();
    const since = Date.parse(running.unpaidSince ?? '');
    expect(since).toBeGreaterThanOrEqual(before - 1000);
    expect(since).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(running.unpaidStopAt ?? '')).toBe(since + GRACE_DAYS * DAY);

    expect(await unpaidOf(customer)).toEqual([
      {
        id: running.id,
        kind: 'MESSAGE_QUEUE',
        name: 'events',
        namespace: NAMESPACE,
        plan: {
          id: 'mq-xs-1',
          name: 'Message queue: Extra small',
          price: { amountCents: 800, currency: 'EUR' },
        },
        unpaidSince: running.unpaidSince,
        stopsAt: running.unpaidStopAt,
        stopped: false,
      },
    ]);
    // Created unpaid is no news to its owner: no mail until a paid plan ends.
    expect(await queueMailsTo(customer)).toEqual([]);
    const { customer: other } = await customerWithQueue({ name: 'other' });
    expect((await unpaidOf(other)).map((resource) => resource.name)).toEqual(['other']);
  });

  it('is paid through checkout with its plan and its id, and leaves unpaidResources', async () => {
    const { customer, running } = await customerWithQueue();
    await pay(customer, running.id);
    const paid = await waitForQueue(customer, NAMESPACE, 'events');
    expect(paid).toMatchObject({ state: 'running', unpaidSince: null, unpaidStopAt: null });
    expect(await unpaidOf(customer)).toEqual([]);
    const subscription = await subscriptionOf(customer, running.id);
    expect(subscription).toMatchObject({
      plan: { id: 'mq-xs-1' },
      status: 'ACTIVE',
      resourceName: 'events',
      cancelAtPeriodEnd: false,
    });
    // A queue's plan changes to other queue plans with at least its storage, cheapest first.
    expect(subscription.planChanges.map((plan) => plan.id)).toEqual([
      'mq-s-1',
      'mq-xs-3',
      'mq-m-1',
      'mq-s-3',
      'mq-l-1',
      'mq-m-3',
      'mq-xl-1',
      'mq-l-3',
      'mq-xl-3',
    ]);

    // Paid once: a second checkout for it is refused.
    const again = await billingRequest(suite.server, '/billing/subscriptions', await customer.token(), {
      planId: 'mq-xs-1',
      resourceId: running.id,
    });
    expect([again.status, again.body.error]).toEqual([409, 'CONFLICT']);
  });

  it("refuses a checkout for another plan than the queue's, without its id, or for another's queue", async () => {
    const { customer, running } = await customerWithQueue();
    const subscribe = async (who: TestCustomer, body: object) =>
      billingRequest(suite.server, '/billing/subscriptions', await who.token(), body);

    const wrongPlan = await subscribe(customer, { planId: 'mq-s-1', resourceId: running.id });
    expect([wrongPlan.status, wrongPlan.body.error]).toEqual([400, 'BAD_USER_INPUT']);
    expect(wrongPlan.body.message).toMatch(/message queue events has plan mq-xs-1, not mq-s-1/);

    const noResource = await subscribe(customer, { planId: 'mq-xs-1' });
    expect([noResource.status, noResource.body.error]).toEqual([400, 'BAD_USER_INPUT']);
    expect(noResource.body.message).toBe(
      "Plan mq-xs-1 is a message queue's: give the message queue's id as resourceId",
    );

    // A database cluster's plan is sold for a cluster: the queue's id names none.
    const clusterPlan = await subscribe(customer, { planId: 'xs-1', resourceId: running.id });
    expect([clusterPlan.status, clusterPlan.body.message]).toEqual([404, `Resource ${running.id} not found`]);

    const { customer: other } = await customerWithQueue({ name: 'other' });
    const notTheirs = await subscribe(other, { planId: 'mq-xs-1', resourceId: running.id });
    expect([notTheirs.status, notTheirs.body.message]).toEqual([404, `Resource ${running.id} not found`]);

    expect((await unpaidOf(customer)).map((resource) => resource.id)).toEqual([running.id]);
    expect(await subscriptionsOf(customer)).toEqual([]);
  });

  it('is stopped when the grace period is over, keeping its users, mailed once, and starts again once paid', async () => {
    const { customer, running } = await customerWithQueue();
    const password = (await credentials(customer)).password;
    // Other customers' queues may be stopped too: what counts is this one's state.
    await suite.server.services.messageQueues.stopUnpaid(new Date(Date.now() + (GRACE_DAYS - 1) * DAY));
    expect((await waitForQueue(customer, NAMESPACE, 'events')).state).toBe('running');

    // Seen before the provisioner takes it: stopping, and changes wait for it.
    await whileProvisionerPaused(suite.server, async () => {
      await suite.server.services.messageQueues.stopUnpaid(new Date(Date.now() + (GRACE_DAYS + 1) * DAY));
      expect((await customer.data(QUEUE, queue())).messageQueue).toMatchObject({
        state: 'stopping',
        locked: true,
        ingress: { status: 'UPDATING' },
      });
    });
    const stopped = await waitForQueue(customer, NAMESPACE, 'events', 'stopped');
    expect(stopped).toMatchObject({
      unpaidSince: running.unpaidSince,
      unpaidStopAt: null,
      ingress: { status: 'ON_HOLD', allowList: ['203.0.113.0/24'] },
      adminUser: { name: 'admin', status: 'ready' },
    });
    const [latest] = await eventsOf(customer);
    expect(latest?.type).toBe('STOPPED_UNPAID');
    expect(latest?.message).toMatch(
      /^Stopped: its plan is unpaid since \d{4}-\d\d-\d\d and the 7 days of grace are over\. Nothing was deleted; paying starts it again$/,
    );
    // Nothing was deleted: the admin user keeps its password.
    expect((await credentials(customer)).password).toBe(password);
    expect(await unpaidOf(customer)).toMatchObject([{ id: running.id, stopped: true, stopsAt: null }]);

    const mails = await queueMailsTo(customer);
    expect(mails.map((mail) => mail.kind)).toEqual(['billing-queue-stopped']);
    expect(mails[0]?.subject).toBe('Message queue events was stopped for non-payment · Berth');
    expect(mails[0]?.textBody).toContain(
      'Message queue events in namespace shop was stopped: its plan (Extra small) is unpaid since',
    );
    expect(mails[0]?.textBody).toContain('Nothing was deleted: its users and messages are kept');

    // Stopping twice does nothing: one event, one mail.
    await suite.server.services.messageQueues.stopUnpaid(new Date(Date.now() + 30 * DAY));
    const stops = (await eventsOf(customer)).filter((event) => event.type === 'STOPPED_UNPAID');
    expect(stops).toHaveLength(1);
    expect(await queueMailsTo(customer)).toHaveLength(1);

    await whileProvisionerPaused(suite.server, async () => {
      await pay(customer, running.id);
      expect((await customer.data(QUEUE, queue())).messageQueue).toMatchObject({
        state: 'starting',
        locked: true,
        ingress: { status: 'UPDATING' },
      });
    });
    const started = await waitForQueue(customer, NAMESPACE, 'events', 'running');
    expect(started).toMatchObject({
      unpaidSince: null,
      unpaidStopAt: null,
      ingress: { status: 'CREATED' },
    });
    expect((await eventsOf(customer)).map((event) => event.type)).toContain('STARTED_PAID');
    expect(await unpaidOf(customer)).toEqual([]);
    expect((await credentials(customer)).password).toBe(password);
  });

  it('is unpaid again, and its owner mailed once, when its subscription ends while it lives', async () => {
    const { customer, running } = await customerWithQueue();
    await pay(customer, running.id);
    const subscription = await subscriptionOf(customer, running.id);
    await billing(customer).data(CANCEL, { id: subscription.id });
    const after = new Date(Date.parse(subscription.currentPeriodEnd ?? '') + 60_000);
    await suite.server.services.billing.collectDue(after);
    await suite.server.services.billing.collectDue(after);

    const unpaid = await waitForQueue(customer, NAMESPACE, 'events');
    expect(unpaid.unpaidSince).not.toBeNull();
    expect(Date.parse(unpaid.unpaidStopAt ?? '')).toBe(
      Date.parse(unpaid.unpaidSince ?? '') + GRACE_DAYS * DAY,
    );
    expect((await unpaidOf(customer)).map((resource) => resource.id)).toEqual([running.id]);
    expect((await subscriptionOf(customer, running.id)).status).toBe('ENDED');

    const mails = await queueMailsTo(customer);
    expect(mails.map((mail) => mail.kind)).toEqual(['billing-queue-unpaid']);
    expect(mails[0]?.subject).toBe('Message queue events is unpaid · Berth');
    expect(mails[0]?.textBody).toContain(
      'The subscription to the plan of message queue events in namespace shop (Extra small, €8.00 a month) has ended or is not paid.',
    );
    expect(mails[0]?.textBody).toContain(
      'Then it is stopped, not deleted: its users and messages are kept, but nobody can connect to it.',
    );
  });
});

describe("a message queue's subscription", () => {
  it('moves the queue to a bigger plan at once, and refuses a plan of another kind', async () => {
    const { customer, running } = await customerWithQueue();
    await pay(customer, running.id);
    const { id } = await subscriptionOf(customer, running.id);

    const clusterPlan = expectGraphQLError(
      await billing(customer).gql(CHANGE_PLAN, { id, planId: 'xs-1' }),
      'BAD_USER_INPUT',
    );
    expect(clusterPlan.message).toMatch(/^Unknown message queue plan xs-1; one of mq-xs-1, mq-xs-3/);

    // Not while the queue is being changed.
    await whileProvisionerPaused(suite.server, async () => {
      await customer.data(MODIFY_QUEUE, { input: { ...queue(), allowList: [{ ip: '192.0.2.1' }] } });
      const busy = expectGraphQLError(
        await billing(customer).gql(CHANGE_PLAN, { id, planId: 'mq-s-1' }),
        'CONFLICT',
      );
      expect(busy.message).toBe(
        'The message queue events is being changed: change its plan once it is ready',
      );
    });
    await waitForQueue(customer, NAMESPACE, 'events');

    const { subscriptionChangePlan } = await billing(customer).data<{
      subscriptionChangePlan: { id: string; plan: { id: string }; pendingPlan: { id: string } | null };
    }>(CHANGE_PLAN, { id, planId: 'mq-s-1' });
    expect(subscriptionChangePlan).toEqual({ id, plan: { id: 'mq-s-1' }, pendingPlan: null });

    const resized = await waitForQueue(customer, NAMESPACE, 'events');
    expect(resized).toMatchObject({
      state: 'running',
      plan: { id: 'mq-s-1', name: 'Small', replicas: 1, price: { amount: 1600 } },
      unpaidSince: null,
    });
    const [latest] = await eventsOf(customer);
    expect(latest).toEqual({
      type: 'PLAN_CHANGED',
      message: 'Plan changed from Extra small to Small: 1 vCPU, 2 GB memory, 10 GB storage, one replica',
    });
    expect(await unpaidOf(customer)).toEqual([]);
  });

  it('ends with the queue when it is deleted, at the end of the period paid for, not resumable', async () => {
    const { customer, running } = await customerWithQueue();
    await pay(customer, running.id);
    const paid = await subscriptionOf(customer, running.id);
    expect((await customer.data(DELETE_QUEUE, queue())).messageQueueDelete).toBe(true);
    const ending = await subscriptionOf(customer, running.id);
    expect(ending).toMatchObject({
      status: 'ACTIVE',
      resourceName: 'events',
      cancelAtPeriodEnd: true,
      resumable: false,
      currentPeriodEnd: paid.currentPeriodEnd,
      planChanges: [],
    });
    await eventually('the queue to be gone', async () =>
      (await customer.data(QUEUES)).messageQueues.length === 0 ? true : undefined,
    );
    // Gone, the queue is still named by its subscription, and is not unpaid.
    expect((await subscriptionOf(customer, running.id)).resourceName).toBe('events');
    expect(await unpaidOf(customer)).toEqual([]);
  });

  it('ends with the queue when its namespace is deleted with its contents', async () => {
    const { customer, running } = await customerWithQueue();
    await pay(customer, running.id);
    await customer.data(DELETE_NAMESPACE, { name: NAMESPACE, deleteResources: true });
    expect(await subscriptionOf(customer, running.id)).toMatchObject({
      status: 'ACTIVE',
      resourceName: 'events',
      cancelAtPeriodEnd: true,
      resumable: false,
    });
  });

  // Fails at the time of writing: the hosted checkout still takes the payment once the queue is gone, and the
  // subscription it makes is ACTIVE, renews (cancelAtPeriodEnd false) and names no resource.
  it('renews nothing for a queue deleted while its checkout page was open', async () => {
    const { customer, running } = await customerWithQueue();
    const url = await checkoutUrl(suite.server, customer, { planId: 'mq-xs-1', resourceId: running.id });
    expect((await customer.data(DELETE_QUEUE, queue())).messageQueueDelete).toBe(true);
    await eventually('the queue to be gone', async () =>
      (await customer.data(QUEUES)).messageQueues.length === 0 ? true : undefined,
    );
    // The customer completes the page afterwards (another tab, or slow fingers).
    await postForm(url, GOOD_CARD);
    const renewing = (await subscriptionsOf(customer)).filter(
      (row) => row.resourceId === running.id && row.status !== 'ENDED' && !row.cancelAtPeriodEnd,
    );
    expect(renewing).toEqual([]);
  });

  it('is not needed to delete a queue: an unpaid one leaves unpaidResources as it is deleted', async () => {
    const { customer } = await customerWithQueue();
    expect((await customer.data(DELETE_QUEUE, queue())).messageQueueDelete).toBe(true);
    // Being deleted, it is not shown as unpaid any more.
    expect(await unpaidOf(customer)).toEqual([]);
    expect(await subscriptionsOf(customer)).toEqual([]);
  });
});
