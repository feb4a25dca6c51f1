import { describe, expect, it } from 'vitest';
import { CREATE_QUEUE, waitForQueue } from '../support/message-queues.ts';
import { expectGraphQLError } from '../support/http.ts';
import {
  NAMESPACE,
  NAMESPACE_QUEUES,
  QUEUES,
  baseInput,
  credentials,
  customerWithNamespace,
  useQueuesServer,
} from './setup.ts';

// messageQueueCreate as a client depends on it: what comes back at once, what the queue looks like once it
// runs, where it is listed, and each refusal with its field and a sentence, leaving nothing behind.

const suite = useQueuesServer();
const { customerWithQueue } = suite;

describe('creating a message queue', () => {
  it('stores it locked and creating, then runs it with its admin user, ingress and plan', async () => {
    const customer = await customerWithNamespace(suite);
    const created = (await customer.data(CREATE_QUEUE, { input: baseInput() })).messageQueueCreate;
    expect(created).toMatchObject({
      name: 'events',
      state: 'creating',
      locked: true,
      namespace: { name: NAMESPACE },
      ingress: {
        domainName: 'events-shop.mq.apps.localhost',
        tlsEnabled: true,
        allowList: ['203.0.113.0/24'],
        status: 'CREATING',
      },
      adminUser: { name: 'admin', role: 'admin', status: 'creating', password: '' },
    });
    expect(created.id).toMatch(/^\d+$/);
    expect(created.ingress.id).toBe(created.id);

    const running = await waitForQueue(customer, NAMESPACE, 'events');
    expect(running).toEqual({
      id: created.id,
      name: 'events',
      state: 'running',
      locked: false,
      namespace: { name: NAMESPACE },
      plan: {
        id: 'mq-xs-1',
        name: 'Extra small',
        replicas: 1,
        price: { amount: 800, currency: 'EUR' },
        benchmark: { connections: 100, minimumMessageRate: 1000, maximumMessageRate: 4000 },
      },
      spec: { type: 'rabbitmq', version: '4.1', patchLevelVersion: '4.1.4' },
      ingress: {
        id: created.id,
        domainName: 'events-shop.mq.apps.localhost',
        tlsEnabled: true,
        allowList: ['203.0.113.0/24'],
        status: 'CREATED',
      },
      adminUser: {
        name: 'admin',
        role: 'admin',
        status: 'ready',
        password: '',
        dsn: 'amqps://admin@events-shop.mq.apps.localhost:5671/%2F',
      },
      managementUrl: 'https://events-shop.mq.apps.localhost:15671/',
      amqpPort: 5671,
      createdAt: created.createdAt,
      unpaidSince: created.unpaidSince,
      unpaidStopAt: created.unpaidStopAt,
    });

    expect((await customer.data(QUEUES)).messageQueues).toEqual([
      { name: 'events', state: 'running', namespace: { name: NAMESPACE } },
    ]);
    const { namespace } = await customer.data(NAMESPACE_QUEUES, { name: NAMESPACE });
    expect(namespace.messageQueues).toEqual([
      { name: 'events', ingress: { domainName: 'events-shop.mq.apps.localhost' } },
    ]);
  });

  it('generates a 24-character admin password that only the credentials query gives', async () => {
    const { customer, running } = await customerWithQueue();
    expect(running.adminUser?.password).toBe('');
    const admin = await credentials(customer);
    expect(admin.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(admin.dsn).toBe(
      `amqps://admin:${encodeURIComponent(admin.password)}@events-shop.mq.apps.localhost:5671/%2F`,
    );
  });

  it('takes the type in any case, an empty allowlist, IPv6 entries and a three-replica plan', async () => {
    const customer = await customerWithNamespace(suite);
    const answer = await customer.data(CREATE_QUEUE, {
      input: baseInput({
        name: 'jobs',
        plan: 'mq-m-3',
        spec: { type: 'RabbitMQ', version: '3.13' },
        allowList: [],
      }),
    });
    expect(answer.messageQueueCreate.ingress.allowList).toEqual([]);
    const running = await waitForQueue(customer, NAMESPACE, 'jobs');
    expect(running).toMatchObject({
      plan: { id: 'mq-m-3', replicas: 3, price: { amount: 9600, currency: 'EUR' } },
      spec: { type: 'rabbitmq', version: '3.13', patchLevelVersion: '3.13.7' },
      ingress: { domainName: 'jobs-shop.mq.apps.localhost', allowList: [] },
    });

    await customer.data(CREATE_QUEUE, {
      input: baseInput({
        name: 'audit',
        allowList: [{ ip: '2001:db8::/32', state: 'PRESENT' }, { ip: '198.51.100.7' }, { ip: '2001:db8::1' }],
      }),
    });
    const second = await waitForQueue(customer, NAMESPACE, 'audit');
    expect(second.ingress.allowList).toEqual(['2001:db8::/32', '198.51.100.7', '2001:db8::1']);
    expect((await customer.data(QUEUES)).messageQueues.map((row) => row.name)).toEqual(['audit', 'jobs']);
  });

  it.each([
    [
      'name',
      'capitals',
      { name: 'Events' },
      /^Message queue name must contain only lowercase letters, digits and hyphens/,
    ],
    [
      'name',
      'a leading digit',
      { name: '9lives' },
      /^Message queue name must contain only lowercase letters/,
    ],
    [
      'name',
      'a trailing hyphen',
      { name: 'events-' },
      /^Message queue name must contain only lowercase letters/,
    ],
    ['name', 'empty', { name: '' }, /^Message queue name is required$/],
    ['name', '64 characters', { name: 'q'.repeat(64) }, /^Message queue name must be at most 63 characters$/],
    [
      'plan',
      "a database cluster's",
      { plan: 'xs-1' },
      /^Unknown plan xs-1; messageQueuePlans lists the plans$/,
    ],
    ['plan', 'unknown', { plan: 'mq-huge-9' }, /^Unknown plan mq-huge-9/],
    [
      'spec.version',
      'an unsold version',
      { spec: { type: 'rabbitmq', version: '3.12' } },
      /^Unknown broker version rabbitmq 3\.12; one of rabbitmq 4\.1, rabbitmq 4\.0, rabbitmq 3\.13$/,
    ],
    [
      'spec.version',
      'another type',
      { spec: { type: 'kafka', version: '4.1' } },
      /^Unknown broker version kafka 4\.1/,
    ],
    [
      'allowList',
      'a host name',
      { allowList: [{ ip: 'example.com' }] },
      /^allowList: example\.com is not an IP address or CIDR range, such as 203\.0\.113\.0\/24$/,
    ],
    [
      'allowList',
      'an octet beyond 255',
      { allowList: [{ ip: '256.1.1.1' }] },
      /256\.1\.1\.1 is not an IP address or CIDR range/,
    ],
    [
      'allowList',
      'two prefixes',
      { allowList: [{ ip: '10.0.0.0/8/1' }] },
      /is not an IP address or CIDR range/,
    ],
    [
      'allowList',
      'an IPv4 prefix beyond 32',
      { allowList: [{ ip: '10.0.0.0/33' }] },
      /^allowList: the prefix length of 10\.0\.0\.0\/33 is beyond its address family$/,
    ],
    [
      'allowList',
      'an IPv6 prefix beyond 128',
      { allowList: [{ ip: '2001:db8::/129' }] },
      /prefix length of 2001:db8::\/129 is beyond/,
    ],
    [
      'allowList',
      'a repeated entry',
      { allowList: [{ ip: '198.51.100.7' }, { ip: '198.51.100.7' }] },
      /^allowList: 198\.51\.100\.7 is given twice$/,
    ],
    [
      'allowList',
      '51 entries',
      { allowList: Array.from({ length: 51 }, (_, index) => ({ ip: `10.0.0.${String(index)}` })) },
      /^allowList holds at most 50 entries$/,
    ],
  ])('refuses a bad %s (%s) and creates nothing', async (field, _label, overrides, message) => {
    const customer = await customerWithNamespace(suite);
    const error = expectGraphQLError(
      await customer.gql(CREATE_QUEUE, { input: baseInput(overrides) }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(message);
    expect(error.extensions?.field).toBe(field);
    expect((await customer.data(QUEUES)).messageQueues).toEqual([]);
  });

  it('refuses a second queue of the same name in the namespace, and keeps the first as it was', async () => {
    const { customer, running } = await customerWithQueue();
    const error = expectGraphQLError(
      await customer.gql(CREATE_QUEUE, { input: baseInput({ plan: 'mq-s-1', allowList: [] }) }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('A message queue named events already exists in namespace shop');
    expect(error.extensions?.field).toBe('name');
    expect((await customer.data(QUEUES)).messageQueues).toHaveLength(1);
    expect(await waitForQueue(customer, NAMESPACE, 'events')).toEqual(running);
  });

  it('answers NOT_FOUND for a namespace the customer does not have', async () => {
    const customer = await customerWithNamespace(suite);
    const error = expectGraphQLError(
      await customer.gql(CREATE_QUEUE, { input: baseInput({ namespace: 'nowhere' }) }),
      'NOT_FOUND',
    );
    expect(error.message).toBe('Namespace nowhere not found');
    expect((await customer.data(QUEUES)).messageQueues).toEqual([]);
  });

  it('refuses an explicit null input with BAD_USER_INPUT', async () => {
    const customer = await customerWithNamespace(suite);
    const error = expectGraphQLError(await customer.gql(CREATE_QUEUE, { input: null }), 'BAD_USER_INPUT');
    expect(error.message).toBe('messageQueue is required');
    expect(error.extensions?.field).toBe('messageQueue');
  });
});
