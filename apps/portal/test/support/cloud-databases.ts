import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { ClusterRow } from '../../src/features/databases/api/get-clusters.ts';
import type { LegacyDatabaseRow } from '../../src/features/databases/api/get-legacy-databases.ts';
import { server } from './server.ts';

// The cloud databases as their lists' tests see them: clusters in two namespaces and a legacy single-node
// database, the platform's answers listing them (or failing), and the cells of the tables that show them.

function cluster(name: string, namespaceName: string, changes: Partial<ClusterRow> = {}): ClusterRow {
  return {
    id: `c-${namespaceName}-${name}`,
    name,
    state: 'running',
    locked: false,
    unpaidSince: null,
    unpaidStopAt: null,
    namespace: { id: `ns-${namespaceName}`, name: namespaceName },
    spec: { type: 'postgresql', version: '16' },
    plan: { id: 'm-3', name: 'Medium, high availability', price: { amount: 18000, currency: 'EUR' } },
    ...changes,
  };
}

export const ordersDb = cluster('orders-db', 'shop');
const cacheDb = cluster('cache-db', 'staging', {
  state: 'failed',
  spec: { type: 'mysql', version: '8.4' },
  plan: { id: 's-1', name: 'Small', price: { amount: 4500, currency: 'EUR' } },
});
export const trialDb = cluster('trial-db', 'shop', {
  plan: { id: 't-1', name: 'Trial', price: { amount: null, currency: null } },
});

const legacyShop: LegacyDatabaseRow = {
  id: '42',
  name: 'legacy-shop',
  state: 'running',
  version: { id: 3, name: 'PostgreSQL 12' },
  nodeType: { key: 'db-small', name: 'Small node' },
  location: { id: 1, name: 'Frankfurt' },
};

type Answer<T> = T[] | 'error';

type Body = { data?: Record<string, unknown>; errors?: { message: string; extensions: { code: string } }[] };

const answerWith = <T>(answer: Answer<T> | undefined, data: (rows: T[]) => Record<string, unknown>) =>
  answer === 'error' || !answer
    ? HttpResponse.json<Body>({
        errors: [{ message: 'The platform is down', extensions: { code: 'INTERNAL' } }],
      })
    : HttpResponse.json<Body>({ data: data(answer) });

/**
 * Answers the clusters with each answer in turn (the last one from then on), and the legacy databases with
 * `legacy`; counts the requests for each.
 */
export function serveDatabases({
  clusters = [[ordersDb, cacheDb, trialDb]],
  legacy = [legacyShop],
}: { clusters?: Answer<ClusterRow>[]; legacy?: Answer<LegacyDatabaseRow> } = {}) {
  const requests = { clusters: 0, legacy: 0 };
  server.use(
    graphql.query('CloudDatabaseClusters', () => {
      const answer = clusters[Math.min(requests.clusters, clusters.length - 1)];
      requests.clusters += 1;
      return answerWith(answer, (rows) => ({ cloudDatabaseClusters: rows }));
    }),
    graphql.query('CloudDatabases', () => {
      requests.legacy += 1;
      return answerWith(legacy, (rows) => ({ cloudDatabases: rows }));
    }),
  );
  return requests;
}

export const table = (name: string) => within(screen.getByRole('table', { name }));

/** The cells of a row, as text, in the order of the columns. */
export function cells(tableName: string, name: string): (string | null)[] {
  const row = table(tableName)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('link', { name }));
  if (!row) throw new Error(`No row ${name} in ${tableName}`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}
