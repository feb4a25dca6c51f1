import { screen, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import type {
  CloudDatabaseClusterCreateMutation,
  CloudDatabaseClusterCreateMutationVariables,
  CloudDatabaseClusterDetailsQuery,
  CloudDatabaseClusterOfferQuery,
} from '../../src/gql/graphql.ts';
import { renderWithProviders } from './render.tsx';
import { server } from './server.ts';

// The create page of a Cloud Database (/storage/databases/new) as the create-cluster-*.test.tsx files open it:
// what the platform offers, what it answers a create with, the new cluster's page, and the form's fields.

type Offer = CloudDatabaseClusterOfferQuery;
type Created = CloudDatabaseClusterCreateMutation['cloudDatabaseClusterCreate'];
type Refusal = { message: string; extensions: { code: string; field?: string } };

export const offer: Offer = {
  cloudDatabaseClusterPlans: [
    {
      id: 's-1',
      name: 'Small',
      group: 'General purpose',
      cpu: 1,
      memory: 2,
      storage: 20,
      replicas: 1,
      price: { amount: 4500, currency: 'EUR' },
    },
    {
      id: 'm-3',
      name: 'Medium, high availability',
      group: 'General purpose',
      cpu: 2,
      memory: 4,
      storage: 50,
      replicas: 3,
      price: { amount: 18000, currency: 'EUR' },
    },
    {
      id: 'r-1',
      name: 'Large memory',
      group: 'Memory optimised',
      cpu: 4,
      memory: 32.5,
      storage: 100,
      replicas: 1,
      price: { amount: null, currency: null },
    },
  ],
  // Out of order on purpose: the form lists each engine's versions newest first.
  cloudDatabaseClusterVersions: [
    { type: 'postgresql', version: '16', patchLevelVersion: '16.10' },
    { type: 'mysql', version: '8.0', patchLevelVersion: '8.0.43' },
    { type: 'postgresql', version: '17', patchLevelVersion: '17.6' },
    { type: 'mysql', version: '8.4', patchLevelVersion: '8.4.6' },
  ],
  namespaces: [
    { name: 'shop', state: 'created' },
    { name: 'staging', state: 'created' },
    { name: 'old', state: 'deleting' },
  ],
};

/** The cluster the platform answers the create with: named as asked, on the plan asked for. */
function createdFrom({ input }: CloudDatabaseClusterCreateMutationVariables): Created {
  return {
    id: 'c-77',
    name: input.name,
    state: 'creating',
    locked: true,
    unpaidSince: null,
    unpaidStopAt: null,
    namespace: { id: '2', name: input.namespace },
    spec: { type: input.spec.type, version: input.spec.version },
    plan: { id: input.plan, name: 'Medium, high availability', price: { amount: 18000, currency: 'EUR' } },
  };
}

/** The new cluster's page, where a created cluster leads. */
const clusterDetails: CloudDatabaseClusterDetailsQuery['cloudDatabaseCluster'] = {
  id: 'c-77',
  name: 'orders-db',
  namespace: { id: '2', name: 'staging' },
  state: 'running',
  locked: false,
  unpaidSince: null,
  unpaidStopAt: null,
  hostname: 'orders-db.staging.db.localhost',
  port: 3306,
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
  spec: { type: 'mysql', version: '8.0', patchLevelVersion: '8.0.43' },
  users: [{ name: 'admin', role: 'admin', status: 'ready', permissions: [] }],
  databases: [],
  externalConnection: null,
  features: [{ __typename: 'CloudDatabaseClusterAdvisor', enabled: false, status: 'off' }],
  advisories: [],
};

/**
 * Opens the create page at `path` with `answer` as what the platform offers. The create is answered with the
 * cluster asked for, or refused with `refuse`; every create sent is recorded, and so is every checkout asked for.
 */
export function openCreate({
  path = '/storage/databases/new',
  answer = offer,
  refuse,
}: { path?: string; answer?: Offer; refuse?: Refusal[] } = {}) {
  const sent: CloudDatabaseClusterCreateMutationVariables[] = [];
  const checkouts: unknown[] = [];
  server.use(
    graphql.query('CloudDatabaseClusterOffer', () => HttpResponse.json({ data: answer })),
    graphql.mutation<object, CloudDatabaseClusterCreateMutationVariables>(
      'CloudDatabaseClusterCreate',
      ({ variables }) => {
        sent.push(variables);
        return refuse
          ? HttpResponse.json({ errors: refuse })
          : HttpResponse.json({ data: { cloudDatabaseClusterCreate: createdFrom(variables) } });
      },
    ),
    graphql.query('CloudDatabaseClusterDetails', () =>
      HttpResponse.json({ data: { cloudDatabaseCluster: clusterDetails } }),
    ),
    http.post('/billing/subscriptions', async ({ request }) => {
      checkouts.push(await request.json());
      return HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_9' });
    }),
  );
  return { ...renderWithProviders({ path }), sent, checkouts };
}

export const form = () => within(screen.getByRole('form', { name: 'New database cluster' }));
export const field = (name: RegExp) => form().getByRole('textbox', { name });
export const select = (name: RegExp) => form().getByRole('combobox', { name });
export const optionLabels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('option')
    .map((option) => option.textContent);
export const planRadio = (name: RegExp) => form().getByRole('radio', { name });

type User = ReturnType<typeof openCreate>['user'];

/** Fills the form with a valid cluster in staging: MySQL 8.0 on the Medium plan, with database and user. */
export async function fillValid(user: User) {
  await user.selectOptions(await screen.findByRole('combobox', { name: /^Namespace/ }), 'staging');
  await user.type(field(/^Name/), 'orders-db');
  await user.selectOptions(select(/^Engine/), 'MySQL');
  await user.selectOptions(select(/^Version/), '8.0 (8.0.43)');
  await user.click(planRadio(/^Medium, high availability/));
  await user.clear(field(/^Database name/));
  await user.type(field(/^Database name/), 'orders');
  await user.clear(field(/^User name/));
  await user.type(field(/^User name/), 'orders_app');
}

export const submit = (user: User) => user.click(form().getByRole('button', { name: 'Create cluster' }));
