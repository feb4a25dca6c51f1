import { connect } from 'amqplib';
import { expect, it } from 'vitest';
import {
  DELETE_QUEUE,
  MODIFY_QUEUE_USER,
  baseInput,
  credentials,
  customerWithNamespace,
  queue,
} from './setup.ts';
import { expectGraphQLError, eventually } from '../support/http.ts';
import { CREATE_QUEUE, QUEUE, waitForQueue } from '../support/message-queues.ts';
import { describeNeeding } from '../support/postgres-server.ts';
import { brokerGet, rabbitmqAdminUrl, withoutRabbitmq } from '../support/rabbitmq-broker.ts';
import { useServer } from '../support/server.ts';

// The whole path with the rabbitmq driver: the API creates a queue, the provisioner makes it a virtual host on
// the real broker, and the DSN the credentials query gives publishes and consumes there; a password reset
// takes over at once, and deleting leaves nothing on the broker.
const missing = await withoutRabbitmq();

describeNeeding(missing, 'message queues with the rabbitmq driver', () => {
  const suite = useServer({ MESSAGE_QUEUES_DRIVER: 'rabbitmq', MESSAGE_QUEUES_ADMIN_URL: rabbitmqAdminUrl });

  it('gives a DSN that publishes and consumes, resets its password, and deleting leaves nothing', async () => {
    const customer = await customerWithNamespace(suite);
    const created = (await customer.data(CREATE_QUEUE, { input: baseInput() })).messageQueueCreate;
    await waitForQueue(customer, 'shop', 'events');
    const vhost = `berth-q${created.id}`;
    expect(created.adminUser?.dsn).toBe(
      `amqp://berth-q${created.id}-admin@${new URL(rabbitmqAdminUrl).hostname}:5672/${vhost}`,
    );

    const { dsn, password } = await credentials(customer);
    const connection = await connect(dsn);
    const channel = await connection.createChannel();
    await channel.assertQueue('orders');
    channel.sendToQueue('orders', Buffer.from('order 1'));
    const message = await eventually('the message back', async () => {
      const got = await channel.get('orders', { noAck: true });
      return got === false ? undefined : got;
    });
    expect(message.content.toString()).toBe('order 1');
    await connection.close();

    await customer.data(MODIFY_QUEUE_USER, {
      input: { cluster: queue(), user: { name: 'admin', password: null, permissions: [] } },
    });
    await waitForQueue(customer, 'shop', 'events');
    const rotated = await credentials(customer);
    expect(rotated.password).not.toBe(password);
    await expect(connect(dsn)).rejects.toThrow(/ACCESS_REFUSED/);
    await (await connect(rotated.dsn)).close();

    await customer.data(DELETE_QUEUE, queue());
    await eventually('the queue gone', async () => {
      const response = await customer.gql(QUEUE, queue());
      return response.body.errors ? expectGraphQLError(response, 'NOT_FOUND') : undefined;
    });
    expect((await brokerGet(`/api/vhosts/${vhost}`)).status).toBe(404);
    expect((await brokerGet(`/api/users/berth-q${created.id}-admin`)).status).toBe(404);
  });
});
