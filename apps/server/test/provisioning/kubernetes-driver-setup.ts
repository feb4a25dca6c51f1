import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createRuntimeReports } from '../../src/modules/runtime-reports/reports.ts';
import { createClusterApi } from '../../src/provisioning/kubernetes/cluster-api.ts';
import { createStatusWatch } from '../../src/provisioning/kubernetes/watch.ts';
import type { ContainerCreateInput } from '../generated/graphql.ts';
import { createContainer } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually } from '../support/http.ts';
import {
  startKubernetesStandIn,
  type KubeObject,
  type KubernetesStandIn,
} from '../support/kubernetes-stand-in.ts';
import { startPrometheusStandIn, type PrometheusStandIn } from '../support/prometheus-stand-in.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// What the Kubernetes driver's tests share: a server of the file's own whose driver talks to a local stand-in
// of the API server, Alice's namespace `shop` on it, and what the stand-in received or a controller would make.

/** Set up before the file's tests, closed after them: read as `world.cluster` and so on in a test. */
export interface KubernetesDriverWorld {
  cluster: KubernetesStandIn;
  server: TestServer;
  alice: TestCustomer;
  /** The Kubernetes namespace of Alice's namespace `shop`. */
  runtimeNamespace: string;
  /** The cluster's Prometheus (KUBERNETES_PROMETHEUS_URL), with `prometheus: true` only. */
  prometheus: PrometheusStandIn;
}

export const KNATIVE = 'serving.knative.dev/v1';

export const running = {
  phase: 'Running',
  containerStatuses: [{ name: 'app', ready: true, state: { running: {} } }],
};
export const pulling = {
  phase: 'Pending',
  containerStatuses: [{ name: 'app', ready: false, state: { waiting: { reason: 'ContainerCreating' } } }],
};

/**
 * `env`: more of the server's settings (a shorter KUBERNETES_METRICS_INTERVAL_MS); `metricsApi: false`: a cluster
 * without metrics-server; `prometheus: true`: a Prometheus stand-in the server asks for requests per second.
 */
export function useKubernetesDriverWorld(
  options: { env?: Record<string, string>; metricsApi?: boolean; prometheus?: boolean } = {},
) {
  const world = {} as KubernetesDriverWorld;
  let folder: string;

  beforeAll(async () => {
    world.cluster = await startKubernetesStandIn();
    if (options.metricsApi === false) world.cluster.withoutMetricsApi();
    if (options.prometheus) world.prometheus = await startPrometheusStandIn();
    folder = mkdtempSync(path.join(tmpdir(), 'berth-kube-'));
    const kubeconfig = path.join(folder, 'config');
    writeFileSync(kubeconfig, world.cluster.kubeConfig().exportConfig());
    world.server = await startServer({
      PROVISIONER_DRIVER: 'kubernetes',
      KUBECONFIG: kubeconfig,
      ...(options.prometheus ? { KUBERNETES_PROMETHEUS_URL: world.prometheus.url } : {}),
      ...options.env,
    });
    const shop = await seed(world.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('shop');
    world.alice = shop.customer;
    world.runtimeNamespace = shop.namespace.internalName;
  });
  afterAll(async () => {
    await world.server.close();
    await world.cluster.close();
    if (options.prometheus) await world.prometheus.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The server-side applies of an object, as the stand-in received them. */
  function appliesTo(pathSuffix: string) {
    return world.cluster.requests.filter(
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
        namespace: world.runtimeNamespace,
        labels: { ...template.metadata.labels, 'serving.knative.dev/service': service.metadata.name },
      },
      spec: template.spec,
      status,
    };
  }

  /** Creates Alice's container in `shop` and resolves with its Knative Service once applied. */
  async function deployedService(input: Omit<ContainerCreateInput, 'namespace'>): Promise<KubeObject> {
    await createContainer(world.alice, { namespace: 'shop', ...input });
    return eventually('the Knative Service', async () =>
      world.cluster.get(KNATIVE, 'Service', world.runtimeNamespace, input.name),
    );
  }

  /** The status watches another Berth process on the same database and cluster would run (not started). */
  const anotherProcessWatch = () =>
    createStatusWatch({
      kubeConfig: world.cluster.kubeConfig(),
      api: createClusterApi(world.cluster.kubeConfig()),
      database: world.server.berth.database,
      reports: createRuntimeReports(),
      log: { warn: () => undefined },
    });

  return { world, appliesTo, expectServerSideApply, pod, deployedService, anotherProcessWatch };
}
