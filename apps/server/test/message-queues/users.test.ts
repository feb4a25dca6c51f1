import { describe, expect, it } from 'vitest';
import { createKey, keyToken } from '../api-keys/keys.ts';
import type { CloudDatabaseClusterUserModifyInput } from '../generated/graphql.ts';
import { expectGraphQLError, platformApi } from '../support/http.ts';
import { QUEUE, QUEUE_CREDENTIALS, waitForQueue } from '../support/message-queues.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs } from '../support/queries.ts';
import { MODIFY_QUEUE_USER, NAMESPACE, QUEUE_EVENTS, credentials, queue, useQueuesServer } from './setup.ts';

// The queue's admin user: its password comes back only from messageQueueUserCredentials (each reveal
// audited, never to a read-only key), and messageQueueUserModify sets or rotates it, audited without it.

const suite = useQueuesServer();
const { customerWithQueue } = suite;

const HOST = 'events-shop.mq.apps.localhost:5671';

/** messageQueueUserModify as the public API takes it: the cluster's input, explicit nulls included. */
const setPassword = (password: string | null, name = 'admin') => ({
  input: { cluster: queue(), user: { name, password, permissions: [], state: 'PRESENT' as const } },
});

describe('credentials', () => {
  it('come back only from their query, with the password percent-encoded in the DSN, each reveal audited without it', async () => {
    const { customer, running } = await customerWithQueue();
    expect(running.adminUser).toMatchObject({ password: '', dsn: `amqps://admin@${HOST}/%2F` });

    const first = await credentials(customer);
    expect(first).toMatchObject({ name: 'admin', role: 'admin', status: 'ready' });
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.dsn).toBe(`amqps://admin:${first.password}@${HOST}/%2F`);
    // Asked again, the same password: revealing changes nothing.
    expect((await credentials(customer)).password).toBe(first.password);

    // A password with characters a URL reserves is percent-encoded in the DSN, whole in `password`.
    const awkward = 'p@ss:word/with?#% space';
    await customer.data(MODIFY_QUEUE_USER, setPassword(awkward));
    await waitForQueue(customer, NAMESPACE, 'events');
    const changed = await credentials(customer);
    expect(changed.password).toBe(awkward);
    expect(changed.dsn).toBe(`amqps://admin:p%40ss%3Aword%2Fwith%3F%23%25%20space@${HOST}/%2F`);
    expect(new URL(changed.dsn).password).toBe('p%40ss%3Aword%2Fwith%3F%23%25%20space');
    expect(decodeURIComponent(new URL(changed.dsn).password)).toBe(awkward);

    const entries = await auditLogs(customer);
    const reveals = entries.filter((entry) => entry.eventType === 'reveal');
    expect(reveals.map((entry) => entry.modelName)).toEqual(['MessageQueue', 'MessageQueue', 'MessageQueue']);
    expect(reveals.every((entry) => entry.account?.email === customer.email)).toBe(true);
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain(first.password);
    expect(everything).not.toContain(awkward);
    expect(everything).not.toContain(encodeURIComponent(awkward));
    // Each reveal is among the queue's events, naming the user.
    const { messageQueue } = await customer.data(QUEUE_EVENTS, queue());
    const revealed = messageQueue.events.filter((event) => event.type === 'REVEALED');
    expect(revealed.map((event) => event.message)).toEqual(
      Array(3).fill('Credentials of user admin revealed'),
    );
  });

  it('are NOT_FOUND for a user the queue does not have, and for a queue that does not exist', async () => {
    const { customer } = await customerWithQueue();
    const user = expectGraphQLError(
      await customer.gql(QUEUE_CREDENTIALS, { ...queue(), username: 'guest' }),
      'NOT_FOUND',
    );
    expect(user.message).toBe('User guest of message queue events not found');
    const missing = expectGraphQLError(
      await customer.gql(QUEUE_CREDENTIALS, { ...queue('other'), username: 'admin' }),
      'NOT_FOUND',
    );
    expect(missing.message).toBe('Message queue other not found');
    expect((await auditLogs(customer)).filter((entry) => entry.eventType === 'reveal')).toEqual([]);
  });

  it('are refused to a read-only API key, unaudited, and given to a key that can write', async () => {
    const { customer } = await customerWithQueue();
    const withKey = async (scope: 'READ' | 'READ_WRITE') => {
      const key = await createKey(customer, { name: `key-${scope}`, scope });
      return platformApi(suite.server.url, await keyToken(suite.server.url, key));
    };
    const query = { ...queue(), username: 'admin' };
    const reader = await withKey('READ');
    const refused = expectGraphQLError(await reader.gql(QUEUE_CREDENTIALS, query), 'FORBIDDEN');
    expect(refused.message).toBe(
      'This API key is read only: revealing credentials needs a key that can read and write',
    );
    expect((await auditLogs(customer)).filter((entry) => entry.eventType === 'reveal')).toEqual([]);
    // The read-only key still reads the queue itself, without a password.
    const { messageQueue: read } = await reader.data(QUEUE, queue());
    expect(read.adminUser).toMatchObject({ name: 'admin', password: '', dsn: `amqps://admin@${HOST}/%2F` });
    const { messageQueueUserCredentials: revealed } = await (
      await withKey('READ_WRITE')
    ).data(QUEUE_CREDENTIALS, query);
    expect(revealed.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await auditLogs(customer)).filter((entry) => entry.eventType === 'reveal')).toHaveLength(1);
  });
});

describe("changing the admin user's password", () => {
  it('sets the given password: applied by the provisioner, then shown by the credentials', async () => {
    const { customer } = await customerWithQueue();
    const before = await credentials(customer);
    await whileProvisionerPaused(suite.server, async () => {
      const { messageQueueUserModify: user } = await customer.data(
        MODIFY_QUEUE_USER,
        setPassword('a-brand-new-admin-secret'),
      );
      // The answer never carries the password, not even the one just set.
      expect(user).toEqual({
        name: 'admin',
        role: 'admin',
        status: 'updating',
        password: '',
        dsn: `amqps://admin@${HOST}/%2F`,
      });
      const during = await customer.data(QUEUE_CREDENTIALS, { ...queue(), username: 'admin' });
      expect(during.messageQueueUserCredentials.status).toBe('updating');
    });
    const after = await waitForQueue(customer, NAMESPACE, 'events');
    expect(after.adminUser?.status).toBe('ready');
    const now = await credentials(customer);
    expect(now.password).toBe('a-brand-new-admin-secret');
    expect(now.password).not.toBe(before.password);
    expect(now.dsn).toBe(`amqps://admin:a-brand-new-admin-secret@${HOST}/%2F`);
  });

  it('rotates to a new generated password when the password is null', async () => {
    const { customer } = await customerWithQueue();
    const before = await credentials(customer);
    const { messageQueueUserModify: user } = await customer.data(MODIFY_QUEUE_USER, setPassword(null));
    expect(user).toMatchObject({ name: 'admin', status: 'updating', password: '' });
    await waitForQueue(customer, NAMESPACE, 'events');
    const after = await credentials(customer);
    expect(after.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(after.password).not.toBe(before.password);

    // Left out (the input's default), the password is rotated too.
    await customer.data(MODIFY_QUEUE_USER, {
      input: { cluster: queue(), user: { name: 'admin', permissions: [] } },
    });
    await waitForQueue(customer, NAMESPACE, 'events');
    const third = await credentials(customer);
    expect(third.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(third.password).not.toBe(after.password);
  });

  it('audits each change as "password of admin: changed", never with the password', async () => {
    const { customer } = await customerWithQueue();
    await customer.data(MODIFY_QUEUE_USER, setPassword('audited-but-secret-1'));
    await waitForQueue(customer, NAMESPACE, 'events');
    await customer.data(MODIFY_QUEUE_USER, setPassword(null));
    await waitForQueue(customer, NAMESPACE, 'events');
    const rotated = (await credentials(customer)).password;

    const entries = await auditLogs(customer);
    const updates = entries.filter(
      (entry) => entry.eventType === 'update' && entry.modelName === 'MessageQueue',
    );
    expect(updates).toHaveLength(2);
    for (const entry of updates) {
      expect(entry.changeSet).toEqual([{ name: 'password of admin', oldValue: null, newValue: 'changed' }]);
      expect(entry.account?.email).toBe(customer.email);
    }
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain('audited-but-secret-1');
    expect(everything).not.toContain(rotated);
    // The queue's events show them too (after the reveal of the new password), and never the password.
    const { messageQueue } = await customer.data(QUEUE_EVENTS, queue());
    expect(messageQueue.events.slice(0, 3)).toEqual([
      { type: 'REVEALED', message: 'Credentials of user admin revealed' },
      { type: 'CHANGED', message: 'Changed password of admin' },
      { type: 'CHANGED', message: 'Changed password of admin' },
    ]);
    expect(JSON.stringify(messageQueue.events)).not.toContain(rotated);
  });

  it('refuses a short password, deleting the admin user, and a user the queue does not have', async () => {
    const { customer } = await customerWithQueue();
    const before = await credentials(customer);

    const short = expectGraphQLError(
      await customer.gql(MODIFY_QUEUE_USER, setPassword('short')),
      'BAD_USER_INPUT',
    );
    expect(short.extensions?.field).toBe('user.password');
    expect(short.message).toBe('User admin: password must be at least 12 characters');

    const absent = expectGraphQLError(
      await customer.gql(MODIFY_QUEUE_USER, {
        input: {
          cluster: queue(),
          user: { name: 'admin', password: null, permissions: [], state: 'ABSENT' },
        },
      }),
      'BAD_USER_INPUT',
    );
    expect(absent.extensions?.field).toBe('user.state');
    expect(absent.message).toMatch(/cannot be deleted/);

    const ghost = expectGraphQLError(
      await customer.gql(MODIFY_QUEUE_USER, setPassword('long-enough-password', 'guest')),
      'NOT_FOUND',
    );
    expect(ghost.message).toBe('User guest of message queue events not found');

    const noQueue = expectGraphQLError(
      await customer.gql(MODIFY_QUEUE_USER, {
        input: {
          cluster: queue('other'),
          user: { name: 'admin', password: 'long-enough-password', permissions: [] },
        },
      }),
      'NOT_FOUND',
    );
    expect(noQueue.message).toBe('Message queue other not found');

    const incomplete: [CloudDatabaseClusterUserModifyInput | null, string][] = [
      [null, 'userInput'],
      [{ cluster: null, user: { name: 'admin', permissions: [] } }, 'userInput.cluster'],
      [{ cluster: queue(), user: null }, 'userInput.user'],
    ];
    for (const [input, field] of incomplete) {
      const missing = expectGraphQLError(await customer.gql(MODIFY_QUEUE_USER, { input }), 'BAD_USER_INPUT');
      expect(missing.extensions?.field).toBe(field);
    }

    // Nothing changed: not the queue, not the password, nothing audited.
    const queueNow = await waitForQueue(customer, NAMESPACE, 'events');
    expect(queueNow).toMatchObject({ state: 'running', locked: false, adminUser: { status: 'ready' } });
    expect((await credentials(customer)).password).toBe(before.password);
    const updates = (await auditLogs(customer)).filter((entry) => entry.eventType === 'update');
    expect(updates).toEqual([]);
  });

  it('is CONFLICT while the provisioner applies the last change, which keeps its password', async () => {
    const { customer } = await customerWithQueue();
    await whileProvisionerPaused(suite.server, async () => {
      await customer.data(MODIFY_QUEUE_USER, setPassword('the-first-new-password'));
      const second = expectGraphQLError(
        await customer.gql(MODIFY_QUEUE_USER, setPassword('the-second-new-password')),
        'CONFLICT',
      );
      expect(second.message).toBe(
        'Message queue events is being changed (updating); try again when it is done',
      );
    });
    await waitForQueue(customer, NAMESPACE, 'events');
    expect((await credentials(customer)).password).toBe('the-first-new-password');
  });
});
