import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// What the simulated runtime's tests share: a server of the file's own (SIMULATED_DELAY_MS 100) with Alice's
// namespace `runtime`, the revision a replica's name tells, and when a container has work due.

/** Set up before the file's tests, the server closed after them: read as `world.alice` in a test. */
export function useRuntimeWorld() {
  const world = {} as { server: TestServer; alice: TestCustomer };
  beforeAll(async () => {
    world.server = await startServer({ SIMULATED_DELAY_MS: '100' });
    ({ customer: world.alice } = await seed(world.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('runtime'));
  });
  afterAll(() => world.server.close());

  /**
   * Resolves once the container has work due: its provisioning task, or its next simulated step. The simulated
   * runtime schedules steps on the database's clock (next_step_at against now()), so a test driving the loop
   * by hand waits for that condition rather than for a number of milliseconds.
   */
  async function workDue(container: string) {
    await eventually(
      `work of ${container} to be due`,
      async () => {
        const [row] = await queryRows<{ due: boolean }>(
          world.server.berth.database.db,
          sql`SELECT EXISTS (SELECT 1 FROM simulated_containers s JOIN containers c ON c.id = s.container_id
                             WHERE c.name = ${container} AND s.next_step_at <= now())
                  OR EXISTS (SELECT 1 FROM provisioning_tasks t JOIN containers c ON c.id = t.resource_id
                             WHERE t.resource_kind = 'container' AND c.name = ${container}
                               AND t.not_before <= now()) AS due`,
        );
        return row?.due ? true : undefined;
      },
      { intervalMs: 5 },
    );
  }

  return { world, workDue };
}

export const revisionOf = (name: string) => name.split('-').at(-2);
