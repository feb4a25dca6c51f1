import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, readKustomization, render, type Rendered } from '../support/kustomize.ts';
import { run } from '../support/process.ts';
import { KUBERNETES, OVERLAY, find, imageSettings, server, serverEnvironment } from './setup.ts';

// What operators depend on in deploy/kubernetes's example overlay, rendered as `kubectl apply -k` would
// (support/kustomize.ts): replicas and disruptions, probes, draining, the pods' security, the image, the
// route in, the runtime driver's permissions and Berth's own database.

/** What the runtime driver does on a cluster (issue 17, "The driver"): each must be allowed cluster-wide. */
const MANAGED = ['get', 'list', 'watch', 'create', 'patch', 'update', 'delete'];
const READ = ['get', 'list', 'watch'];
const DRIVER_NEEDS: { group: string; resource: string; verbs: string[] }[] = [
  ...['namespaces', 'resourcequotas', 'secrets', 'services', 'persistentvolumeclaims'].map((resource) => ({
    group: '',
    resource,
    verbs: MANAGED,
  })),
  { group: '', resource: 'pods', verbs: READ },
  { group: '', resource: 'pods/log', verbs: ['get'] },
  { group: '', resource: 'events', verbs: READ },
  { group: 'networking.k8s.io', resource: 'networkpolicies', verbs: MANAGED },
  { group: 'batch', resource: 'cronjobs', verbs: MANAGED },
  { group: 'batch', resource: 'jobs', verbs: MANAGED },
  { group: 'serving.knative.dev', resource: 'services', verbs: MANAGED },
  { group: 'serving.knative.dev', resource: 'domainmappings', verbs: MANAGED },
  { group: 'postgresql.cnpg.io', resource: 'clusters', verbs: MANAGED },
  { group: 'postgresql.cnpg.io', resource: 'databases', verbs: MANAGED },
  { group: 'metrics.k8s.io', resource: 'pods', verbs: ['get', 'list'] },
];

describe('deploy/kubernetes: what operators depend on (example overlay)', () => {
  const objects = render(OVERLAY);
  const { deployment, template, container } = server(objects);
  const spec = deployment.spec as {
    replicas: number;
    selector: { matchLabels: Record<string, string> };
    strategy: { rollingUpdate: { maxUnavailable: number } };
  };
  const selects = (selector: Record<string, string>) =>
    Object.entries(selector).every(([label, value]) => template.metadata.labels[label] === value);
  const httpPort = container.ports?.find((port) => port.containerPort === 8080);

  it('runs two replicas, replaced one at a time without going below two, one evicted at a time', () => {
    expect(spec.replicas).toBe(2);
    expect(spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(selects(spec.selector.matchLabels)).toBe(true);
    const budget = find(objects, 'PodDisruptionBudget').spec as {
      minAvailable: number;
      selector: { matchLabels: Record<string, string> };
    };
    expect(budget.minAvailable).toBe(1);
    expect(selects(budget.selector.matchLabels)).toBe(true);
  });

  it('probes /healthz on the server’s port 8080', () => {
    expect(httpPort).toBeDefined();
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      const { httpGet } = container[probe] as { httpGet: { path: string; port: string | number } };
      expect(httpGet.path, probe).toBe('/healthz');
      expect([httpPort?.name, httpPort?.containerPort], probe).toContain(httpGet.port);
    }
  });

  it('lets a stopping pod drain: preStop sleep, then the server’s own stop, within the grace period', () => {
    const grace = (template.spec.terminationGracePeriodSeconds as number) * 1000;
    const preStop = (container.lifecycle as { preStop: { sleep: { seconds: number } } }).preStop.sleep;
    const { env } = serverEnvironment(container);
    // Endpoints and ingress controllers need a few seconds to stop sending requests to a terminating pod.
    expect(preStop.seconds).toBeGreaterThanOrEqual(3);
    // After SIGTERM the server exits on its own within SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS (main.ts).
    expect(grace).toBeGreaterThan(preStop.seconds * 1000 + env.SHUTDOWN_DRAIN_MS + env.SHUTDOWN_TIMEOUT_MS);
  });

  it('runs as the image’s non-root user, read-only, without privileges', () => {
    const pod = template.spec.securityContext as { runAsNonRoot: boolean; runAsUser: number };
    expect(pod.runAsNonRoot).toBe(true);
    expect(pod.runAsUser).toBe(imageSettings().user);
    expect(pod.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('runs the image the overlay names, built as `berth` (deploy/README.md)', () => {
    const base = server(build(path.join(KUBERNETES, 'base'))).container.image;
    expect(base).toBe('berth');
    const [override] = readKustomization(OVERLAY).images ?? [];
    expect(override?.name).toBe(base);
    expect(container.image).toBe(`${override?.newName}:${override?.newTag}`);
  });

  it('routes the Ingress host of PUBLIC_URL, over TLS, to the Service and on to port 8080', () => {
    const service = find(objects, 'Service');
    const serviceSpec = service.spec as {
      type: string;
      selector: Record<string, string>;
      ports: { name: string; port: number; targetPort: string | number }[];
    };
    expect(serviceSpec.type).toBe('ClusterIP');
    expect(selects(serviceSpec.selector)).toBe(true);
    const [port] = serviceSpec.ports;
    expect(port?.port).toBe(80);
    expect([httpPort?.name, httpPort?.containerPort]).toContain(port?.targetPort);

    const ingress = find(objects, 'Ingress').spec as {
      tls: { hosts: string[]; secretName: string }[];
      rules: {
        host: string;
        http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] };
      }[];
    };
    const publicUrl = container.env?.find((variable) => variable.name === 'PUBLIC_URL')?.value ?? '';
    const host = new URL(publicUrl).host;
    expect(new URL(publicUrl).protocol).toBe('https:');
    expect(ingress.rules.map((rule) => rule.host)).toEqual([host]);
    expect(ingress.tls.flatMap((tls) => tls.hosts)).toContain(host);
    expect(ingress.tls[0]?.secretName).toBeTruthy();
    const backend = ingress.rules[0]?.http.paths[0]?.backend.service;
    expect(backend?.name).toBe(service.metadata.name);
    expect(backend?.port.name).toBe(port?.name);
  });

  it('binds the pods’ ServiceAccount to a ClusterRole allowing all the runtime driver does', () => {
    const account = find(objects, 'ServiceAccount');
    expect(template.spec.serviceAccountName).toBe(account.metadata.name);
    const binding = find(objects, 'ClusterRoleBinding') as Rendered & {
      roleRef: { kind: string; name: string };
      subjects: { kind: string; name: string; namespace: string }[];
    };
    expect(binding.subjects).toContainEqual({
      kind: 'ServiceAccount',
      name: account.metadata.name,
      namespace: account.metadata.namespace,
    });
    const role = find(objects, 'ClusterRole') as Rendered & {
      rules: { apiGroups: string[]; resources: string[]; verbs: string[] }[];
    };
    expect(binding.roleRef).toMatchObject({ kind: 'ClusterRole', name: role.metadata.name });
    for (const { group, resource, verbs } of DRIVER_NEEDS) {
      const allowed = role.rules
        .filter((rule) => rule.apiGroups.includes(group) && rule.resources.includes(resource))
        .flatMap((rule) => rule.verbs);
      expect(
        verbs.filter((verb) => !allowed.includes(verb)),
        `${group || 'core'}/${resource}`,
      ).toEqual([]);
    }
  });

  it('gives Berth a two-instance CloudNativePG cluster with database berth owned by berth', () => {
    const cluster = find(objects, 'Cluster').spec as {
      instances: number;
      storage: { size: string };
      bootstrap: { initdb: { database: string; owner: string } };
    };
    expect(cluster.instances).toBe(2);
    expect(cluster.storage.size).toMatch(/^\d+[GT]i$/);
    expect(cluster.bootstrap.initdb).toMatchObject({ database: 'berth', owner: 'berth' });
  });

  it('keeps the operator’s secret.env out of git', async () => {
    expect(existsSync(path.join(OVERLAY, 'secret.example.env'))).toBe(true);
    const check = await run('git', ['check-ignore', '--quiet', path.join(OVERLAY, 'secret.env')]);
    expect(check.code).toBe(0);
  });
});
