import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  containerByName,
  createContainer,
  waitUntilContainerGone,
} from '../support/containers.ts';
import { eventually } from '../support/http.ts';
import type { KubeObject } from '../support/kubernetes-stand-in.ts';
import { KNATIVE, pulling, running, useKubernetesDriverWorld } from './kubernetes-driver-setup.ts';

// The Kubernetes driver through the real client library against a local stand-in of the API server: what it
// applies (method, path, server-side apply's content type, field manager and force), and the status that
// flows back through its watches: pods become replicas, the Knative Service's Ready condition ends a deploy,
// a Job and its pod become a run with its log (kubernetes-driver-jobs-and-volumes.test.ts). Deletes wait until
// the objects are gone.

const { world, expectServerSideApply, pod, anotherProcessWatch } = useKubernetesDriverWorld();

describe('the kubernetes driver', () => {
  it('applies the namespace with its quota and network policy by server-side apply', () => {
    expectServerSideApply(`/api/v1/namespaces/${world.runtimeNamespace}`);
    expectServerSideApply(`/api/v1/namespaces/${world.runtimeNamespace}/resourcequotas/berth-quota`);
    expectServerSideApply(
      `/apis/networking.k8s.io/v1/namespaces/${world.runtimeNamespace}/networkpolicies/berth-default-deny`,
    );
    expect(
      world.cluster.get('v1', 'Namespace', undefined, world.runtimeNamespace)?.metadata.labels,
    ).toMatchObject({
      'app.kubernetes.io/managed-by': 'berth',
      'berth.dev/namespace': 'shop',
    });
  });

  it('runs a container: replicas from its pods, running once its Knative Service is ready', async () => {
    world.cluster.clearRequests();
    const created = await createContainer(world.alice, {
      name: 'web',
      namespace: 'shop',
      image: 'nginx:1.27',
      ports: ['8080'],
      scaling: { manual: { replicas: 2 } },
      environmentVariables: [{ name: 'API_KEY', value: 'k8s-secret-value', secret: true }],
    });
    expect(created).toMatchObject({ state: 'creating', locked: true });
    const service = await eventually('the Knative Service', async () =>
      world.cluster.get(KNATIVE, 'Service', world.runtimeNamespace, 'web'),
    );
    const apply = expectServerSideApply(
      `/apis/serving.knative.dev/v1/namespaces/${world.runtimeNamespace}/services/web`,
    );
    expect(apply?.rawBody).not.toContain('k8s-secret-value');
    expect(apply?.body).toMatchObject({
      spec: {
        template: {
          spec: { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }] },
        },
      },
    });
    expectServerSideApply(`/api/v1/namespaces/${world.runtimeNamespace}/secrets/container-web-env`);

    world.cluster.put(pod('web-00001-deployment-a1', service, pulling));
    world.cluster.put(pod('web-00001-deployment-b2', service, pulling));
    await eventually('two pending replicas', async () => {
      const container = await containerByName(world.alice, 'shop', 'web');
      return container?.replicas.length === 2 &&
        container.replicas.every((replica) => replica.status === 'pending')
        ? container
        : undefined;
    });
    world.cluster.put(pod('web-00001-deployment-a1', service, running));
    world.cluster.put(pod('web-00001-deployment-b2', service, running));
    // Ready, but for an older generation than the one applied: not yet the outcome of this deploy.
    const generation = service.metadata.generation ?? 1;
    world.cluster.setStatus(KNATIVE, 'Service', world.runtimeNamespace, 'web', {
      observedGeneration: generation - 1,
      conditions: [{ type: 'Ready', status: 'True' }],
    });
    await eventually('two running replicas', async () => {
      const container = await containerByName(world.alice, 'shop', 'web');
      return container?.replicas.every((replica) => replica.status === 'running') ? container : undefined;
    });
    expect(await containerByName(world.alice, 'shop', 'web')).toMatchObject({
      state: 'creating',
      locked: true,
    });
    world.cluster.setStatus(KNATIVE, 'Service', world.runtimeNamespace, 'web', {
      observedGeneration: generation,
      conditions: [{ type: 'Ready', status: 'True' }],
    });
    const ready = await eventually('the container running', async () => {
      const container = await containerByName(world.alice, 'shop', 'web');
      return container?.state === 'running' ? container : undefined;
    });
    expect(ready).toMatchObject({ locked: false, numberOfReplicas: 2, availableReplicas: 2 });
    expect(ready.replicas.map((replica) => replica.name).sort()).toEqual([
      'web-00001-deployment-a1',
      'web-00001-deployment-b2',
    ]);

    // A pod that goes is a replica that stopped, also when the watch had to start again meanwhile.
    const watches = world.cluster.watchConnections;
    world.cluster.endWatches();
    await eventually('the watches back', async () =>
      world.cluster.watchConnections >= watches + 3 ? true : undefined,
    );
    world.cluster.remove('v1', 'Pod', world.runtimeNamespace, 'web-00001-deployment-b2');
    await eventually('one replica left', async () =>
      (await containerByName(world.alice, 'shop', 'web'))?.replicas.length === 1 ? true : undefined,
    );
  });

  it('deploys a change its Knative spec does not show (a secret value) as a new generation', async () => {
    const before = world.cluster.get(KNATIVE, 'Service', world.runtimeNamespace, 'web');
    await world.alice.data(MODIFY_CONTAINER, {
      input: {
        name: 'web',
        namespace: 'shop',
        environmentVariables: [{ name: 'API_KEY', value: 'rotated-secret-value', secret: true }],
      },
    });
    const after = await eventually('the next generation applied', async () => {
      const service = world.cluster.get(KNATIVE, 'Service', world.runtimeNamespace, 'web');
      return (service?.metadata.generation ?? 0) > (before?.metadata.generation ?? 0) ? service : undefined;
    });
    const secret = world.cluster.get(
      'v1',
      'Secret',
      world.runtimeNamespace,
      'container-web-env',
    ) as KubeObject & {
      data: Record<string, string>;
    };
    expect(Buffer.from(secret.data.API_KEY ?? '', 'base64').toString()).toBe('rotated-secret-value');
    expect(await containerByName(world.alice, 'shop', 'web')).toMatchObject({
      state: 'updating',
      locked: true,
    });
    world.cluster.setStatus(KNATIVE, 'Service', world.runtimeNamespace, 'web', {
      observedGeneration: after.metadata.generation,
      conditions: [{ type: 'Ready', status: 'True' }],
    });
    await eventually('the change deployed', async () =>
      (await containerByName(world.alice, 'shop', 'web'))?.state === 'running' ? true : undefined,
    );
  });

  it('records a failed deploy with the reason Knative gives', async () => {
    await createContainer(world.alice, {
      name: 'broken',
      namespace: 'shop',
      image: 'nginx:does-not-exist',
      ports: ['80'],
    });
    const service = await eventually('the Knative Service', async () =>
      world.cluster.get(KNATIVE, 'Service', world.runtimeNamespace, 'broken'),
    );
    world.cluster.setStatus(KNATIVE, 'Service', world.runtimeNamespace, 'broken', {
      observedGeneration: service.metadata.generation,
      conditions: [
        {
          type: 'Ready',
          status: 'False',
          reason: 'RevisionFailed',
          message: 'Unable to fetch image "nginx:does-not-exist"',
        },
      ],
    });
    const failed = await eventually('the container failed', async () => {
      const container = await containerByName(world.alice, 'shop', 'broken');
      return container?.state === 'failed' ? container : undefined;
    });
    expect(failed.locked).toBe(false);
    const [event] = await queryRows<{ message: string }>(
      world.server.berth.database.db,
      sql`SELECT message FROM resource_events WHERE type = 'DEPLOY_FAILED' ORDER BY id DESC LIMIT 1`,
    );
    expect(event?.message).toContain('Unable to fetch image');
  });

  it('deletes a container only once its objects are gone', async () => {
    world.cluster.lingerDeletion(KNATIVE, 'Service');
    await world.alice.data(DELETE_CONTAINER, { name: 'web', namespace: 'shop' });
    await eventually('the Knative Service being deleted', async () =>
      world.cluster.get(KNATIVE, 'Service', world.runtimeNamespace, 'web')?.metadata.deletionTimestamp
        ? true
        : undefined,
    );
    const deleteRequest = world.cluster.requests.find(
      (request) =>
        request.method === 'DELETE' &&
        request.path.endsWith(`/namespaces/${world.runtimeNamespace}/services/web`),
    );
    expect(deleteRequest?.query.get('propagationPolicy')).toBe('Foreground');
    // Still there, and still the customer's, while the cluster takes it down. Not shown by waiting a while:
    // the provisioner asks again every second (it reads the Service and, while it is still being deleted,
    // tries later), so two more reads of the Service mean a whole retry pass saw it and kept the container.
    const reads = () =>
      world.cluster.requests.filter(
        (request) =>
          request.method === 'GET' &&
          request.path.endsWith(`/namespaces/${world.runtimeNamespace}/services/web`),
      ).length;
    const readsBefore = reads();
    await eventually('a later retry of the delete', async () =>
      reads() >= readsBefore + 2 ? true : undefined,
    );
    expect(await containerByName(world.alice, 'shop', 'web')).toMatchObject({ state: 'deleting' });
    world.cluster.finishDeletion(KNATIVE, 'Service', world.runtimeNamespace, 'web');
    await waitUntilContainerGone(world.alice, 'shop', 'web');
  });

  it('reads deploys in progress again, so news the watch missed is not lost', async () => {
    const driver = world.server.berth.provisioner.driver;
    await driver.stop?.();
    try {
      // No watch is open once the driver has stopped: the status set below reaches no one (no waiting to
      // see that nothing arrives), and only the resync reads it.
      await eventually('the watches closed', async () =>
        world.cluster.openWatches === 0 ? true : undefined,
      );
      await createContainer(world.alice, {
        name: 'late',
        namespace: 'shop',
        image: 'nginx:1.27',
        ports: ['80'],
      });
      const service = await eventually('the Knative Service', async () =>
        world.cluster.get(KNATIVE, 'Service', world.runtimeNamespace, 'late'),
      );
      world.cluster.setStatus(KNATIVE, 'Service', world.runtimeNamespace, 'late', {
        observedGeneration: service.metadata.generation,
        conditions: [{ type: 'Ready', status: 'True' }],
      });
      expect(world.cluster.openWatches).toBe(0);
      expect(await containerByName(world.alice, 'shop', 'late')).toMatchObject({ state: 'creating' });
      const watch = anotherProcessWatch();
      // The Service can be on the cluster a moment before the task that applied it commits; until then the
      // deploy is not in progress yet, and the next resync (the driver's loop makes one now and then) finds it.
      const found = await eventually('a resync to find the deploy done', async () => {
        await watch.resync();
        const late = await containerByName(world.alice, 'shop', 'late');
        return late.state === 'running' ? late : undefined;
      });
      expect(found).toMatchObject({ state: 'running', locked: false });
    } finally {
      await driver.start?.();
    }
  });
});
