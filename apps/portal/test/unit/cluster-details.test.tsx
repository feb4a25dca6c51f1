import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { generatePassword } from '../../src/features/databases/components/cluster-password.ts';
import { connectionSnippets } from '../../src/features/databases/components/cluster-snippets.ts';
import type {
  CloudDatabaseClusterDeleteMutationVariables,
  CloudDatabaseClusterDetailsQuery,
  CloudDatabaseClusterUserCreateMutationVariables,
  CloudDatabaseClusterUserCredentialsQueryVariables,
  CloudDatabaseClusterUserModifyMutationVariables,
} from '../../src/gql/graphql.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The page of one database cluster (issue 14): what it shows, revealing a user's connection string, the
// changes made to users and databases, and deleting the cluster.

type Cluster = CloudDatabaseClusterDetailsQuery['cloudDatabaseCluster'];

const HOST = 'orders-db.shop.db.localhost';

const cluster: Cluster = {
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
};

/** Every operation the page sent, by name with its variables, in order. */
type Sent = { operation: string; variables: unknown }[];

type Answer = {
  data?: Record<string, unknown>;
  errors?: { message: string; extensions: { code: string } }[];
};

const refusal = (message: string, code: string) =>
  HttpResponse.json<Answer>({ errors: [{ message, extensions: { code } }] });

/**
 * Opens the cluster's page. Its mutations succeed (or are refused with `refuse`) and are recorded; the cluster
 * is answered as `answer` says (each request may see it changed).
 */
function openCluster({
  answer = () => cluster,
  refuse,
}: { answer?: () => Cluster; refuse?: { message: string; code: string } } = {}) {
  const sent: Sent = [];
  const record = (operation: string, variables: unknown, data: Record<string, unknown>) => {
    sent.push({ operation, variables });
    return refuse ? refusal(refuse.message, refuse.code) : HttpResponse.json<Answer>({ data });
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
    graphql.mutation('CloudDatabaseClusterDelete', ({ variables }) =>
      record('clusterDelete', variables, { cloudDatabaseClusterDelete: true }),
    ),
  );
  return { ...renderWithProviders({ path: '/storage/databases/shop/orders-db' }), sent };
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const row = (table: string, name: RegExp) => within(section(table).getByRole('row', { name }));

async function openAddUser(user: ReturnType<typeof openCluster>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add user' }));
  return within(await screen.findByRole('dialog', { name: 'Add user' }));
}

describe('cluster details', () => {
  it('shows the engine, plan, address, users with their access and databases, under a title naming the cluster', async () => {
    openCluster();
    expect(await screen.findByRole('heading', { level: 1, name: /orders-db/ })).toBeVisible();
    expect(document.title).toBe('orders-db · shop | Berth');
    const details = section('Details');
    expect(details.getByText('PostgreSQL 16 (16.10)')).toBeVisible();
    expect(details.getByText('Medium, high availability (General purpose)')).toBeVisible();
    expect(details.getByText('2 vCPU · 4 GB memory · 50 GB storage')).toBeVisible();
    expect(details.getByText('3: a primary and 2 standbys')).toBeVisible();
    expect(details.getByText(/€180\.00 per month/)).toBeVisible();
    expect(details.getByText(HOST)).toBeVisible();
    expect(details.getByText('5432')).toBeVisible();

    expect(row('Users', /^admin/).getByText('Owns every database')).toBeVisible();
    expect(row('Users', /^app/).getByText('orders: read and write')).toBeVisible();
    expect(row('Users', /^report/).getByText('orders: read only')).toBeVisible();
    expect(row('Users', /^report/).getByText('events: read only')).toBeVisible();
    expect(row('Databases', /^orders/).getByText('Orders of the shop')).toBeVisible();
    expect(row('Databases', /^events/).getByText('ready')).toBeVisible();

    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Cloud databases' })).toHaveAttribute(
      'href',
      '/storage/databases',
    );
    expect(within(trail).getByRole('link', { name: 'shop' })).toBeVisible();
  });

  it('copies the host', async () => {
    const { user } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Copy host' }));
    expect(await navigator.clipboard.readText()).toBe(HOST);
  });

  it('offers no way to delete the admin user, and one for every other user', async () => {
    openCluster();
    await screen.findByRole('heading', { level: 1, name: /orders-db/ });
    expect(row('Users', /^admin/).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(
      row('Users', /^admin/).queryByRole('button', { name: /Change permissions/ }),
    ).not.toBeInTheDocument();
    expect(row('Users', /^admin/).getByRole('button', { name: 'Reset password of admin' })).toBeEnabled();
    expect(row('Users', /^app/).getByRole('button', { name: 'Delete user app' })).toBeEnabled();
    expect(row('Users', /^report/).getByRole('button', { name: 'Delete user report' })).toBeEnabled();
  });

  it('keeps the changes out of reach while the cluster is locked, and follows it until it is unlocked', async () => {
    let requests = 0;
    openCluster({
      answer: () => {
        requests += 1;
        return requests === 1 ? { ...cluster, state: 'updating', locked: true } : cluster;
      },
    });
    expect(await screen.findByRole('button', { name: 'Add user' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    // The page polls while the cluster is locked, then the changes are offered again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add user' })).toBeEnabled(), {
      timeout: 5000,
    });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});

describe('connection', () => {
  it('reveals the chosen user’s connection string on request only, with a copy button and snippets, and forgets it for another user', async () => {
    const { user, sent } = openCluster();
    const connection = await screen.findByRole('region', { name: 'Connection' });
    expect(sent).toEqual([]);
    await user.selectOptions(within(connection).getByRole('combobox', { name: 'User' }), 'app');
    await user.click(within(connection).getByRole('button', { name: 'Reveal connection string' }));

    const dsn = `postgresql://app:S3cret-pw@${HOST}:5432/orders`;
    const shown = within(await within(connection).findByRole('group', { name: 'How to connect as app' }));
    expect(sent).toEqual([
      { operation: 'credentials', variables: { namespace: 'shop', name: 'orders-db', username: 'app' } },
    ]);
    expect(shown.getByText(dsn)).toBeVisible();
    expect(shown.getByText(`psql '${dsn}'`)).toBeVisible();
    expect(shown.getByText(/psycopg\.connect/)).toBeVisible();
    await user.click(shown.getByRole('button', { name: 'Copy connection string of app' }));
    expect(await navigator.clipboard.readText()).toBe(dsn);

    await user.selectOptions(within(connection).getByRole('combobox', { name: 'User' }), 'report');
    expect(within(connection).queryByText(dsn)).not.toBeInTheDocument();
    expect(within(connection).getByRole('button', { name: 'Reveal connection string' })).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  it('gives MySQL clusters the mysql client and the parts of the address one by one', () => {
    const [cli, node, python] = connectionSnippets('mysql://app:p%40ss%27w@db.local:3306/orders');
    expect(cli).toEqual({
      label: 'mysql',
      code: `mysql --host='db.local' --port=3306 --user='app' --password='p@ss'\\''w' 'orders'`,
    });
    expect(node?.code).toContain(`mysql.createConnection("mysql://app:p%40ss%27w@db.local:3306/orders")`);
    expect(python?.code).toContain(
      `pymysql.connect(host="db.local", port=3306, user="app", password="p@ss'w", database="orders")`,
    );
  });
});

describe('users', () => {
  it('adds a user with read-only access to one database', async () => {
    const { user, sent } = openCluster();
    const dialog = await openAddUser(user);
    await user.type(dialog.getByRole('textbox', { name: 'User name' }), 'reporter');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'orders' }), 'Read only');
    await user.click(dialog.getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual<Sent>([
      {
        operation: 'userCreate',
        variables: {
          input: {
            cluster: { namespace: 'shop', name: 'orders-db' },
            user: { name: 'reporter', permissions: [{ databaseName: 'orders', permission: 'READ_ONLY' }] },
          },
        } satisfies CloudDatabaseClusterUserCreateMutationVariables,
      },
    ]);
    expect(
      await screen.findByText('User reporter is being added: reveal its password under Connection'),
    ).toBeVisible();
  });

  it('says what is wrong with a name as it is typed, and sends nothing until it is right', async () => {
    const { user, sent } = openCluster();
    const dialog = await openAddUser(user);
    const name = dialog.getByRole('textbox', { name: 'User name' });

    await user.type(name, 'Reporter');
    expect(await dialog.findByText('Start with a lowercase letter')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Add user' }));
    await user.clear(name);
    await user.type(name, 'report-user');
    expect(await dialog.findByText('Use only lowercase letters, digits and underscores')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'postgres');
    expect(await dialog.findByText('This name is reserved')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'pg_monitor');
    expect(await dialog.findByText('Names starting with pg_ are reserved')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'a'.repeat(33));
    expect(await dialog.findByText('Use at most 32 characters')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Add user' }));

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('shows the platform’s refusal of a change while the cluster is busy, in the dialog', async () => {
    const { user, sent } = openCluster({
      refuse: { message: 'Cluster orders-db is being changed; try again when it is done', code: 'CONFLICT' },
    });
    const dialog = await openAddUser(user);
    await user.type(dialog.getByRole('textbox', { name: 'User name' }), 'reporter');
    await user.click(dialog.getByRole('button', { name: 'Add user' }));

    expect(
      await dialog.findByText('Cluster orders-db is being changed; try again when it is done'),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeVisible();
  });

  it('changes permissions with a patch of what changed: one given, one taken away', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Change permissions of report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Permissions of report' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'orders' }), 'Read and write');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'events' }), 'No access');
    await user.click(dialog.getByRole('button', { name: 'Save permissions' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      input: {
        cluster: { namespace: 'shop', name: 'orders-db' },
        user: {
          name: 'report',
          permissions: [
            { databaseName: 'orders', permission: 'READ_WRITE', state: 'PRESENT' },
            { databaseName: 'events', permission: 'READ_ONLY', state: 'ABSENT' },
          ],
        },
      },
    } satisfies CloudDatabaseClusterUserModifyMutationVariables);
  });

  it('resets a password to a strong one made in the browser, then offers to reveal it', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Reset password of app' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset password of app?' }));
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const { input } = sent[0]?.variables as CloudDatabaseClusterUserModifyMutationVariables;
    expect(input?.user?.name).toBe('app');
    expect(input?.user?.permissions).toEqual([]);
    expect(input?.user?.password).toMatch(/^[A-Za-z0-9]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const connection = section('Connection');
    await waitFor(() =>
      expect(connection.getByRole('button', { name: 'Reveal connection string' })).toHaveFocus(),
    );
    expect(connection.getByRole('combobox', { name: 'User' })).toHaveValue('app');
  });

  it('makes passwords of letters and digits, 32 long, different each time', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});

describe('databases', () => {
  it('warns that deleting a database takes the users’ permissions on it', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Delete database orders' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete database orders?' }));
    expect(
      dialog.getByText(
        /The permissions users have on it are removed too: app \(read and write\), report \(read only\)/,
      ),
    ).toBeVisible();
    await user.type(dialog.getByRole('textbox', { name: 'Type orders to confirm' }), 'orders');
    await user.click(dialog.getByRole('button', { name: 'Delete database' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      operation: 'databaseDelete',
      variables: { input: { cluster: { namespace: 'shop', name: 'orders-db' }, name: 'orders' } },
    });
  });

  it('adds a database with its description', async () => {
    const { user, sent } = openCluster();
    await user.click(await screen.findByRole('button', { name: 'Add database' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add database' }));
    await user.type(dialog.getByRole('textbox', { name: 'Database name' }), 'archive');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Old orders');
    await user.click(dialog.getByRole('button', { name: 'Add database' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      input: {
        cluster: { namespace: 'shop', name: 'orders-db' },
        database: { name: 'archive', description: 'Old orders' },
      },
    });
  });
});

describe('deleting the cluster', () => {
  it('asks for the name, then says so and goes to the list of cloud databases', async () => {
    const { user, sent, router } = openCluster();
    server.use(
      graphql.query('CloudDatabaseClusters', () =>
        HttpResponse.json({ data: { cloudDatabaseClusters: [] } }),
      ),
      graphql.query('CloudDatabases', () => HttpResponse.json({ data: { cloudDatabases: [] } })),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete cluster orders-db?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete cluster' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Type orders-db to confirm' }), 'orders-d');
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Type orders-db to confirm' }), 'b');
    await user.click(confirm);

    expect(await screen.findByText('Cluster deleted successfully')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases'));
    expect(sent).toEqual<Sent>([
      {
        operation: 'clusterDelete',
        variables: {
          cluster: { namespace: 'shop', name: 'orders-db' },
        } satisfies CloudDatabaseClusterDeleteMutationVariables,
      },
    ]);
  });
});

describe('a cluster addressed by name alone', () => {
  const serveClusters = (...namespaces: string[]) =>
    server.use(
      graphql.query('CloudDatabaseClusterAddresses', () =>
        HttpResponse.json({
          data: {
            cloudDatabaseClusters: [
              ...namespaces.map((name, index) => ({
                id: `c-${index}`,
                name: 'orders-db',
                namespace: { id: `${index}`, name },
              })),
              { id: 'other', name: 'billing-db', namespace: { id: '9', name: 'shop' } },
            ],
          },
        }),
      ),
    );

  it('opens the one cluster of that name', async () => {
    serveClusters('shop');
    const { router } = openCluster();
    await router.navigate({ to: '/storage/databases/$idOrName', params: { idOrName: 'orders-db' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/databases/shop/orders-db'));
    expect(await screen.findByRole('heading', { level: 1, name: /orders-db/ })).toBeVisible();
  });

  it('lets the customer pick when several namespaces have one', async () => {
    serveClusters('shop', 'staging');
    renderWithProviders({ path: '/storage/databases/orders-db' });
    expect(await screen.findByRole('heading', { name: 'Which orders-db?' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'orders-db in staging' })).toHaveAttribute(
      'href',
      '/storage/databases/staging/orders-db',
    );
  });

  it('says when there is none', async () => {
    serveClusters();
    renderWithProviders({ path: '/storage/databases/orders-db' });
    expect(await screen.findByRole('heading', { name: 'Database cluster not found' })).toBeVisible();
  });
});
