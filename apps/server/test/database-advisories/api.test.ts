import { describe, expect, it } from 'vitest';
import { cluster, MODIFY_CLUSTER, NAMESPACE, useClustersServer } from '../database-clusters/setup.ts';
import { waitForCluster } from '../support/database-clusters.ts';
import { expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { ADVISOR, MODIFY_ADVISOR, analyseDue, today } from './setup.ts';

// The advisor through the API on the simulated driver, whose analysis reports fixed examples: a missing index
// on public.events of the cluster's first database and a shared_buffers suggestion.

const suite = useClustersServer();
const { customerWithCluster } = suite;

const advisorOf = async (customer: Awaited<ReturnType<typeof customerWithCluster>>['customer']) =>
  (await customer.data(ADVISOR, cluster())).cloudDatabaseCluster;

describe('the database advisor', () => {
  it('turned on at creation waits for its first analysis, then shows what it found, filtered by type', async () => {
    const { customer } = await customerWithCluster({ advisor: { enabled: true } });
    const waiting = await advisorOf(customer);
    expect(waiting.features).toEqual([
      { __typename: 'CloudDatabaseClusterAdvisor', enabled: true, status: 'waiting' },
    ]);
    expect(waiting.advisories).toEqual([]);

    await analyseDue(suite.server);

    const analysed = await advisorOf(customer);
    expect(analysed.features).toEqual([
      { __typename: 'CloudDatabaseClusterAdvisor', enabled: true, status: `analysed ${today()}` },
    ]);
    expect(analysed.advisories).toEqual([
      {
        __typename: 'CloudDatabaseAdvisoryMissingIndex',
        identifier: 'missing-index:app.public.events',
        databaseName: 'app',
        message: expect.stringContaining('public.events') as string,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      },
      {
        __typename: 'CloudDatabaseAdvisory',
        identifier: 'setting:shared_buffers',
        message: expect.stringContaining('shared_buffers is 128 MB') as string,
        createdAt: analysed.advisories[0]?.createdAt,
      },
    ]);
    const [missing, settings] = await Promise.all([
      customer.data(ADVISOR, { ...cluster(), type: 'MissingIndex' }),
      customer.data(ADVISOR, { ...cluster(), type: 'SettingSuggestion' }),
    ]);
    expect(missing.cloudDatabaseCluster.advisories.map((advisory) => advisory.identifier)).toEqual([
      'missing-index:app.public.events',
    ]);
    expect(settings.cloudDatabaseCluster.advisories.map((advisory) => advisory.identifier)).toEqual([
      'setting:shared_buffers',
    ]);
    // Analysed, it is not due again before a day has passed.
    await analyseDue(suite.server);
    expect((await advisorOf(customer)).advisories[0]?.createdAt).toBe(analysed.advisories[0]?.createdAt);
  });

  it('is off unless asked for; turned on and off by a modify that needs no provisioning, audited', async () => {
    const { customer } = await customerWithCluster({ advisor: null });
    expect(await advisorOf(customer)).toMatchObject({
      features: [{ enabled: false, status: 'off' }],
      advisories: [],
    });

    const enabled = await customer.data(MODIFY_ADVISOR, {
      input: { ...cluster(), advisor: { enabled: true } },
    });
    // Nothing changes on the server: the cluster stays running and unlocked.
    expect(enabled.cloudDatabaseClusterModify).toEqual({
      state: 'running',
      locked: false,
      features: [{ enabled: true, status: 'waiting' }],
    });
    const update = (await auditLogs(customer)).find(
      (entry) => entry.eventType === 'update' && entry.modelName === 'CloudDatabaseCluster',
    );
    expect(update?.changeSet).toEqual([{ name: 'advisor', oldValue: 'off', newValue: 'on' }]);

    await analyseDue(suite.server);
    expect((await advisorOf(customer)).advisories).toHaveLength(2);

    // Left out or null, the advisor stays as it is.
    await customer.data(MODIFY_ADVISOR, { input: { ...cluster(), advisor: null } });
    await waitForCluster(customer, NAMESPACE, 'orders');
    expect((await advisorOf(customer)).features[0]?.status).toBe(`analysed ${today()}`);

    const disabled = await customer.data(MODIFY_ADVISOR, {
      input: { ...cluster(), advisor: { enabled: false } },
    });
    expect(disabled.cloudDatabaseClusterModify).toMatchObject({
      locked: false,
      features: [{ enabled: false, status: 'off' }],
    });
    expect((await advisorOf(customer)).advisories).toEqual([]);
    // Turned on again, it starts afresh: what it found before was forgotten.
    await customer.data(MODIFY_ADVISOR, { input: { ...cluster(), advisor: { enabled: true } } });
    expect(await advisorOf(customer)).toMatchObject({
      features: [{ enabled: true, status: 'waiting' }],
      advisories: [],
    });
  });

  it('changes with the databases and users in one modify, which the provisioner applies', async () => {
    const { customer } = await customerWithCluster();
    const modified = await customer.data(MODIFY_ADVISOR, {
      input: { ...cluster(), databases: [{ name: 'events' }], advisor: { enabled: true } },
    });
    expect(modified.cloudDatabaseClusterModify).toMatchObject({
      state: 'updating',
      locked: true,
      features: [{ enabled: true, status: 'waiting' }],
    });
    const after = await waitForCluster(customer, NAMESPACE, 'orders');
    expect(after.databases.map((database) => database.name)).toEqual(['app', 'events']);
    const update = (await auditLogs(customer)).find((entry) => entry.eventType === 'update');
    expect(update?.changeSet).toEqual(
      expect.arrayContaining([{ name: 'advisor', oldValue: 'off', newValue: 'on' }]),
    );
  });

  it('cannot be switched while the cluster is being changed', async () => {
    const { customer } = await customerWithCluster();
    await whileProvisionerPaused(suite.server, async () => {
      await customer.data(MODIFY_CLUSTER, { input: { ...cluster(), databases: [{ name: 'more' }] } });
      const refused = await customer.gql(MODIFY_ADVISOR, {
        input: { ...cluster(), advisor: { enabled: true } },
      });
      expect(expectGraphQLError(refused, 'CONFLICT').message).toMatch(/being changed/);
    });
    await waitForCluster(customer, NAMESPACE, 'orders');
    expect((await advisorOf(customer)).features[0]).toEqual({
      __typename: 'CloudDatabaseClusterAdvisor',
      enabled: false,
      status: 'off',
    });
  });

  it("is another customer's not found, and their analysis shows nowhere else", async () => {
    const { customer } = await customerWithCluster({ advisor: { enabled: true } });
    await analyseDue(suite.server);
    const { customer: other } = await seed(suite.server)
      .customer({ subscriptions: ['cloud-database'] })
      .namespace(NAMESPACE);
    for (const response of await Promise.all([
      other.gql(ADVISOR, cluster()),
      other.gql(MODIFY_ADVISOR, { input: { ...cluster(), advisor: { enabled: false } } }),
    ])) {
      expect(expectGraphQLError(response, 'NOT_FOUND').message).toMatch(/not found/);
    }
    expect((await advisorOf(customer)).features[0]?.enabled).toBe(true);
    // Another customer's cluster of the same name and namespace knows nothing of it.
    const { customer: third } = await customerWithCluster();
    expect(await advisorOf(third)).toMatchObject({ features: [{ status: 'off' }], advisories: [] });
  });
});
