import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { NAMESPACE_CONTAINERS } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// What the container API's tests share: a server per file, customers subscribed to containers, the suffix
// the platform gives a customer's default web addresses and the containers a namespace lists.

/** The file's server (SIMULATED_DELAY_MS 100) and the makings of its tests on it. */
export function useContainersServer() {
  const suite = useServer({ SIMULATED_DELAY_MS: '100' });
  return {
    get server() {
      return suite.server;
    },
    /** A new customer subscribed to serverless containers. */
    subscribed: () => seed(suite.server).customer({ subscriptions: ['serverless-container'] }),
    /** The customer's suffix of default web addresses, as the platform gave it. */
    async addressSuffix(customer: TestCustomer) {
      const [row] = await queryRows<{ address_suffix: string | null }>(
        suite.server.berth.database.db,
        sql`SELECT address_suffix FROM customers WHERE id = ${customer.customerId}`,
      );
      if (!row?.address_suffix) throw new Error(`customer ${customer.customerId} has no address suffix yet`);
      return row.address_suffix;
    },
  };
}

export async function containersIn(customer: TestCustomer, namespace: string) {
  const { containers } = (await customer.data(NAMESPACE_CONTAINERS, { name: namespace })).namespace;
  if (!containers) throw new Error(`namespace ${namespace} answered no container list`);
  return containers;
}

/** The container the create rules are tried on, in the namespace `rules`; each test changes what it tries. */
export const rulesContainer = { name: 'web', namespace: 'rules', image: 'nginx:1.27', ports: ['80'] };
