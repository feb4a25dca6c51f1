import { randomBytes, randomInt } from 'node:crypto';
import { connect, type ChannelModel } from 'amqplib';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type {
  MessageQueueDriver,
  QueueSize,
  QueueState,
  QueueUserState,
} from '../../src/provisioning/message-queue-driver.ts';
import { createRabbitmqMessageQueues } from '../../src/provisioning/rabbitmq/message-queues.ts';
import { brokerGet, rabbitmqAdminUrl, withoutRabbitmq } from '../support/rabbitmq-broker.ts';

// The rabbitmq driver against a real broker: RABBITMQ_ADMIN_URL's, else the local one. Vhosts and users
// carry the queue's id, so random ids keep runs (and a dev's queues) apart.

// With the characters a URL's user information must percent-encode.
export const password = () => `p:@/%${randomBytes(9).toString('base64url')}`;

export const user = (name: string): QueueUserState => ({ name, role: 'admin', password: password() });

/**
 * How amqplib fails when the broker lets a user in but refuses it the vhost (530 NOT_ALLOWED: no permission
 * there, or the vhost's connection limit): the broker's reason is lost, only the refused step is named. A
 * wrong password fails a step earlier, with ACCESS_REFUSED.
 */
export const REFUSED_VHOST = 'Expected ConnectionOpenOk; got <ConnectionClose';

export const missing = await withoutRabbitmq();
export const title = 'rabbitmq message queue driver on a RabbitMQ broker';

/** The AMQP URL a customer copies, every part percent-encoded. */
function amqpDsn(queue: QueueState, name: string, secret: string): string {
  const { placement } = queue;
  const userInfo = `${encodeURIComponent(`${placement.userPrefix}${name}`)}:${encodeURIComponent(secret)}`;
  return `amqp://${userInfo}@${placement.hostname}:${placement.amqpPort}/${encodeURIComponent(placement.vhost)}`;
}

/**
 * The driver on the broker, for the tests of the suite calling this: queues made with `queue()` are deleted
 * after them, connections made with `connectAs()` closed after each.
 */
export function useRabbitmqQueueDriver() {
  const world = {} as { driver: MessageQueueDriver };
  const made: QueueState[] = [];
  const opened: ChannelModel[] = [];

  beforeAll(() => {
    world.driver = createRabbitmqMessageQueues({ adminUrl: rabbitmqAdminUrl });
  });

  afterEach(async () => {
    // One the broker closed already (a stopped queue's) has nothing left to close.
    await Promise.all(opened.splice(0).map((connection) => connection.close().catch(() => undefined)));
  });

  afterAll(async () => {
    for (const state of made) await world.driver?.delete(state);
    await world.driver?.close();
  });

  function queue(users: QueueUserState[], size: Partial<QueueSize> = {}): QueueState {
    const id = randomInt(1_000_000_000, 2_000_000_000);
    const state: QueueState = {
      id,
      name: 'orders',
      namespace: 'acme',
      runtimeNamespace: 'ns-0123456789ab',
      customerId: 7,
      version: '4.1',
      patchLevelVersion: '4.1.4',
      size: { millicores: 500, memoryGb: 1, storageGb: 5, replicas: 1, maxConnections: 100, ...size },
      placement: world.driver.placement({ id, name: 'orders', namespace: 'acme' }),
      users,
      allowList: [],
      externalConnection: null,
      stopped: false,
    };
    made.push(state);
    return state;
  }

  /** An AMQP connection as one of the queue's users (with its password unless told another). */
  async function connectAs(state: QueueState, name: string, secret: string): Promise<ChannelModel> {
    const connection = await connect(amqpDsn(state, name, secret));
    // The broker closing it (a stopped queue) is an error event, which must not end the test run.
    connection.on('error', () => undefined);
    opened.push(connection);
    return connection;
  }

  /** Publishes a message on the connection and consumes it back through a queue of the vhost. */
  async function roundTrip(connection: ChannelModel): Promise<void> {
    const channel = await connection.createChannel();
    const { queue: name } = await channel.assertQueue('', { exclusive: true });
    channel.sendToQueue(name, Buffer.from('hello'));
    const received = await new Promise<string>((resolve) => {
      void channel.consume(name, (message) => {
        if (message) resolve(message.content.toString());
      });
    });
    expect(received).toBe('hello');
    await channel.close();
  }

  /** Waits until the broker counts this many connections of the user (as its limits count them). */
  async function expectConnections(state: QueueState, name: string, count: number): Promise<void> {
    const path = `/api/connections/username/${encodeURIComponent(`${state.placement.userPrefix}${name}`)}`;
    await expect
      .poll(async () => {
        const { body } = await brokerGet(path);
        return Array.isArray(body) ? body.length : -1;
      })
      .toBe(count);
  }

  return { world, queue, connectAs, roundTrip, expectConnections };
}
