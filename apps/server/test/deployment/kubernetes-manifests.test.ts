import { describe, expect, it } from 'vitest';
import { validateObject } from '../support/kubernetes-schemas.ts';
import { CLUSTER_SCOPED, render } from '../support/kustomize.ts';
import { OVERLAY, find, server, serverEnvironment } from './setup.ts';

// deploy/kubernetes rendered as `kubectl apply -k` would (support/kustomize.ts), with and without its
// CloudNativePG component: every object checked against the real schemas, and the server's settings against
// what it accepts. What an operator depends on is kubernetes-operations.test.ts's.

/** Keys CloudNativePG writes into a cluster's application Secret (pkg/specs/secrets.go). */
const CNPG_APP_SECRET_KEYS = ['username', 'user', 'password', 'dbname', 'host', 'port', 'pgpass', 'uri'];

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
