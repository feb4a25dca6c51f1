import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type {
  CloudDatabaseClusterDetailsQuery,
  CloudDatabaseClusterUserCredentialsQueryVariables,
} from '../../src/gql/graphql.ts';
import { renderWithProviders } from './render.tsx';
import { server } from './server.ts';

// The page of one database cluster (issue 14) as the cluster-details-*.test.tsx files open it: the cluster,
// the platform's answers to its changes (recorded), and its sections and rows.

type Cluster = CloudDatabaseClusterDetailsQuery['cloudDatabaseCluster'];

export const HOST = 'orders-db.shop.db.localhost';

export const cluster: Cluster = {
  id: 'c-1',
  name: 'orders-db',
  namespace: { id: '1', name: 'shop' },
  state: 'running',
  locked: false,
  unpaidSince: null,
  unpaidStopAt: null,
  hostname: HOST,
  port: 5432,
  plan: {
    id: 'm-3',
    name: 'Medium, high availability',
    group: 'General purpose',
    cpu: 2,
    memory: 4,
    storage: 50,
    replicas: 3,
    price: { amount: 18000, currency: 'EUR' },
  },
  spec: { type: 'postgresql', version: '16', patchLevelVersion: '16.10' },
  users: [
    { name: 'admin', role: 'admin', status: 'ready', permissions: [] },
    {
      name: 'app',
      role: 'user',
      status: 'ready',
      permissions: [{ databaseName: 'orders', permission: 'READ_WRITE' }],
    },
    {
      name: 'report',
      role: 'user',
      status: 'ready',
      permissions: [
        { databaseName: 'orders', permission: 'READ_ONLY' },
        { databaseName: 'events', permission: 'READ_ONLY' },
      ],
    },
  ],
  databases: [
    { name: 'orders', description: 'Orders of the shop', status: 'ready' },
    { name: 'events', description: null, status: 'ready' },
  ],
  externalConnection: null,
  features: [{ __typename: 'CloudDatabaseClusterAdvisor', enabled: false, status: 'off' }],
  advisories: [],
};

/** Every operation the page sent, by name with its variables, in order. */
export type Sent = { operation: string; variables: unknown }[];

type Answer = {
  data?: Record<string, unknown>;
  errors?: { message: string; extensions: { code: string; field?: string } }[];
};

const refusal = (message: string, code: string, field?: string) =>
  HttpResponse.json<Answer>({ errors: [{ message, extensions: { code, ...(field && { field }) } }] });

/**
 * Opens the cluster's page. Its mutations succeed (or are refused with `refuse`) and are recorded; the cluster
 * is answered as `answer` says (each request may see it changed).
 */
export function openCluster({
  answer = () => cluster,
  refuse,
}: { answer?: () => Cluster; refuse?: { message: string; code: string; field?: string } } = {}) {
  const sent: Sent = [];
  const record = (operation: string, variables: unknown, data: Record<string, unknown>) => {
    sent.push({ operation, variables });
    return refuse ? refusal(refuse.message, refuse.code, refuse.field) : HttpResponse.json<Answer>({ data });
  };
  server.use(
    graphql.query('CloudDatabaseClusterDetails', ({ variables }) => {
      expect(variables).toEqual({ namespace: 'shop', name: 'orders-db' });
      return HttpResponse.json({ data: { cloudDatabaseCluster: answer() } });
    }),
    graphql.query<object, CloudDatabaseClusterUserCredentialsQueryVariables>(
      'CloudDatabaseClusterUserCredentials',
      ({ variables }) => {
        sent.push({ operation: 'credentials', variables });
        return HttpResponse.json({
          data: {
            cloudDatabaseClusterUserCredentials: {
              name: variables.username,
              dsn: `postgresql://${variables.username}:S3cret-pw@${HOST}:5432/orders`,
            },
          },
        });
      },
    ),
    graphql.mutation('CloudDatabaseClusterUserCreate', ({ variables }) =>
      record('userCreate', variables, { cloudDatabaseClusterUserCreate: { name: 'reporter' } }),
    ),
    graphql.mutation('CloudDatabaseClusterUserModify', ({ variables }) =>
      record('userModify', variables, { cloudDatabaseClusterUserModify: { name: 'app' } }),
    ),
    graphql.mutation('CloudDatabaseClusterUserDelete', ({ variables }) =>
      record('userDelete', variables, { cloudDatabaseClusterUserDelete: true }),
    ),
    graphql.mutation('CloudDatabaseClusterDatabaseCreate', ({ variables }) =>
      record('databaseCreate', variables, { cloudDatabaseClusterDatabaseCreate: { name: 'archive' } }),
    ),
    graphql.mutation('CloudDatabaseClusterDatabaseDelete', ({ variables }) =>
      record('databaseDelete', variables, { cloudDatabaseClusterDatabaseDelete: true }),
    ),
    graphql.mutation('CloudDatabaseClusterModify', ({ variables }) =>
      record('clusterModify', variables, {
        cloudDatabaseClusterModify: { id: cluster.id, state: 'running', locked: false },
      }),
    ),
    graphql.mutation('CloudDatabaseClusterDelete', ({ variables }) =>
      record('clusterDelete', variables, { cloudDatabaseClusterDelete: true }),
    ),
  );
  return { ...renderWithProviders({ path: '/storage/databases/shop/orders-db' }), sent };
}

export const section = (name: string) => within(screen.getByRole('region', { name }));
export const row = (table: string, name: RegExp) => within(section(table).getByRole('row', { name }));
