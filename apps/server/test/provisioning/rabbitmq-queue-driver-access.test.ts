import { expect, it } from 'vitest';
import { describeNeeding } from '../support/postgres-server.ts';
import { brokerGet } from '../support/rabbitmq-broker.ts';
import {
  missing,
  password,
  REFUSED_VHOST,
  title,
  user,
  useRabbitmqQueueDriver,
} from './rabbitmq-queue-driver-setup.ts';

// Who the broker lets in after apply: a new password, a stopped queue, the plan's connection limit.

describeNeeding(missing, title, () => {
  const { world, queue, connectAs, roundTrip, expectConnections } = useRabbitmqQueueDriver();

  it('takes a new password on apply: the old one is refused, the new one connects', async () => {
    const app = user('app');
    const state = queue([app]);
    await world.driver.apply(state);
    const rotated = { ...app, password: password() };
    await world.driver.apply({ ...state, users: [rotated] });

    await expect(connectAs(state, 'app', app.password)).rejects.toThrow('ACCESS_REFUSED');
    await roundTrip(await connectAs(state, 'app', rotated.password));
  });

  it('lets nobody in while stopped, closing who was connected, and keeps the vhost and users', async () => {
    const app = user('app');
    const state = queue([app]);
    await world.driver.apply(state);
    const before = await connectAs(state, 'app', app.password);
    const closed = new Promise((resolve) => before.once('close', resolve));
    await expectConnections(state, 'app', 1);

    await world.driver.apply({ ...state, stopped: true });
    await closed;
    await expect(connectAs(state, 'app', app.password)).rejects.toThrow(REFUSED_VHOST);
    const { vhost, userPrefix } = state.placement;
    expect((await brokerGet(`/api/vhosts/${encodeURIComponent(vhost)}`)).status).toBe(200);
    const { body: limits } = await brokerGet(`/api/vhost-limits/${encodeURIComponent(vhost)}`);
    expect(limits).toMatchObject([{ value: { 'max-connections': 0 } }]);
    expect((await brokerGet(`/api/users/${encodeURIComponent(`${userPrefix}app`)}`)).status).toBe(200);

    await world.driver.apply(state);
    await roundTrip(await connectAs(state, 'app', app.password));
  });

  it("refuses connections beyond the plan's maximum", async () => {
    const app = user('app');
    const state = queue([app], { maxConnections: 2 });
    await world.driver.apply(state);
    const first = await connectAs(state, 'app', app.password);
    await connectAs(state, 'app', app.password);
    // The broker counts connections as it registers them: the third waits until both are counted.
    await expectConnections(state, 'app', 2);

    await expect(connectAs(state, 'app', app.password)).rejects.toThrow(REFUSED_VHOST);
    // Refused for the number, not the user: with one connection closed, it gets in.
    await first.close();
    await expectConnections(state, 'app', 1);
    await connectAs(state, 'app', app.password);
  });
});
