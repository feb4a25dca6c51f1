import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { NAMESPACE_JOBS } from '../support/container-jobs.ts';
import type { TestCustomer } from '../support/customers.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// What the container-job API's tests share: a server per file, customers subscribed to containers, the
// server's database read directly and the jobs a namespace lists.

/** The file's server (SIMULATED_DELAY_MS 100, registries on private addresses allowed) and its tests' makings. */
export function useJobsServer() {
  const suite = useServer({ SIMULATED_DELAY_MS: '100', REGISTRY_VERIFY_ALLOW_PRIVATE: 'true' });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(suite.server.berth.database.db, query);
  return {
    get server() {
      return suite.server;
    },
    /** A new customer subscribed to serverless containers. */
    subscribed: () => seed(suite.server).customer({ subscriptions: ['serverless-container'] }),
    rows,
    /** When the job of that name (any customer's) is next planned to run. */
    nextRunAt: async (name: string) =>
      (
        await rows<{ next_run_at: Date | string | null }>(
          sql`SELECT next_run_at FROM container_jobs WHERE name = ${name}`,
        )
      )[0]?.next_run_at ?? null,
  };
}

export async function jobsIn(customer: TestCustomer, namespace: string) {
  return (await customer.data(NAMESPACE_JOBS, { name: namespace })).namespace.containerJobs;
}
