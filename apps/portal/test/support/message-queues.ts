import { screen, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import type {
  MessageQueueCreateMutationVariables,
  MessageQueueDetailsQuery,
  MessageQueueOfferQuery,
  QueueRowFragment,
  ResourceEventRowFragment,
} from '../../src/gql/graphql.ts';
import { renderWithProviders } from './render.tsx';
import { server } from './server.ts';

// Message queues (issue 27) as the message-queue-*.test.tsx files see them: queues in two namespaces, what the
// platform offers a new one, the page of one with the platform's answers to its changes (recorded), and the
// cells of the tables that show them.

type Body = {
  data?: Record<string, unknown>;
  errors?: { message: string; extensions: { code: string; field?: string } }[];
};
type Refusal = { message: string; extensions: { code: string; field?: string } };

export const HOST = 'orders-mq.shop.mq.localhost';
export const AMQP = `amqps://admin@${HOST}:5671/orders-mq`;
export const AMQP_WITH_PASSWORD = `amqps://admin:S3cret-pw@${HOST}:5671/orders-mq`;
export const MANAGEMENT = `https://${HOST}/`;

export function queueRow(name: string, namespaceName: string, changes: Partial<QueueRowFragment> = {}) {
  return {
    id: `mq-${namespaceName}-${name}`,
    name,
    state: 'running',
    locked: false,
    unpaidSince: null,
    unpaidStopAt: null,
    namespace: { id: `ns-${namespaceName}`, name: namespaceName },
    spec: { type: 'rabbitmq', version: '4.1' },
    plan: { id: 'mq-s-1', name: 'Small', price: { amount: 1600, currency: 'EUR' } },
    ...changes,
  } satisfies QueueRowFragment;
}

export const ordersMq = queueRow('orders-mq', 'shop');
export const eventsMq = queueRow('events-mq', 'staging', {
  state: 'creating',
  locked: true,
  plan: { id: 'mq-m-3', name: 'Medium, high availability', price: { amount: 9600, currency: 'EUR' } },
});

/** Answers the list with each answer in turn (the last one from then on); counts the requests. */
export function serveQueues(...answers: (QueueRowFragment[] | 'error')[]) {
  let requests = 0;
  server.use(
    graphql.query('MessageQueues', () => {
      const answer = answers[Math.min(requests, answers.length - 1)];
      requests += 1;
      return answer === 'error' || !answer
        ? HttpResponse.json<Body>({
            errors: [{ message: 'The platform is down', extensions: { code: 'INTERNAL' } }],
          })
        : HttpResponse.json<Body>({ data: { messageQueues: answer } });
    }),
  );
  return { requests: () => requests };
}

export const table = (name: string) => within(screen.getByRole('table', { name }));

/** The cells of a row, as text, in the order of the columns. */
export function cells(tableName: string, name: string): (string | null)[] {
  const row = table(tableName)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('link', { name }));
  if (!row) throw new Error(`No row ${name} in ${tableName}`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

const smallPlan = {
  id: 'mq-s-1',
  name: 'Small',
  group: 'General purpose',
  replicas: 1,
  cpu: 1,
  memory: 2,
  storage: 10,
  price: { amount: 1600, currency: 'EUR' },
  benchmark: { connections: 250, minimumMessageRate: 2500, maximumMessageRate: 10000 },
};

export const offer: MessageQueueOfferQuery = {
  messageQueuePlans: [
    {
      id: 'mq-xs-1',
      name: 'Extra small',
      group: 'Development',
      replicas: 1,
      cpu: 0.5,
      memory: 1,
      storage: 5,
      price: { amount: 800, currency: 'EUR' },
      benchmark: { connections: 100, minimumMessageRate: 1000, maximumMessageRate: 4000 },
    },
    smallPlan,
    {
      ...smallPlan,
      id: 'mq-s-3',
      name: 'Small, high availability',
      replicas: 3,
      price: { amount: 4800, currency: 'EUR' },
    },
  ],
  // Out of order on purpose: the form lists the versions newest first.
  messageQueueVersions: [
    { type: 'rabbitmq', version: '4.0', patchLevelVersion: '4.0.9' },
    { type: 'rabbitmq', version: '3.13', patchLevelVersion: '3.13.7' },
    { type: 'rabbitmq', version: '4.1', patchLevelVersion: '4.1.4' },
  ],
  namespaces: [
    { name: 'shop', state: 'created' },
    { name: 'staging', state: 'created' },
    { name: 'old', state: 'deleting' },
  ],
};

export type Queue = MessageQueueDetailsQuery['messageQueue'];

export const queue: Queue = {
  id: 'mq-1',
  name: 'orders-mq',
  namespace: { id: '1', name: 'shop' },
  state: 'running',
  locked: false,
  unpaidSince: null,
  unpaidStopAt: null,
  createdAt: '2030-01-02T12:00:00.000Z',
  plan: smallPlan,
  spec: { type: 'rabbitmq', version: '4.1', patchLevelVersion: '4.1.4' },
  ingress: {
    id: 'ing-1',
    domainName: HOST,
    tlsEnabled: true,
    allowList: ['203.0.113.7', '10.0.0.0/8'],
    status: 'CREATED',
  },
  adminUser: { name: 'admin', role: 'admin', status: 'ready', dsn: AMQP },
  managementUrl: MANAGEMENT,
  amqpPort: 5671,
  externalConnection: null,
};

export const createdEvent: ResourceEventRowFragment = {
  id: 'e-1',
  cursor: 'e-1',
  occurredAt: '2030-01-02T12:00:00.000Z',
  type: 'CREATED',
  message: 'Message queue orders-mq created',
  account: { email: 'ada@example.com' },
  changeSet: [],
};

/** Every operation the page sent, by name with its variables, in order. */
export type Sent = { operation: string; variables: unknown }[];

/**
 * Opens the page of orders-mq in shop. Its changes succeed (or are refused with `refuse`) and are recorded;
 * the queue is answered as `answer` says (each request may see it changed), its events as `events`.
 */
export function openQueue({
  answer = () => queue,
  events = [createdEvent],
  refuse,
}: {
  answer?: () => Queue;
  events?: ResourceEventRowFragment[];
  refuse?: Refusal;
} = {}) {
  const sent: Sent = [];
  const record = (operation: string, variables: unknown, data: Record<string, unknown>) => {
    sent.push({ operation, variables });
    return refuse ? HttpResponse.json<Body>({ errors: [refuse] }) : HttpResponse.json<Body>({ data });
  };
  server.use(
    graphql.query('MessageQueueDetails', () => HttpResponse.json({ data: { messageQueue: answer() } })),
    graphql.query('MessageQueueEvents', () =>
      HttpResponse.json({ data: { messageQueue: { id: 'mq-1', events } } }),
    ),
    graphql.query('MessageQueueUserCredentials', ({ variables }) => {
      sent.push({ operation: 'credentials', variables });
      return HttpResponse.json({
        data: { messageQueueUserCredentials: { name: 'admin', dsn: AMQP_WITH_PASSWORD } },
      });
    }),
    graphql.mutation('MessageQueueUserModify', ({ variables }) =>
      record('userModify', variables, { messageQueueUserModify: { name: 'admin', status: 'updating' } }),
    ),
    graphql.mutation('MessageQueueModify', ({ variables }) =>
      record('modify', variables, {
        messageQueueModify: {
          id: 'mq-1',
          state: 'updating',
          locked: true,
          ingress: { id: 'ing-1', allowList: [] },
        },
      }),
    ),
    graphql.mutation('MessageQueueDelete', ({ variables }) =>
      record('delete', variables, { messageQueueDelete: true }),
    ),
  );
  return { ...renderWithProviders({ path: '/storage/message-queues/shop/orders-mq' }), sent };
}

export const section = (name: string) => within(screen.getByRole('region', { name }));

/**
 * Opens the create page at `path` with `answer` as what the platform offers. The create is answered with the
 * queue asked for, or refused with `refuse`; every create sent is recorded, and so is every checkout asked for.
 */
export function openCreate({
  path = '/storage/message-queues/new',
  answer = offer,
  refuse,
}: { path?: string; answer?: MessageQueueOfferQuery | 'error'; refuse?: Refusal[] } = {}) {
  const sent: MessageQueueCreateMutationVariables[] = [];
  const checkouts: unknown[] = [];
  server.use(
    graphql.query('MessageQueueOffer', () =>
      answer === 'error'
        ? HttpResponse.json<Body>({
            errors: [{ message: 'The platform is down', extensions: { code: 'INTERNAL' } }],
          })
        : HttpResponse.json({ data: answer }),
    ),
    graphql.mutation<object, MessageQueueCreateMutationVariables>('MessageQueueCreate', ({ variables }) => {
      sent.push(variables);
      return refuse
        ? HttpResponse.json({ errors: refuse })
        : HttpResponse.json({
            data: {
              messageQueueCreate: queueRow(variables.input.name, variables.input.namespace, {
                id: 'mq-77',
                state: 'creating',
                locked: true,
                unpaidSince: '2030-01-02T12:00:00.000Z',
                unpaidStopAt: '2030-01-09T12:00:00.000Z',
              }),
            },
          });
    }),
    graphql.query('MessageQueueDetails', () =>
      HttpResponse.json({
        data: { messageQueue: { ...queue, id: 'mq-77', namespace: { id: '2', name: 'staging' } } },
      }),
    ),
    graphql.query('MessageQueueEvents', () =>
      HttpResponse.json({ data: { messageQueue: { id: 'mq-77', events: [] } } }),
    ),
    http.post('/billing/subscriptions', async ({ request }) => {
      checkouts.push(await request.json());
      return HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_mq' });
    }),
  );
  return { ...renderWithProviders({ path }), sent, checkouts };
}

export const form = () => within(screen.getByRole('form', { name: 'New message queue' }));
export const field = (name: RegExp) => form().getByRole('textbox', { name });
export const select = (name: RegExp) => form().getByRole('combobox', { name });

type User = ReturnType<typeof openCreate>['user'];

/** Fills the form with a valid queue in staging: RabbitMQ 4.0 on the Small plan, allowing two addresses. */
export async function fillValid(user: User) {
  await user.selectOptions(await screen.findByRole('combobox', { name: /^Namespace/ }), 'staging');
  await user.type(field(/^Name/), 'orders-mq');
  await user.selectOptions(select(/^RabbitMQ version/), '4.0 (4.0.9)');
  await user.click(form().getByRole('radio', { name: /^Small(?!, high)/ }));
  await user.type(field(/^Allowed IP addresses/), '203.0.113.7, 10.0.0.0/8');
}

export const submit = (user: User) => user.click(form().getByRole('button', { name: 'Create queue' }));
