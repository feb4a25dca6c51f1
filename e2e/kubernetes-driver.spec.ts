import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../apps/server/test/support/ports.ts';
import {
  startKubernetesStandIn,
  type KubeObject,
  type KubernetesStandIn,
} from '../apps/server/test/support/kubernetes-stand-in.ts';
import { adminIn, createCustomerIn } from './support/admin.ts';
import { startBerthServer } from './support/berth-server.ts';
import { platformRequest } from './support/platform.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// Berth on Kubernetes (issue 29): a server of its own with the kubernetes runtime driver, against the stand-in
// of the API server that the driver's tests use. The test plays the cluster's controllers (Knative makes the
// pod, the kubelet writes its log, metrics-server measures it); the customer sees the replica's log lines
// arrive live in the logs tab and its CPU and memory drawn in the metrics tab.

const KNATIVE = 'serving.knative.dev/v1';

/** The pod Knative's deployment makes of the Service's template, running and ready. */
function runningPod(service: KubeObject, name: string): KubeObject {
  const template = (service.spec as { template: { metadata: { labels: Record<string, string> } } }).template;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: service.metadata.namespace,
      labels: { ...template.metadata.labels, 'serving.knative.dev/service': service.metadata.name },
    },
    status: {
      phase: 'Running',
      containerStatuses: [{ name: 'app', ready: true, state: { running: {} } }],
    },
  };
}

/** What metrics-server reports of the pod: 200 millicores and 300 MiB of the workload container. */
function podMetrics(pod: KubeObject): KubeObject {
  return {
    apiVersion: 'metrics.k8s.io/v1beta1',
    kind: 'PodMetrics',
    metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace, labels: pod.metadata.labels },
    timestamp: new Date().toISOString(),
    window: '15s',
    containers: [{ name: 'app', usage: { cpu: '200m', memory: '307200Ki' } }],
  };
}

test.describe('Berth on the kubernetes driver', () => {
  let cluster: KubernetesStandIn;
  let folder: string;
  let baseUrl: string;
  let stopServer: () => Promise<void>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startKubernetesStandIn();
    folder = await mkdtemp(path.join(tmpdir(), 'berth-e2e-kubernetes-'));
    const kubeconfig = path.join(folder, 'kubeconfig');
    await writeFile(kubeconfig, cluster.kubeConfig().exportConfig());
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    const server = await startBerthServer({
      port,
      dataDir: path.join(folder, 'data'),
      env: {
        PUBLIC_URL: baseUrl,
        PROVISIONER_DRIVER: 'kubernetes',
        KUBECONFIG: kubeconfig,
        // Sampled every few seconds rather than every minute, so the chart fills while the test waits.
        KUBERNETES_METRICS_INTERVAL_MS: '2000',
        // Its own PGlite data, whatever database the other browser tests use.
        DATABASE_URL: '',
      },
    });
    stopServer = () => server.stop();
  });

  test.afterAll(async () => {
    await stopServer?.();
    await cluster?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test("a customer sees a replica's log lines live and its metrics, from the cluster", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
    const dataDir = path.join(folder, 'data');
    const customer = await createCustomerIn(dataDir, 'kubernetes', 'Kim Kubernetes');
    await adminIn(
      dataDir,
      'subscription',
      'grant',
      '--email',
      customer.email,
      '--product',
      'serverless-container',
    );
    await openSignedIn(page, namespacesPath, customer);
    await createNamespace(page, 'orbit');
    await platformRequest(
      page,
      `mutation ($input: ContainerCreateInput!) { containerCreate(containerInput: $input) { name } }`,
      { input: { name: 'web', namespace: 'orbit', image: 'nginx:1.27', ports: ['8080'] } },
    );

    const podName = 'web-00001-deployment-7f9c4';
    await test.step('the cluster runs it: the Service is ready, its pod writes its log', async () => {
      await expect.poll(() => cluster.list(KNATIVE, 'Service').length, { timeout: 30_000 }).toBe(1);
      const [service] = cluster.list(KNATIVE, 'Service');
      if (!service) throw new Error('no Knative Service');
      const namespace = service.metadata.namespace;
      cluster.setStatus(KNATIVE, 'Service', namespace, 'web', {
        observedGeneration: service.metadata.generation,
        conditions: [{ type: 'Ready', status: 'True' }],
      });
      cluster.writePodLog(namespace ?? '', podName, [
        'nginx: the configuration file /etc/nginx/nginx.conf syntax is ok',
        'start worker processes',
      ]);
      const pod = cluster.put(runningPod(service, podName));
      cluster.put(podMetrics(pod));
    });

    const lines = page.getByRole('region', { name: 'Log lines' });
    await test.step('the logs tab shows the lines the pod wrote, and the next one as it comes', async () => {
      await page.goto(`${namespacesPath}/orbit/container/web/logs`);
      await expect(page).toHaveTitle(/^Logs · web · orbit/);
      await expect(lines.getByText('start worker processes')).toBeVisible({ timeout: 30_000 });
      await expect(lines.getByText(podName).first()).toBeVisible();
      await expect(page.getByRole('status').getByText('Following')).toBeVisible();
      const namespace = cluster.list('v1', 'Pod')[0]?.metadata.namespace ?? '';
      cluster.writePodLog(namespace, podName, ['10.0.0.7 - - "GET /orders HTTP/1.1" 200 512']);
      await expect(lines.getByText('"GET /orders HTTP/1.1" 200')).toBeVisible({ timeout: 15_000 });
      await expectAccessible(page);
      await captureScreens(page, 'kubernetes-logs');
    });

    await test.step("the metrics tab draws the replica's CPU and memory from the metrics API", async () => {
      await page.getByRole('tab', { name: 'Metrics' }).click();
      await expect(page).toHaveURL(`${namespacesPath}/orbit/container/web/metrics`);
      const cpu = page.getByRole('region', { name: 'CPU' });
      const memory = page.getByRole('region', { name: 'Memory' });
      // 200 of the default size's 250 millicores; 300 MiB is 314.6 MB.
      await expect(cpu.getByText('Latest 80 %, peak 80 %')).toBeVisible({ timeout: 30_000 });
      await expect(memory.getByText('Latest 315 MB, peak 315 MB')).toBeVisible();
      await expect(cpu.getByRole('img', { name: 'CPU over the last hour' })).toBeVisible();
      await expectAccessible(page);
      await captureScreens(page, 'kubernetes-metrics');
    });
  });
});
