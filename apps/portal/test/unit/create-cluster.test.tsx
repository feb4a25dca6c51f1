import { screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CloudDatabaseClusterCreateMutation,
  CloudDatabaseClusterCreateMutationVariables,
  CloudDatabaseClusterDetailsQuery,
  CloudDatabaseClusterOfferQuery,
} from '../../src/gql/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// Create a new Cloud Database (/storage/databases/new): what the form offers, what it refuses before
// sending, what it sends, and where the customer goes once the cluster is created (SPEC §8: the checkout of
// the cluster's plan unless skipped, then the cluster's page).

// The tab does not leave for the payment provider in a test: the address it would go to is recorded.
vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

type Offer = CloudDatabaseClusterOfferQuery;
type Created = CloudDatabaseClusterCreateMutation['cloudDatabaseClusterCreate'];
type Refusal = { message: string; extensions: { code: string; field?: string } };

const offer: Offer = {
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
};

/**
 * Opens the create page at `path` with `answer` as what the platform offers. The create is answered with the
 * cluster asked for, or refused with `refuse`; every create sent is recorded, and so is every checkout asked for.
 */
function openCreate({
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

const form = () => within(screen.getByRole('form', { name: 'New database cluster' }));
const field = (name: RegExp) => form().getByRole('textbox', { name });
const select = (name: RegExp) => form().getByRole('combobox', { name });
const optionLabels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('option')
    .map((option) => option.textContent);
const planRadio = (name: RegExp) => form().getByRole('radio', { name });

type User = ReturnType<typeof openCreate>['user'];

/** Fills the form with a valid cluster in staging: MySQL 8.0 on the Medium plan, with database and user. */
async function fillValid(user: User) {
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

const submit = (user: User) => user.click(form().getByRole('button', { name: 'Create cluster' }));

describe('create cluster page', () => {
  it('shows each plan under its group with cpu, memory, storage, replicas and price per month', async () => {
    openCreate();
    const plans = within(await screen.findByRole('radiogroup', { name: 'Plan' }));
    const general = within(
      plans.getByRole('heading', { name: 'General purpose' }).parentElement as HTMLElement,
    );
    const memory = within(
      plans.getByRole('heading', { name: 'Memory optimised' }).parentElement as HTMLElement,
    );

    expect(general.getAllByRole('radio')).toHaveLength(2);
    expect(general.getByRole('radio', { name: /^Small/ })).toHaveAccessibleDescription(
      '1 vCPU · 2 GB memory · 20 GB storage · 1 replica €45.00 per month',
    );
    expect(general.getByRole('radio', { name: /^Medium, high availability/ })).toHaveAccessibleDescription(
      '2 vCPU · 4 GB memory · 50 GB storage · 3 replicas €180.00 per month',
    );
    expect(memory.getAllByRole('radio')).toHaveLength(1);
    expect(memory.getByRole('radio', { name: /^Large memory/ })).toHaveAccessibleDescription(
      '4 vCPU · 32.5 GB memory · 100 GB storage · 1 replica No price listed',
    );
  });

  it('says what the chosen plan costs a month', async () => {
    const { user } = openCreate();
    expect(await screen.findByText('Choose a plan to see what the cluster costs a month.')).toBeVisible();
    await user.click(planRadio(/^Medium, high availability/));
    expect(screen.getByText('€180.00 per month for Medium, high availability')).toBeVisible();
    await user.click(planRadio(/^Large memory/));
    expect(screen.getByText('No price is listed for Large memory')).toBeVisible();
  });

  it("lists the chosen engine's versions, newest first, and picks the newest when the engine changes", async () => {
    const { user } = openCreate();
    const engine = await screen.findByRole('combobox', { name: /^Engine/ });
    expect(optionLabels(engine)).toEqual(['PostgreSQL', 'MySQL']);
    expect(optionLabels(select(/^Version/))).toEqual(['17 (17.6)', '16 (16.10)']);
    expect(select(/^Version/)).toHaveValue('17');

    await user.selectOptions(engine, 'MySQL');
    expect(optionLabels(select(/^Version/))).toEqual(['8.4 (8.4.6)', '8.0 (8.0.43)']);
    expect(select(/^Version/)).toHaveValue('8.4');
  });

  it('offers the namespaces, none chosen when there are several, and not one being deleted', async () => {
    openCreate();
    const namespace = await screen.findByRole('combobox', { name: /^Namespace/ });
    expect(namespace).toHaveValue('');
    expect(within(namespace).getByRole('option', { name: 'shop' })).toBeEnabled();
    expect(within(namespace).getByRole('option', { name: 'staging' })).toBeEnabled();
    expect(within(namespace).getByRole('option', { name: 'old' })).toBeDisabled();
  });

  it('chooses the namespace named in the address', async () => {
    openCreate({ path: '/storage/databases/new?namespace=staging' });
    expect(await screen.findByRole('combobox', { name: /^Namespace/ })).toHaveValue('staging');
  });

  it('chooses the only namespace there is', async () => {
    openCreate({ answer: { ...offer, namespaces: [{ name: 'shop', state: 'created' }] } });
    expect(await screen.findByRole('combobox', { name: /^Namespace/ })).toHaveValue('shop');
  });

  it('says when the plans and versions could not be loaded, and loads them on Try again', async () => {
    let requests = 0;
    server.use(
      graphql.query('CloudDatabaseClusterOffer', () => {
        requests += 1;
        return requests === 1
          ? HttpResponse.json({
              errors: [{ message: 'The platform is down', extensions: { code: 'INTERNAL' } }],
            })
          : HttpResponse.json({ data: offer });
      }),
    );
    const { user } = renderWithProviders({ path: '/storage/databases/new' });
    expect(
      await screen.findByRole('heading', { name: 'The plans and versions could not be loaded' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'New database cluster' })).toBeVisible();
    expect(requests).toBe(2);
  });

  it('says to create a namespace first when there is none, and offers to', async () => {
    openCreate({ answer: { ...offer, namespaces: [] } });
    expect(await screen.findByRole('heading', { name: 'Create a namespace first' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create namespace' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/new',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('what the form refuses before sending', () => {
  it.each([
    ['Orders', 'Start with a lowercase letter'],
    ['orders_db', 'Use only lowercase letters, digits and hyphens'],
    ['orders-', 'End with a letter or a digit'],
    [`o${'a'.repeat(63)}`, 'Use at most 63 characters'],
  ])('a cluster name %s: %s', async (value, message) => {
    const { user } = openCreate();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), value);
    await waitFor(() => expect(field(/^Name/)).toHaveAccessibleDescription(message));
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['User name', 'admin', 'This name is reserved'],
    ['User name', 'postgres', 'This name is reserved'],
    ['User name', 'pg_reader', 'Names starting with pg_ are reserved'],
    ['User name', 'orders-app', 'Use only lowercase letters, digits and underscores'],
    ['User name', '1app', 'Start with a lowercase letter'],
    ['User name', 'u'.repeat(33), 'Use at most 32 characters'],
    ['Database name', 'template1', 'This name is reserved'],
    ['Database name', 'information_schema', 'This name is reserved'],
    ['Database name', 'Orders', 'Start with a lowercase letter'],
  ])('%s %s: %s', async (label, value, message) => {
    const { user } = openCreate();
    const input = await screen.findByRole('textbox', { name: new RegExp(`^${label}`) });
    await user.clear(input);
    await user.type(input, value);
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends nothing with a bad name, a reserved user and no plan, and says what each needs', async () => {
    const { user, sent } = openCreate();
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Namespace/ }), 'shop');
    await user.type(field(/^Name/), 'Orders');
    await user.clear(field(/^User name/));
    await user.type(field(/^User name/), 'root');
    await submit(user);

    expect(await screen.findByText('3 fields need attention')).toBeVisible();
    expect(field(/^Name/)).toHaveAccessibleDescription('Start with a lowercase letter');
    expect(field(/^User name/)).toHaveAccessibleDescription('This name is reserved');
    expect(within(screen.getByRole('group', { name: 'Plan' })).getByText('Choose a plan')).toBeVisible();
    await waitFor(() => expect(field(/^Name/)).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('asks for a plan when everything else is right, and sends nothing', async () => {
    const { user, sent } = openCreate();
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Namespace/ }), 'shop');
    await user.type(field(/^Name/), 'orders-db');
    await submit(user);

    expect(await screen.findByText('1 field needs attention')).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'Plan' })).getByText('Choose a plan')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('asks for a database when a user is named without one', async () => {
    const { user, sent } = openCreate();
    await fillValid(user);
    await user.clear(field(/^Database name/));
    await submit(user);

    await waitFor(() =>
      expect(field(/^User name/)).toHaveAccessibleDescription(
        'A user needs a database to use: name the first database too',
      ),
    );
    expect(sent).toEqual([]);
  });
});

describe('creating', () => {
  it('sends the namespace, name, engine version, plan, first database and user; then, without paying now, opens the cluster', async () => {
    const { user, sent, checkouts, router } = openCreate();
    await fillValid(user);
    await user.click(form().getByRole('switch', { name: 'Pay for this cluster now' }));
    expect(screen.getByText('The cluster is created without going to the checkout.')).toBeVisible();
    await submit(user);

    expect(await screen.findByText("Your database cluster 'orders-db' is being created! 🚀")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases/staging/orders-db'));
    expect(sent).toEqual<CloudDatabaseClusterCreateMutationVariables[]>([
      {
        input: {
          namespace: 'staging',
          name: 'orders-db',
          spec: { type: 'mysql', version: '8.0' },
          plan: 'm-3',
          databases: [{ name: 'orders' }],
          users: [
            { name: 'orders_app', permissions: [{ databaseName: 'orders', permission: 'READ_WRITE' }] },
          ],
        },
      },
    ]);
    expect(checkouts).toEqual([]);
    expect(leaveForHostedPage).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1, name: /orders-db/ })).toBeVisible();
  });

  it('creates a cluster with no database and no user when both are left empty', async () => {
    const { user, sent } = openCreate();
    await fillValid(user);
    await user.clear(field(/^Database name/));
    await user.clear(field(/^User name/));
    await user.click(form().getByRole('switch', { name: 'Pay for this cluster now' }));
    await submit(user);

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.input).toMatchObject({ databases: [], users: [] });
  });

  it("paying now, asks for the checkout of the cluster's plan for the new cluster and leaves for it", async () => {
    const { user, sent, checkouts, router } = openCreate();
    await fillValid(user);
    expect(form().getByRole('switch', { name: 'Pay for this cluster now' })).toBeChecked();
    expect(
      screen.getByText("Once the cluster is created, you go to the checkout for its plan's monthly price."),
    ).toBeVisible();
    await submit(user);

    expect(await screen.findByText("Your database cluster 'orders-db' is being created! 🚀")).toBeVisible();
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_9'),
    );
    expect(sent).toHaveLength(1);
    expect(checkouts).toEqual([{ planId: 'm-3', resourceId: 'c-77' }]);
    // The checkout sends the customer back to the cloud databases: the request says which cluster it was for.
    const stored: unknown = JSON.parse(
      window.localStorage.getItem('berth.cluster-subscription-requests.account-1') ?? 'null',
    );
    expect(stored).toEqual([
      { clusterId: 'c-77', namespace: 'staging', name: 'orders-db', requestedAt: expect.any(Number) },
    ]);
    // Busy until the browser has left, so it is not pressed twice.
    expect(form().getByRole('button', { name: 'Opening the checkout…' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/storage/databases/new');
  });

  it('opens the cluster when the checkout cannot be opened: the cluster exists either way', async () => {
    const { user, router } = openCreate();
    server.use(
      http.post('/billing/subscriptions', () => HttpResponse.json({ message: 'down' }, { status: 502 })),
    );
    await fillValid(user);
    await submit(user);

    expect(
      await screen.findByText('Something went wrong. Try again or contact customer support'),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases/staging/orders-db'));
    expect(leaveForHostedPage).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('berth.cluster-subscription-requests.account-1')).toBeNull();
  });
});

describe('what the platform refuses', () => {
  it('shows a refused field on that field, and stays on the form with what was typed', async () => {
    const { user, sent, router } = openCreate({
      refuse: [
        {
          message: 'A database cluster named orders-db already exists in namespace staging',
          extensions: { code: 'BAD_USER_INPUT', field: 'name' },
        },
      ],
    });
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(field(/^Name/)).toHaveAccessibleDescription(
        'A database cluster named orders-db already exists in namespace staging',
      ),
    );
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Name/)).toHaveValue('orders-db');
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/storage/databases/new');
    expect(form().getByRole('button', { name: 'Create cluster' })).toBeEnabled();
    expect(leaveForHostedPage).not.toHaveBeenCalled();
  });

  it("puts a refused user name (users.name) on the user's field", async () => {
    const { user } = openCreate({
      refuse: [
        {
          message: 'User name orders_app is not allowed',
          extensions: { code: 'BAD_USER_INPUT', field: 'users.name' },
        },
      ],
    });
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(field(/^User name/)).toHaveAccessibleDescription('User name orders_app is not allowed'),
    );
  });

  it('shows a conflict that names no field above the buttons, and stays on the form', async () => {
    const { user, sent, router } = openCreate({
      refuse: [
        {
          message: 'Another change is under way; try again when it is done',
          extensions: { code: 'CONFLICT' },
        },
      ],
    });
    await fillValid(user);
    await submit(user);

    expect(await form().findByRole('alert')).toHaveTextContent(
      'Another change is under way; try again when it is done',
    );
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/storage/databases/new');
    expect(form().getByRole('button', { name: 'Create cluster' })).toBeEnabled();
  });

  it('puts a refused namespace (being deleted) on the namespace field', async () => {
    const { user } = openCreate({
      refuse: [{ message: 'Namespace staging is being deleted', extensions: { code: 'CONFLICT' } }],
    });
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(select(/^Namespace/)).toHaveAccessibleDescription('Namespace staging is being deleted'),
    );
    // On the field only, not said again as a message of the whole form.
    expect(form().getAllByText('Namespace staging is being deleted')).toHaveLength(1);
  });
});
