import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { CREATE_CONTAINER } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually, expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { auditLogs, DELETE_NAMESPACE } from '../support/queries.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// namespaceDelete with deleteResources: everything in the namespace goes in one request, each resource on
// its own asynchronous path and in dependency order: containers and jobs, then the volumes and registries
// they used, then the namespace.

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ SIMULATED_DELAY_MS: '150' });
});
afterAll(() => server.close());

const TREE = graphql(`
  query NamespaceTree($name: String!) {
    namespace(name: $name) {
      state
      locked
      containers {
        name
        state
      }
      containerJobs {
        name
        state
      }
      volumes {
        name
        state
      }
      privateRegistries {
        name
        state
      }
    }
  }
`);

const teardown = (customer: TestCustomer, name: string) =>
  customer.gql(DELETE_NAMESPACE, { name, deleteResources: true });

const namespaceOf = (name: string) =>
  seed(server)
    .customer({ subscriptions: ['serverless-container'] })
    .namespace(name);

/** What the namespace holds, or undefined once it is gone. */
async function tree(customer: TestCustomer, name: string) {
  const { body } = await customer.gql(TREE, { name });
  if (body.errors?.[0]?.extensions?.code === 'NOT_FOUND') return undefined;
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  const { containers, volumes, ...rest } = body.data.namespace;
  if (!containers || !volumes) throw new Error(`namespace ${name} answered no container or volume list`);
  return { ...rest, containers, volumes };
}

/** A namespace holding a registry, a volume, a container using both and a job mounting the volume. */
async function filledNamespace(name: string) {
  const namespace = await namespaceOf(name);
  await namespace.registry({ name: 'private', source: 'ghcr.io/acme' });
  await namespace.volume('data', 1);
  const mounts = [{ path: '/data', volume: { name: 'data' } }];
  await namespace.container({
    name: 'web',
    image: 'ghcr.io/acme/web:1',
    registry: 'private',
    ports: ['80'],
    mounts,
  });
  await namespace.job({
    name: 'nightly',
    image: 'busybox',
    resources: 'CPU_250_RAM_500',
    schedule: '0 3 * * *',
    mounts,
  });
  return namespace.customer;
}

describe('deleting a namespace with everything in it', () => {
  it('deletes containers and jobs first, then the volumes and registries they used, then the namespace', async () => {
    const customer = await filledNamespace('shop');

    // Seen at once (the provisioner held still): everything is being deleted.
    await whileProvisionerPaused(server, async () => {
      const answer = await teardown(customer, 'shop');
      expect(answer.body.data?.namespaceDelete).toBe(true);
      expect(await tree(customer, 'shop')).toMatchObject({
        state: 'deleting',
        locked: true,
        containers: [{ name: 'web', state: 'deleting' }],
        containerJobs: [{ name: 'nightly', state: 'deleting' }],
        volumes: [{ name: 'data', state: 'deleting' }],
        privateRegistries: [{ name: 'private', state: 'deleting' }],
      });
    });

    // Watched until the namespace is gone: a volume or registry never goes while a workload using it is there.
    const seen: NonNullable<Awaited<ReturnType<typeof tree>>>[] = [];
    await eventually(
      'the namespace to be gone',
      async () => {
        const current = await tree(customer, 'shop');
        if (current) seen.push(current);
        return current ? undefined : true;
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    );
    for (const snapshot of seen) {
      const workloads = snapshot.containers.length + snapshot.containerJobs.length;
      if (workloads > 0) {
        expect(snapshot.volumes).toHaveLength(1);
        expect(snapshot.privateRegistries).toHaveLength(1);
      }
    }
    expect(seen.some((snapshot) => snapshot.containers.length === 0 && snapshot.volumes.length === 1)).toBe(
      true,
    );

    // Each deletion is on the audit log, by the customer who asked.
    const entries = await auditLogs(customer);
    const deleted = entries.filter((entry) => entry.eventType === 'delete').map((entry) => entry.modelName);
    expect(deleted.sort()).toEqual(['Container', 'ContainerJob', 'Namespace', 'PrivateRegistry', 'Volume']);
    expect(
      entries
        .filter((entry) => entry.eventType === 'delete')
        .every((entry) => entry.account?.email === customer.email),
    ).toBe(true);
  });

  it('is refused with CONFLICT while something in it is being changed, and changes nothing', async () => {
    const { customer } = await namespaceOf('busy');
    await whileProvisionerPaused(server, async () => {
      await customer.data(CREATE_CONTAINER, { input: { name: 'web', namespace: 'busy', image: 'nginx' } });
      const error = expectGraphQLError(await teardown(customer, 'busy'), 'CONFLICT');
      expect(error.message).toBe('Container web is being changed (creating); try again when it is done');
      expect(await tree(customer, 'busy')).toMatchObject({
        state: 'created',
        locked: false,
        containers: [{ name: 'web', state: 'creating' }],
      });
    });
  });

  it('still refuses a namespace with contents when deleteResources is not given', async () => {
    const kept = await namespaceOf('kept');
    const { customer } = kept;
    await kept.container({ name: 'web', image: 'nginx' });
    const error = expectGraphQLError(
      await customer.gql(DELETE_NAMESPACE, { name: 'kept' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('Namespace kept still holds 1 container; delete them first');
    expect((await tree(customer, 'kept'))?.containers).toEqual([{ name: 'web', state: 'running' }]);
  });

  it("gives another customer's namespace as not found and deletes nothing of it", async () => {
    const mine = await namespaceOf('mine');
    const owner = mine.customer;
    const other = await seed(server).customer({ subscriptions: ['serverless-container'] });
    await mine.container({ name: 'web', image: 'nginx' });
    const error = expectGraphQLError(await teardown(other, 'mine'), 'NOT_FOUND');
    expect(error.message).toBe('Namespace mine not found');
    expect(await tree(owner, 'mine')).toMatchObject({
      state: 'created',
      containers: [{ name: 'web', state: 'running' }],
    });
  });
});
