import { afterAll, beforeAll } from 'vitest';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { startServer, type TestServer } from '../support/server.ts';

// What the sign-in flows' tests share: a server of the file's own with the customer Alice on it, and the
// query that shows whose token the API was given.

export const ACCOUNT = '{ account { id email name } }';

/** The file's server (closed after its tests) and Alice, made before them: read as `world.alice` in a test. */
export function useSignInWorld() {
  const world = {} as { server: TestServer; alice: TestCustomer };
  beforeAll(async () => {
    world.server = await startServer();
    world.alice = await createCustomer(world.server, { name: 'Alice' });
  });
  afterAll(() => world.server.close());
  return world;
}
