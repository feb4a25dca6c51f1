import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueState } from '../../src/provisioning/message-queue-driver.ts';
import { createRabbitmqMessageQueues } from '../../src/provisioning/rabbitmq/message-queues.ts';
import { freePort } from '../support/ports.ts';

// The rabbitmq driver's placement and errors, which need no broker: a stand-in takes every call but a user's,
// which it refuses as RabbitMQ refuses a value, quoting it.

const PASSWORD = 'p:@/%"\\Pa55word';

const state = (placement: QueueState['placement']): QueueState => ({
  id: 42,
  name: 'orders',
  namespace: 'acme',
  runtimeNamespace: 'ns-0123456789ab',
  customerId: 7,
  version: '4.1',
  patchLevelVersion: '4.1.4',
  size: { millicores: 500, memoryGb: 1, storageGb: 5, replicas: 1, maxConnections: 100 },
  placement,
  users: [{ name: 'app', role: 'admin', password: PASSWORD }],
  allowList: [],
  externalConnection: null,
  stopped: false,
});

describe('rabbitmq message queue driver without a broker', () => {
  const driver = createRabbitmqMessageQueues({ adminUrl: 'http://berth:secret@mq.example.net:15673' });
  const placed = driver.placement({ id: 42, name: 'orders', namespace: 'acme' });

  let refusing: Server;
  let refusingUrl: string;
  beforeAll(async () => {
    refusing = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.method === 'PUT' && request.url?.startsWith('/api/users/')) {
          response.writeHead(400, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: 'bad_request', reason: `Validation failed: ${body}` }));
        } else if (request.method === 'GET') {
          response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        } else {
          response.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `http://berth:secret@127.0.0.1:${(refusing.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => refusing.close(resolve)));

  it("places a queue in a vhost of its id on the admin URL's host, AMQP without TLS", () => {
    expect(driver.name).toBe('rabbitmq');
    expect(placed).toEqual({
      hostname: 'mq.example.net',
      amqpPort: 5672,
      managementPort: 15673,
      vhost: 'berth-q42',
      userPrefix: 'berth-q42-',
      tls: false,
    });
  });

  it("takes the scheme's port when the admin URL names none", () => {
    const https = createRabbitmqMessageQueues({ adminUrl: 'https://berth:secret@mq.example.net' });
    expect(https.placement({ id: 7, name: 'orders', namespace: 'acme' }).managementPort).toBe(443);
  });

  it('touches nothing of a queue another driver placed', async () => {
    const unplaced = state({ ...placed, vhost: '/', userPrefix: '' });
    const refusal = 'message queue 42 was not placed by the rabbitmq driver';
    await expect(driver.apply(unplaced)).rejects.toThrow(refusal);
    await expect(driver.delete(unplaced)).rejects.toThrow(refusal);
  });

  it("names the call and the broker's reason, never a password", async () => {
    const refused = createRabbitmqMessageQueues({ adminUrl: refusingUrl });
    const error = await refused.apply(state(placed)).catch((failure: unknown) => failure as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'RabbitMQ PUT /api/users/berth-q42-app answered 400: Validation failed: {"password":"***","tags":""}',
    );
  });

  it('names the call when the broker does not answer', async () => {
    const absent = createRabbitmqMessageQueues({
      adminUrl: `http://berth:secret@127.0.0.1:${await freePort()}`,
    });
    const error = await absent.delete(state(placed)).catch((failure: unknown) => failure as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^RabbitMQ DELETE \/api\/vhosts\/berth-q42 failed: fetch failed \(.*ECONNREFUSED/,
    );
    expect((error as Error).message).not.toContain('secret');
  });
});
