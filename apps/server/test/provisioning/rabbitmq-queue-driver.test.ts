import { expect, it } from 'vitest';
import { describeNeeding } from '../support/postgres-server.ts';
import { createRabbitmqMessageQueues } from '../../src/provisioning/rabbitmq/message-queues.ts';
import { brokerGet, rabbitmqAdminUrl } from '../support/rabbitmq-broker.ts';
import {
  missing,
  REFUSED_VHOST,
  title,
  user,
  useRabbitmqQueueDriver,
} from './rabbitmq-queue-driver-setup.ts';

// What apply and delete leave on a real broker, read back through its management API, and the DSN a
// customer copies connecting to it.

const encoded = encodeURIComponent;

describeNeeding(missing, title, () => {
  const { world, queue, connectAs, roundTrip } = useRabbitmqQueueDriver();

  it('makes a vhost whose users have every permission there, no tags, and the plan as limits', async () => {
    const state = queue([user('app'), user('worker')], { memoryGb: 2, maxConnections: 250 });
    const { vhost, userPrefix } = state.placement;
    expect(vhost).toBe(`berth-q${state.id}`);
    expect(userPrefix).toBe(`berth-q${state.id}-`);
    await world.driver.apply(state);
    // Applied again, as a task that failed half-way is: nothing changes.
    await world.driver.apply(state);

    expect((await brokerGet(`/api/vhosts/${encoded(vhost)}`)).status).toBe(200);
    for (const name of ['app', 'worker']) {
      const { body } = await brokerGet(`/api/users/${encoded(`${userPrefix}${name}`)}`);
      expect(body).toMatchObject({ name: `${userPrefix}${name}`, tags: [] });
      const { body: permissions } = await brokerGet(
        `/api/users/${encoded(`${userPrefix}${name}`)}/permissions`,
      );
      expect(permissions).toEqual([
        { user: `${userPrefix}${name}`, vhost, configure: '.*', write: '.*', read: '.*' },
      ]);
    }
    const { body: limits } = await brokerGet(`/api/vhost-limits/${encoded(vhost)}`);
    expect(limits).toEqual([{ vhost, value: { 'max-connections': 250, 'max-queues': 500 } }]);
  });

  it('gives a DSN that connects, publishes and consumes', async () => {
    const app = user('app');
    const state = queue([app]);
    await world.driver.apply(state);
    await roundTrip(await connectAs(state, 'app', app.password));
  });

  it("refuses one queue's user on another queue's vhost", async () => {
    const theirs = user('app');
    const state = queue([user('app')]);
    const other = queue([theirs]);
    await world.driver.apply(state);
    await world.driver.apply(other);
    const intruder = { ...state, placement: { ...state.placement, userPrefix: other.placement.userPrefix } };
    // The same user and password get into their own vhost: what refuses them here is the vhost.
    await connectAs(other, 'app', theirs.password);
    await expect(connectAs(intruder, 'app', theirs.password)).rejects.toThrow(REFUSED_VHOST);
  });

  it('removes the users a later state no longer has', async () => {
    const app = user('app');
    const state = queue([app, user('old')]);
    await world.driver.apply(state);
    await world.driver.apply({ ...state, users: [app] });
    const { userPrefix } = state.placement;
    expect((await brokerGet(`/api/users/${encoded(`${userPrefix}old`)}`)).status).toBe(404);
    expect((await brokerGet(`/api/users/${encoded(`${userPrefix}app`)}`)).status).toBe(200);
  });

  it('deletes the vhost and its users, and deletes again without an error', async () => {
    const state = queue([user('app'), user('worker')]);
    await world.driver.apply(state);
    const { vhost, userPrefix } = state.placement;
    await world.driver.delete(state);
    await world.driver.delete(state);

    expect((await brokerGet(`/api/vhosts/${encoded(vhost)}`)).status).toBe(404);
    const { body: users } = await brokerGet('/api/users?columns=name');
    expect((users as { name: string }[]).filter(({ name }) => name.startsWith(userPrefix))).toEqual([]);
  });

  it("names the call and the broker's reason when it refuses, without the admin's password", async () => {
    const admin = new URL(rabbitmqAdminUrl);
    admin.password = 'not-the-password';
    const refused = createRabbitmqMessageQueues({ adminUrl: admin.toString() });
    const state = queue([user('app')]);
    const error = await refused.apply(state).catch((failure: unknown) => failure as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `RabbitMQ PUT /api/vhosts/${state.placement.vhost} answered 401: Login failed`,
    );
  });
});
