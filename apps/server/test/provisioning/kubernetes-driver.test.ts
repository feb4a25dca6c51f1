import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { readEnvironment } from '../../src/environment.ts';
import { createRuntimeReports } from '../../src/modules/runtime-reports/reports.ts';
import { createClusterApi } from '../../src/provisioning/kubernetes/cluster-api.ts';
import { createStatusWatch } from '../../src/provisioning/kubernetes/watch.ts';
import { RUN_JOB, createJob, jobByName } from '../support/container-jobs.ts';
import {
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  containerByName,
  createContainer,
  waitUntilContainerGone,
} from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually } from '../support/http.ts';
import {
  startKubernetesStandIn,
  type KubeObject,
  type KubernetesStandIn,
} from '../support/kubernetes-stand-in.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { CREATE_VOLUME, DELETE_VOLUME, waitForVolume } from '../support/volumes.ts';

// The Kubernetes driver through the real client library against a local stand-in of the API server: what it
// applies (method, path, server-side apply's content type, field manager and force), and the status that
// flows back through its watches: pods become replicas, the Knative Service's Ready condition ends a deploy,
// a Job and its pod become a run with its log. Deletes wait until the objects are gone.

let cluster: KubernetesStandIn;
let server: TestServer;
let alice: TestCustomer;
let folder: string;
let runtimeNamespace: string;

const KNATIVE = 'serving.knative.dev/v1';

beforeAll(async () => {
  cluster = await startKubernetesStandIn();
  folder = mkdtempSync(path.join(tmpdir(), 'berth-kube-'));
  const kubeconfig = path.join(folder, 'config');
  writeFileSync(kubeconfig, cluster.kubeConfig().exportConfig());
  server = await startServer({ PROVISIONER_DRIVER: 'kubernetes', KUBECONFIG: kubeconfig });
  const shop = await seed(server)
    .customer({ subscriptions: ['serverless-container'] })
    .namespace('shop');
  alice = shop.customer;
  runtimeNamespace = shop.namespace.internalName;
});
afterAll(async () => {
  await server.close();
  await cluster.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The server-side applies of an object, as the stand-in received them. */
function appliesTo(pathSuffix: string) {
  return cluster.requests.filter(
    (request) => request.method === 'PATCH' && request.path.endsWith(pathSuffix),
  );
}

function expectServerSideApply(pathSuffix: string) {
  const [apply] = appliesTo(pathSuffix);
  expect(apply, `an apply of ${pathSuffix}`).toBeDefined();
  expect(apply?.contentType).toBe('application/apply-patch+yaml');
  expect(apply?.query.get('fieldManager')).toBe('berth');
  expect(apply?.query.get('force')).toBe('true');
  return apply;
}

/** A pod of the container's revision as Knative's deployment makes it (the template's labels). */
function pod(name: string, service: KubeObject, status: object): KubeObject {
  const template = (
    service.spec as { template: { metadata: { labels: Record<string, string> }; spec: object } }
  ).template;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: runtimeNamespace,
      labels: { ...template.metadata.labels, 'serving.knative.dev/service': service.metadata.name },
    },
    spec: template.spec,
    status,
  };
}

const running = {
  phase: 'Running',
  containerStatuses: [{ name: 'app', ready: true, state: { running: {} } }],
};
const pulling = {
  phase: 'Pending',
  containerStatuses: [{ name: 'app', ready: false, state: { waiting: { reason: 'ContainerCreating' } } }],
};

describe('the kubernetes driver', () => {
  it('applies the namespace with its quota and network policy by server-side apply', () => {
    expectServerSideApply(`/api/v1/namespaces/${runtimeNamespace}`);
    expectServerSideApply(`/api/v1/namespaces/${runtimeNamespace}/resourcequotas/berth-quota`);
    expectServerSideApply(
      `/apis/networking.k8s.io/v1/namespaces/${runtimeNamespace}/networkpolicies/berth-default-deny`,
    );
    expect(cluster.get('v1', 'Namespace', undefined, runtimeNamespace)?.metadata.labels).toMatchObject({
      'app.kubernetes.io/managed-by': 'berth',
      'berth.dev/namespace': 'shop',
    });
  });

  it('runs a container: replicas from its pods, running once its Knative Service is ready', async () => {
    cluster.clearRequests();
    const created = await createContainer(alice, {
      name: 'web',
      namespace: 'shop',
      image: 'nginx:1.27',
      ports: ['8080'],
      scaling: { manual: { replicas: 2 } },
      environmentVariables: [{ name: 'API_KEY', value: 'k8s-secret-value', secret: true }],
    });
    expect(created).toMatchObject({ state: 'creating', locked: true });
    const service = await eventually('the Knative Service', async () =>
      cluster.get(KNATIVE, 'Service', runtimeNamespace, 'web'),
    );
    const apply = expectServerSideApply(
      `/apis/serving.knative.dev/v1/namespaces/${runtimeNamespace}/services/web`,
    );
    expect(apply?.rawBody).not.toContain('k8s-secret-value');
    expect(apply?.body).toMatchObject({
      spec: {
        template: {
          spec: { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }] },
        },
      },
    });
    expectServerSideApply(`/api/v1/namespaces/${runtimeNamespace}/secrets/container-web-env`);

    cluster.put(pod('web-00001-deployment-a1', service, pulling));
    cluster.put(pod('web-00001-deployment-b2', service, pulling));
    await eventually('two pending replicas', async () => {
      const container = await containerByName(alice, 'shop', 'web');
      return container?.replicas.length === 2 &&
        container.replicas.every((replica) => replica.status === 'pending')
        ? container
        : undefined;
    });
    cluster.put(pod('web-00001-deployment-a1', service, running));
    cluster.put(pod('web-00001-deployment-b2', service, running));
    // Ready, but for an older generation than the one applied: not yet the outcome of this deploy.
    const generation = service.metadata.generation ?? 1;
    cluster.setStatus(KNATIVE, 'Service', runtimeNamespace, 'web', {
      observedGeneration: generation - 1,
      conditions: [{ type: 'Ready', status: 'True' }],
    });
    await eventually('two running replicas', async () => {
      const container = await containerByName(alice, 'shop', 'web');
      return container?.replicas.every((replica) => replica.status === 'running') ? container : undefined;
    });
    expect(await containerByName(alice, 'shop', 'web')).toMatchObject({ state: 'creating', locked: true });
    cluster.setStatus(KNATIVE, 'Service', runtimeNamespace, 'web', {
      observedGeneration: generation,
      conditions: [{ type: 'Ready', status: 'True' }],
    });
    const ready = await eventually('the container running', async () => {
      const container = await containerByName(alice, 'shop', 'web');
      return container?.state === 'running' ? container : undefined;
    });
    expect(ready).toMatchObject({ locked: false, numberOfReplicas: 2, availableReplicas: 2 });
    expect(ready.replicas.map((replica) => replica.name).sort()).toEqual([
      'web-00001-deployment-a1',
      'web-00001-deployment-b2',
    ]);

    // A pod that goes is a replica that stopped, also when the watch had to start again meanwhile.
    const watches = cluster.watchConnections;
    cluster.endWatches();
    await eventually('the watches back', async () =>
      cluster.watchConnections >= watches + 3 ? true : undefined,
    );
    cluster.remove('v1', 'Pod', runtimeNamespace, 'web-00001-deployment-b2');
    await eventually('one replica left', async () =>
      (await containerByName(alice, 'shop', 'web'))?.replicas.length === 1 ? true : undefined,
    );
  });

  it('deploys a change its Knative spec does not show (a secret value) as a new generation', async () => {
    const before = cluster.get(KNATIVE, 'Service', runtimeNamespace, 'web');
    await alice.data(MODIFY_CONTAINER, {
      input: {
        name: 'web',
        namespace: 'shop',
        environmentVariables: [{ name: 'API_KEY', value: 'rotated-secret-value', secret: true }],
      },
    });
    const after = await eventually('the next generation applied', async () => {
      const service = cluster.get(KNATIVE, 'Service', runtimeNamespace, 'web');
      return (service?.metadata.generation ?? 0) > (before?.metadata.generation ?? 0) ? service : undefined;
    });
    const secret = cluster.get('v1', 'Secret', runtimeNamespace, 'container-web-env') as KubeObject & {
      data: Record<string, string>;
    };
    expect(Buffer.from(secret.data.API_KEY ?? '', 'base64').toString()).toBe('rotated-secret-value');
    expect(await containerByName(alice, 'shop', 'web')).toMatchObject({ state: 'updating', locked: true });
    cluster.setStatus(KNATIVE, 'Service', runtimeNamespace, 'web', {
      observedGeneration: after.metadata.generation,
      conditions: [{ type: 'Ready', status: 'True' }],
    });
    await eventually('the change deployed', async () =>
      (await containerByName(alice, 'shop', 'web'))?.state === 'running' ? true : undefined,
    );
  });

  it('records a failed deploy with the reason Knative gives', async () => {
    await createContainer(alice, {
      name: 'broken',
      namespace: 'shop',
      image: 'nginx:does-not-exist',
      ports: ['80'],
    });
    const service = await eventually('the Knative Service', async () =>
      cluster.get(KNATIVE, 'Service', runtimeNamespace, 'broken'),
    );
    cluster.setStatus(KNATIVE, 'Service', runtimeNamespace, 'broken', {
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
      const container = await containerByName(alice, 'shop', 'broken');
      return container?.state === 'failed' ? container : undefined;
    });
    expect(failed.locked).toBe(false);
    const [event] = await queryRows<{ message: string }>(
      server.berth.database.db,
      sql`SELECT message FROM resource_events WHERE type = 'DEPLOY_FAILED' ORDER BY id DESC LIMIT 1`,
    );
    expect(event?.message).toContain('Unable to fetch image');
  });

  it('deletes a container only once its objects are gone', async () => {
    cluster.lingerDeletion(KNATIVE, 'Service');
    await alice.data(DELETE_CONTAINER, { name: 'web', namespace: 'shop' });
    await eventually('the Knative Service being deleted', async () =>
      cluster.get(KNATIVE, 'Service', runtimeNamespace, 'web')?.metadata.deletionTimestamp ? true : undefined,
    );
    const deleteRequest = cluster.requests.find(
      (request) =>
        request.method === 'DELETE' && request.path.endsWith(`/namespaces/${runtimeNamespace}/services/web`),
    );
    expect(deleteRequest?.query.get('propagationPolicy')).toBe('Foreground');
    // Still there, and still the customer's, while the cluster takes it down. Not shown by waiting a while:
    // the provisioner asks again every second (it reads the Service and, while it is still being deleted,
    // tries later), so two more reads of the Service mean a whole retry pass saw it and kept the container.
    const reads = () =>
      cluster.requests.filter(
        (request) =>
          request.method === 'GET' && request.path.endsWith(`/namespaces/${runtimeNamespace}/services/web`),
      ).length;
    const readsBefore = reads();
    await eventually('a later retry of the delete', async () =>
      reads() >= readsBefore + 2 ? true : undefined,
    );
    expect(await containerByName(alice, 'shop', 'web')).toMatchObject({ state: 'deleting' });
    cluster.finishDeletion(KNATIVE, 'Service', runtimeNamespace, 'web');
    await waitUntilContainerGone(alice, 'shop', 'web');
  });

  it('runs a job now as a Job of its CronJob; its pod and conditions make the run, with its log', async () => {
    await createJob(alice, {
      name: 'nightly',
      namespace: 'shop',
      image: 'busybox:1.36',
      resources: 'CPU_250_RAM_500',
      command: ['echo', 'done'],
      schedule: '30 2 * * *',
    });
    await eventually('the CronJob', async () =>
      cluster.get('batch/v1', 'CronJob', runtimeNamespace, 'nightly'),
    );
    expectServerSideApply(`/apis/batch/v1/namespaces/${runtimeNamespace}/cronjobs/nightly`);
    await eventually('the job created', async () =>
      (await jobByName(alice, 'shop', 'nightly'))?.state === 'created' ? true : undefined,
    );
    const { containerJobRun: run } = await alice.data(RUN_JOB, { name: 'nightly', namespace: 'shop' });
    const job = cluster.get('batch/v1', 'Job', runtimeNamespace, run.name);
    expect(job?.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'CronJob',
        name: 'nightly',
        uid: cluster.get('batch/v1', 'CronJob', runtimeNamespace, 'nightly')?.metadata.uid,
      }),
    ]);
    expectServerSideApply(`/apis/batch/v1/namespaces/${runtimeNamespace}/jobs/${run.name}`);

    const started = new Date(Date.now() - 5000).toISOString();
    cluster.setStatus('batch/v1', 'Job', runtimeNamespace, run.name, { startTime: started, active: 1 });
    await eventually('the run running', async () => {
      const current = (await jobByName(alice, 'shop', 'nightly'))?.runs.find(
        (candidate) => candidate.name === run.name,
      );
      return current?.status === 'running' ? current : undefined;
    });
    const podName = `${run.name}-x7k2p`;
    cluster.put({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: podName,
        namespace: runtimeNamespace,
        labels: { ...job?.metadata.labels, 'job-name': run.name },
      },
      status: {
        phase: 'Succeeded',
        containerStatuses: [{ name: 'app', ready: false, state: { terminated: { exitCode: 0 } } }],
      },
    });
    cluster.setPodLog(runtimeNamespace, podName, `${started} done\n${new Date().toISOString()} bye\n`, 'app');
    const completed = new Date().toISOString();
    cluster.setStatus('batch/v1', 'Job', runtimeNamespace, run.name, {
      startTime: started,
      completionTime: completed,
      conditions: [{ type: 'Complete', status: 'True', lastTransitionTime: completed }],
    });
    const finished = await eventually('the run succeeded', async () => {
      const current = (await jobByName(alice, 'shop', 'nightly'))?.runs.find(
        (candidate) => candidate.name === run.name,
      );
      return current?.status === 'succeeded' ? current : undefined;
    });
    expect(finished).toMatchObject({
      trigger: 'MANUAL',
      message: 'Completed',
      startTime: started,
      endTime: completed,
    });
    const lines = await queryRows<{ line: string }>(
      server.berth.database.db,
      sql`SELECT l.line FROM log_lines l JOIN container_job_runs r ON r.id = l.source_id
          WHERE l.source_kind = 'job-run' AND r.name = ${run.name} ORDER BY l.id`,
    );
    expect(lines.map((line) => line.line)).toEqual(['done', 'bye']);
  });

  it('records a run the CronJob started on its schedule', async () => {
    const scheduledAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const name = `nightly-${scheduledAt.getTime() / 60_000}`;
    const cronJob = cluster.get('batch/v1', 'CronJob', runtimeNamespace, 'nightly');
    const template = (cronJob?.spec as { jobTemplate: { metadata: { labels: Record<string, string> } } })
      .jobTemplate;
    cluster.put({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name,
        namespace: runtimeNamespace,
        labels: template.metadata.labels,
        annotations: { 'batch.kubernetes.io/cronjob-scheduled-timestamp': scheduledAt.toISOString() },
      },
      status: { startTime: new Date().toISOString(), active: 1 },
    });
    const recorded = await eventually('the scheduled run', async () =>
      (await jobByName(alice, 'shop', 'nightly'))?.runs.find((candidate) => candidate.name === name),
    );
    expect(recorded).toMatchObject({ trigger: 'SCHEDULE', status: 'running' });
  });

  it('reads deploys in progress again, so news the watch missed is not lost', async () => {
    const driver = server.berth.provisioner.driver;
    await driver.stop?.();
    try {
      // No watch is open once the driver has stopped: the status set below reaches no one (no waiting to
      // see that nothing arrives), and only the resync reads it.
      await eventually('the watches closed', async () => (cluster.openWatches === 0 ? true : undefined));
      await createContainer(alice, { name: 'late', namespace: 'shop', image: 'nginx:1.27', ports: ['80'] });
      const service = await eventually('the Knative Service', async () =>
        cluster.get(KNATIVE, 'Service', runtimeNamespace, 'late'),
      );
      cluster.setStatus(KNATIVE, 'Service', runtimeNamespace, 'late', {
        observedGeneration: service.metadata.generation,
        conditions: [{ type: 'Ready', status: 'True' }],
      });
      expect(cluster.openWatches).toBe(0);
      expect(await containerByName(alice, 'shop', 'late')).toMatchObject({ state: 'creating' });
      const watch = createStatusWatch({
        kubeConfig: cluster.kubeConfig(),
        api: createClusterApi(cluster.kubeConfig()),
        database: server.berth.database,
        reports: createRuntimeReports(),
        log: { warn: () => undefined },
      });
      await watch.resync();
      expect(await containerByName(alice, 'shop', 'late')).toMatchObject({ state: 'running', locked: false });
    } finally {
      await driver.start?.();
    }
  });

  it('applies a volume as a claim and releases it on delete', async () => {
    const { volumeCreate } = await alice.data(CREATE_VOLUME, { name: 'data', namespace: 'shop', size: 10 });
    await waitForVolume(alice, volumeCreate.id, 'created');
    expectServerSideApply(`/api/v1/namespaces/${runtimeNamespace}/persistentvolumeclaims/volume-data`);
    expect(cluster.get('v1', 'PersistentVolumeClaim', runtimeNamespace, 'volume-data')?.spec).toMatchObject({
      resources: { requests: { storage: '10G' } },
    });
    await alice.data(DELETE_VOLUME, { name: 'data', namespace: 'shop' });
    await eventually('the claim gone', async () =>
      cluster.get('v1', 'PersistentVolumeClaim', runtimeNamespace, 'volume-data') ? undefined : true,
    );
  });
});

describe('choosing the cluster', () => {
  it('needs a kubeconfig outside a cluster, and takes the pod service account inside one', () => {
    for (const driver of [{ PROVISIONER_DRIVER: 'kubernetes' }, { DATABASE_CLUSTERS_DRIVER: 'kubernetes' }]) {
      expect(() => readEnvironment(driver)).toThrow(
        'Invalid environment variable KUBECONFIG: required for the kubernetes drivers outside a cluster',
      );
      expect(readEnvironment({ ...driver, KUBERNETES_SERVICE_HOST: '10.96.0.1' })).toMatchObject(driver);
    }
    expect(() => readEnvironment({ KUBERNETES_STORAGE_CLASS: 'Fast_SSD' })).toThrow(
      /KUBERNETES_STORAGE_CLASS/,
    );
  });
});
