import { afterAll, beforeAll } from 'vitest';
import type { TestCustomer } from '../support/customers.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// What a customer sees happen to a resource: the runtime's events with the audit entries of the resource,
// and the metrics the runtime samples, downsampled to minutes and hours.

/** Set up before the file's tests: alice's namespace `observed`, and bob, who has another (`elsewhere`). */
export interface ObservedWorld {
  server: TestServer;
  alice: TestCustomer;
  bob: TestCustomer;
}

/** The file's server (SIMULATED_DELAY_MS 100, closed after its tests) and its two subscribed customers. */
export function useObservedWorld() {
  const world = {} as ObservedWorld;
  beforeAll(async () => {
    world.server = await startServer({ SIMULATED_DELAY_MS: '100' });
    const subscribed = () => seed(world.server).customer({ subscriptions: ['serverless-container'] });
    ({ customer: world.alice } = await subscribed().namespace('observed'));
    ({ customer: world.bob } = await subscribed().namespace('elsewhere'));
  });
  afterAll(() => world.server.close());
  return world;
}
