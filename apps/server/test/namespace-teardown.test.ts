import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_JOB } from './support/container-jobs.ts';
import { CREATE_CONTAINER, readyNamespace, waitForContainer } from './support/containers.ts';
import { createCustomer, type TestCustomer } from './support/customers.ts';
import { eventually, expectGraphQLError } from './support/http.ts';
import { whileProvisionerPaused } from './support/provisioner.ts';
import { AUDIT_LOGS, type AuditLogView } from './support/queries.ts';
import { startServer, type TestServer } from './support/server.ts';

// namespaceDelete with deleteResources: everything in the namespace goes in one request, each resource on
// its own asynchronous path and in dependency order: containers and jobs, then the volumes and registries
// they used, then the namespace.

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ SIMULATED_DELAY_MS: '150' });
});
afterAll(() => server.close());

const TEARDOWN = `mutation Teardown($name: String!) { namespaceDelete(namespace: { name: $name, deleteResources: true }) }`;
const TREE = `query Tree($name: String!) { namespace(name: $name) { state locked
  containers { name state } containerJobs { name state } volumes { name state } privateRegistries { name state } } }`;

interface Tree {
  state: string;
  locked: boolean;
  containers: { name: string; state: string }[];
  containerJobs: { name: string; state: string }[];
  volumes: { name: string; state: string }[];
  privateRegistries: { name: string; state: string }[];
}

async function tree(customer: TestCustomer, name: string): Promise<Tree | undefined> {
  const { body } = await customer.gql<{ namespace: Tree }>(TREE, { name });
  if (body.errors?.[0]?.extensions?.code === 'NOT_FOUND') return undefined;
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.namespace;
}

/** A namespace holding a registry, a volume, a container using both and a job mounting the volume. */
async function filledNamespace(customer: TestCustomer, name: string) {
  await readyNamespace(server.url, customer, name);
  await customer.data(
    `mutation($ns: String!) { registryConnectionCreate(registryInput: { namespace: $ns, name: "private", source: "ghcr.io/acme", username: "u", password: "p", verify: false }) { id } }`,
    { ns: name },
  );
  await customer.data(CREATE_CONTAINER, {
    input: {
      name: 'web',
      namespace: name,
      image: 'ghcr.io/acme/web:1',
      registry: 'private',
      ports: ['80'],
      mounts: [{ path: '/data', volume: { name: 'data', size: 1 } }],
    },
  });
  await customer.data(CREATE_JOB, {
    input: {
      name: 'nightly',
      namespace: name,
      image: 'busybox',
      resources: 'CPU_250_RAM_500',
      schedule: '0 3 * * *',
      mounts: [{ path: '/data', volume: { name: 'data' } }],
    },
  });
  await waitForContainer(customer, name, 'web', 'running');
  await eventually('everything to settle', async () => {
    const current = await tree(customer, name);
    const all = [
      ...(current?.containerJobs ?? []),
      ...(current?.volumes ?? []),
      ...(current?.privateRegistries ?? []),
    ];
    return all.length === 3 && all.every((item) => item.state !== 'creating') ? true : undefined;
  });
}

describe('deleting a namespace with everything in it', () => {
  it('deletes containers and jobs first, then the volumes and registries they used, then the namespace', async () => {
    const customer = await createCustomer(server, { subscriptions: ['serverless-container'] });
    await filledNamespace(customer, 'shop');

    // Seen at once (the provisioner held still): everything is being deleted.
    await whileProvisionerPaused(server, async () => {
      const answer = await customer.data<{ namespaceDelete: boolean }>(TEARDOWN, { name: 'shop' });
      expect(answer.namespaceDelete).toBe(true);
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
    const seen: Tree[] = [];
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
    const { auditLogs } = await customer.data<{ auditLogs: AuditLogView[] }>(AUDIT_LOGS, {
      customerId: String(customer.customerId),
    });
    const deleted = auditLogs.filter((entry) => entry.eventType === 'delete').map((entry) => entry.modelName);
    expect(deleted.sort()).toEqual(['Container', 'ContainerJob', 'Namespace', 'PrivateRegistry', 'Volume']);
    expect(
      auditLogs
        .filter((entry) => entry.eventType === 'delete')
        .every((entry) => entry.account?.email === customer.email),
    ).toBe(true);
  });

  it('is refused with CONFLICT while something in it is being changed, and changes nothing', async () => {
    const customer = await createCustomer(server, { subscriptions: ['serverless-container'] });
    await readyNamespace(server.url, customer, 'busy');
    await whileProvisionerPaused(server, async () => {
      await customer.data(CREATE_CONTAINER, { input: { name: 'web', namespace: 'busy', image: 'nginx' } });
      const error = expectGraphQLError(await customer.gql(TEARDOWN, { name: 'busy' }), 'CONFLICT');
      expect(error.message).toBe('Container web is being changed (creating); try again when it is done');
      expect(await tree(customer, 'busy')).toMatchObject({
        state: 'created',
        locked: false,
        containers: [{ name: 'web', state: 'creating' }],
      });
    });
  });

  it('still refuses a namespace with contents when deleteResources is not given', async () => {
    const customer = await createCustomer(server, { subscriptions: ['serverless-container'] });
    await readyNamespace(server.url, customer, 'kept');
    await customer.data(CREATE_CONTAINER, { input: { name: 'web', namespace: 'kept', image: 'nginx' } });
    await waitForContainer(customer, 'kept', 'web', 'running');
    const error = expectGraphQLError(
      await customer.gql(`mutation { namespaceDelete(namespace: { name: "kept" }) }`),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('Namespace kept still holds 1 container; delete them first');
    expect((await tree(customer, 'kept'))?.containers).toEqual([{ name: 'web', state: 'running' }]);
  });

  it("gives another customer's namespace as not found and deletes nothing of it", async () => {
    const owner = await createCustomer(server, { subscriptions: ['serverless-container'] });
    const other = await createCustomer(server, { subscriptions: ['serverless-container'] });
    await readyNamespace(server.url, owner, 'mine');
    await owner.data(CREATE_CONTAINER, { input: { name: 'web', namespace: 'mine', image: 'nginx' } });
    await waitForContainer(owner, 'mine', 'web', 'running');
    const error = expectGraphQLError(await other.gql(TEARDOWN, { name: 'mine' }), 'NOT_FOUND');
    expect(error.message).toBe('Namespace mine not found');
    expect(await tree(owner, 'mine')).toMatchObject({
      state: 'created',
      containers: [{ name: 'web', state: 'running' }],
    });
  });
});
