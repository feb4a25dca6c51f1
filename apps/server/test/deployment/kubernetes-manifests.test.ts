import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { readEnvironment } from '../../src/environment.ts';
import { validateObject, type KubernetesObject } from '../support/kubernetes-schemas.ts';
import { REPO_ROOT, run } from '../support/process.ts';

// deploy/kubernetes rendered as `kubectl apply -k` would, without kustomize (not installed here): this file
// builds a kustomization the way kustomize does for the features the manifests use, and refuses any other
// (an unknown field fails the build instead of being ignored). Then every object is checked against the real
// schemas and for what an operator depends on.
// - Order as kustomize's: resources (a folder is built first, its own transformers applied to its objects
//   only), then components (theirs applied to everything so far), then the kustomization's generators and
//   transformers: JSON 6902 patches, namespace, labels, images; generated Secrets get a suffix hashed from
//   their data (not kustomize's exact hash), and references to them follow.
// - secretGenerator's `secret.env` is the operator's own file, not in git: its `secret.example.env` stands in.

const KUBERNETES = path.join(REPO_ROOT, 'deploy/kubernetes');
const OVERLAY = path.join(KUBERNETES, 'overlays/example');

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
];

/** Keys CloudNativePG writes into a cluster's application Secret (pkg/specs/secrets.go). */
const CNPG_APP_SECRET_KEYS = ['username', 'user', 'password', 'dbname', 'host', 'port', 'pgpass', 'uri'];

/** What the kubelet adds to every container's environment: the in-cluster API the drivers use. */
const KUBELET_ENV = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' };

const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding']);

interface Kustomization {
  apiVersion: string;
  kind: 'Kustomization' | 'Component';
  namespace?: string;
  resources?: string[];
  components?: string[];
  labels?: { pairs: Record<string, string>; includeTemplates?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  secretGenerator?: { name: string; envs: string[] }[];
  patches?: { path: string; target: { kind: string; name: string } }[];
}
/** The fields this test renders, and those of their entries. */
const FIELDS: Record<string, string[]> = {
  apiVersion: [],
  kind: [],
  namespace: [],
  resources: [],
  components: [],
  labels: ['pairs', 'includeTemplates'],
  images: ['name', 'newName', 'newTag'],
  secretGenerator: ['name', 'envs'],
  patches: ['path', 'target'],
};

/** An object of the build: named, and namespaced once a namespace transformer ran. */
type Rendered = KubernetesObject & { metadata: { name: string; namespace?: string } };
interface Env {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Container {
  name: string;
  image: string;
  env?: Env[];
  ports?: { name?: string; containerPort: number }[];
  [field: string]: unknown;
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { containers: Container[]; [field: string]: unknown };
}

function readKustomization(dir: string): Kustomization {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unknown = Object.entries(kustomization).flatMap(([field, value]) => {
    const entries = FIELDS[field];
    if (!entries) return [field];
    const items: unknown[] = Array.isArray(value) ? value : [];
    return items.flatMap((item) =>
      typeof item === 'object' && item !== null
        ? Object.keys(item)
            .filter((key) => !entries.includes(key))
            .map((key) => `${field}.${key}`)
        : [],
    );
  });
  if (unknown.length) throw new Error(`${dir}: this test does not render ${unknown.join(', ')}`);
  return kustomization;
}

const readObjects = (file: string) =>
  parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJS() as Rendered | null)
    .filter((object): object is Rendered => object !== null);

/** RFC 6901 pointer → the parent container and the last key. */
function locate(document: unknown, pointer: string): [Record<string, unknown> | unknown[], string] {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = keys.pop() ?? '';
  let parent = document as Record<string, unknown>;
  for (const key of keys) {
    const next = parent[key];
    if (typeof next !== 'object' || next === null) throw new Error(`no ${pointer}`);
    parent = next as Record<string, unknown>;
  }
  return [parent, last];
}

interface Operation {
  op: 'test' | 'replace';
  path: string;
  value: unknown;
}

/** RFC 6902, the operations the manifests use: `test` guards a `replace` (an index, checked by name). */
function applyJsonPatch(object: Rendered, operations: Operation[], file: string) {
  for (const { op, path: pointer, value } of operations) {
    const [parent, key] = locate(object, pointer) as [Record<string, unknown>, string];
    if (!(key in parent)) throw new Error(`${file}: ${op} ${pointer}: no such value`);
    if (op === 'test' && JSON.stringify(parent[key]) !== JSON.stringify(value)) {
      throw new Error(`${file}: test ${pointer} failed: ${JSON.stringify(parent[key])}`);
    } else if (op === 'replace') {
      parent[key] = value;
    } else if (op !== 'test') {
      throw new Error(`${file}: ${String(op)} is not rendered here`);
    }
  }
}

/** Secrets made by a secretGenerator, with the suffix their name gets once the build is done. */
const generated = new WeakMap<Rendered, string>();

const podTemplate = (object: Rendered) => (object.spec as { template?: PodTemplate } | undefined)?.template;

/** Runs a kustomization (or a component, on `objects`) in `dir`. */
function build(dir: string, objects: Rendered[] = [], { components = true } = {}): Rendered[] {
  const kustomization = readKustomization(dir);
  const own: Rendered[] = [];
  for (const resource of kustomization.resources ?? []) {
    const at = path.join(dir, resource);
    own.push(...(statSync(at).isDirectory() ? build(at) : readObjects(at)));
  }
  // A component transforms what its parent has gathered so far; a kustomization only its own objects.
  let result = kustomization.kind === 'Component' ? [...objects, ...own] : own;
  for (const component of components ? (kustomization.components ?? []) : []) {
    result = build(path.join(dir, component), result);
  }
  for (const { name, envs } of kustomization.secretGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const file of envs) {
      const stand = path.join(dir, file.replace(/secret\.env$/, 'secret.example.env'));
      for (const line of readFileSync(stand, 'utf8').split('\n')) {
        const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
        if (match?.[1]) data[match[1]] = Buffer.from(match[2] ?? '').toString('base64');
      }
    }
    const hash = createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 10);
    const secret: Rendered = { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name }, data };
    generated.set(secret, hash);
    result.push(secret);
  }
  for (const { path: file, target } of kustomization.patches ?? []) {
    const operations = parse(readFileSync(path.join(dir, file), 'utf8')) as unknown;
    if (!Array.isArray(operations)) throw new Error(`${file}: only JSON 6902 patches are rendered here`);
    const targets = result.filter(
      (object) => object.kind === target.kind && object.metadata.name === target.name,
    );
    if (targets.length !== 1) throw new Error(`${file}: ${targets.length} objects match its target`);
    for (const object of targets) applyJsonPatch(object, operations as Operation[], file);
  }
  const { namespace } = kustomization;
  for (const object of namespace ? result : []) {
    if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = namespace;
  }
  for (const { pairs, includeTemplates } of kustomization.labels ?? []) {
    for (const object of result) {
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
      const template = includeTemplates ? podTemplate(object) : undefined;
      if (template) template.metadata.labels = { ...template.metadata.labels, ...pairs };
    }
  }
  for (const { name, newName, newTag } of kustomization.images ?? []) {
    for (const container of result.flatMap((object) => podTemplate(object)?.spec.containers ?? [])) {
      // A tag follows the last colon after the last slash (a registry's port comes before it).
      const [, image = '', tag] = /^(.*?)(?::([^:/]+))?$/.exec(container.image) ?? [];
      const newTagOrOld = newTag ?? tag;
      if (image === name) container.image = `${newName ?? image}${newTagOrOld ? `:${newTagOrOld}` : ''}`;
    }
  }
  return result;
}

/** What `kubectl apply -k dir` sends: the build, generated names suffixed and the references to them too. */
function render(dir: string, options?: { components: boolean }): Rendered[] {
  const objects = build(dir, [], options);
  for (const secret of objects.filter((object) => object.kind === 'Secret')) {
    const suffix = generated.get(secret);
    if (!suffix) continue;
    const [from, to] = [secret.metadata.name, `${secret.metadata.name}-${suffix}`];
    secret.metadata.name = to;
    for (const object of objects.filter(
      (candidate) => candidate.metadata.namespace === secret.metadata.namespace,
    )) {
      for (const container of podTemplate(object)?.spec.containers ?? []) {
        for (const { valueFrom } of container.env ?? []) {
          if (valueFrom?.secretKeyRef?.name === from) valueFrom.secretKeyRef.name = to;
        }
      }
    }
  }
  return objects;
}

function find(objects: Rendered[], kind: string): Rendered {
  const [found, ...others] = objects.filter((object) => object.kind === kind);
  if (!found || others.length)
    throw new Error(`expected one ${kind}, found ${others.length + (found ? 1 : 0)}`);
  return found;
}

const server = (objects: Rendered[]) => {
  const deployment = find(objects, 'Deployment');
  const template = podTemplate(deployment) as PodTemplate;
  const [container] = template.spec.containers;
  return { deployment, template, container: container as Container };
};

/** The Dockerfile's runtime stage's USER and ENV, which the pods run with. */
function imageSettings() {
  const runtime =
    readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').split(/^FROM .* AS runtime$/m)[1] ?? '';
  const user = /^USER (\d+)/m.exec(runtime)?.[1];
  const env = Object.fromEntries(
    [...runtime.matchAll(/^ENV (\w+)=(\S+)$/gm)].map(([, name, value]) => [name, value]),
  );
  return { user: Number(user), env };
}

/**
 * The server's settings in a pod: the image's ENV, what the kubelet adds, the container's env; secrets' values
 * are the operator's (or CloudNativePG's), so stand-ins of their form.
 */
function serverEnvironment(container: Container) {
  const secretValues: Record<string, string> = {
    DATABASE_URL: 'postgresql://berth:password@berth-db-rw.berth:5432/berth',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };
  const values = Object.fromEntries(
    (container.env ?? []).map(({ name, value, valueFrom }) => [
      name,
      valueFrom ? (secretValues[name] ?? '') : (value ?? ''),
    ]),
  );
  return {
    names: Object.keys(values),
    env: readEnvironment({ ...imageSettings().env, ...KUBELET_ENV, ...values }),
  };
}

const VARIANTS = [
  { name: 'the example overlay (with CloudNativePG)', components: true },
  { name: 'the example overlay on an external PostgreSQL (no component)', components: false },
];

describe.each(VARIANTS)('deploy/kubernetes: $name', ({ components }) => {
  const objects = render(OVERLAY, { components });
  const { deployment, container } = server(objects);

  it('renders only objects valid against the Kubernetes and CloudNativePG schemas', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) expect(() => validateObject(object)).not.toThrow();
    const kinds = objects.map((object) => object.kind).sort();
    const expected = ['ClusterRole', 'ClusterRoleBinding', 'Deployment', 'Ingress', 'Namespace']
      .concat(['PodDisruptionBudget', 'Secret', 'Service', 'ServiceAccount'])
      .concat(components ? ['Cluster'] : []);
    expect(kinds).toEqual(expected.sort());
  });

  it('puts every namespaced object in the Namespace it creates', () => {
    const namespace = find(objects, 'Namespace').metadata.name;
    for (const object of objects.filter((candidate) => !CLUSTER_SCOPED.has(candidate.kind))) {
      expect(object.metadata.namespace, `${object.kind} ${object.metadata.name}`).toBe(namespace);
    }
  });

  it('gives every secretKeyRef a Secret and key that will exist in the pods’ namespace', () => {
    const refs = (container.env ?? []).flatMap(({ valueFrom }) =>
      valueFrom?.secretKeyRef ? [valueFrom.secretKeyRef] : [],
    );
    expect(refs.length).toBeGreaterThan(0);
    const clusters = objects.filter((object) => object.kind === 'Cluster');
    for (const { name, key } of refs) {
      const secret = objects.find((object) => object.kind === 'Secret' && object.metadata.name === name);
      const cluster = clusters.find((object) => {
        const initdb = (object.spec as { bootstrap?: { initdb?: { secret?: { name: string } } } }).bootstrap
          ?.initdb;
        return (initdb?.secret?.name ?? `${object.metadata.name}-app`) === name;
      });
      if (secret) {
        expect(Object.keys(secret.data as Record<string, string>)).toContain(key);
        expect(secret.metadata.namespace).toBe(deployment.metadata.namespace);
      } else {
        expect(cluster, `Secret ${name}: neither rendered nor CloudNativePG's`).toBeDefined();
        expect(CNPG_APP_SECRET_KEYS).toContain(key);
        expect(cluster?.metadata.namespace).toBe(deployment.metadata.namespace);
      }
    }
  });

  it('sets only variables the server knows, with values it accepts in production', () => {
    const { names, env } = serverEnvironment(container);
    // The schema drops what it does not know: a variable it lacks would be silently ignored by the server.
    expect(names.filter((name) => !(name in env))).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
    expect(env.PROVISIONER_DRIVER).toBe('kubernetes');
    expect(env.DATABASE_CLUSTERS_DRIVER).toBe('kubernetes');
    expect(env.DEMO_ACCOUNT).toBe(false);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.DATABASE_URL).toBeDefined();
    expect(env.SECRETS_KEY).toBeDefined();
  });
});

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
