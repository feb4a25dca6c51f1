import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '../../src/provisioning/kubernetes/objects.ts';
import {
  renderNamespace,
  renderRegistrySecret,
  renderVolumeClaim,
} from '../../src/provisioning/kubernetes/render-namespace.ts';
import { check, customerId, namespace } from './kubernetes-render-setup.ts';

// What the Kubernetes driver puts on a cluster for a namespace, a private registry and a volume.

describe('namespaces, registries and volumes', () => {
  it('a namespace is a Namespace with a ResourceQuota and a default-deny NetworkPolicy', async () => {
    const objects = renderNamespace({
      customerId,
      id: 3,
      name: namespace.name,
      internalName: namespace.internalName,
    });
    expect(objects.map((object) => object.kind)).toEqual(['Namespace', 'ResourceQuota', 'NetworkPolicy']);
    const policy = objects[2] as KubernetesObject & { spec: { podSelector: object; policyTypes: string[] } };
    expect(policy.spec.podSelector).toEqual({});
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    await check('namespace', objects);
  });

  it("lets the cluster's Prometheus scrape queue-proxy's metrics port, and nothing else, when its namespace is set", async () => {
    const state = { customerId, id: 3, name: namespace.name, internalName: namespace.internalName };
    type Policy = KubernetesObject & { spec: { ingress: object[] } };
    const closed = renderNamespace(state)[2] as Policy;
    const scraped = renderNamespace(state, { prometheusNamespace: 'monitoring' })[2] as Policy;
    expect(scraped.spec.ingress).toEqual([
      ...closed.spec.ingress,
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ protocol: 'TCP', port: 9091 }],
      },
    ]);
    await check('namespace-scraped-by-prometheus', [scraped]);
  });

  it('a private registry is a dockerconfigjson Secret holding its credentials for its host', async () => {
    const secret = renderRegistrySecret({
      customerId,
      id: 4,
      name: 'private',
      namespace,
      source: { scheme: 'https', authority: 'registry.example.com:5000', host: 'registry.example.com' },
      username: 'robot',
      password: 'registry-pass',
    }) as KubernetesObject & { type: string; data: Record<string, string> };
    expect(secret.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(Buffer.from(secret.data['.dockerconfigjson'] ?? '', 'base64').toString()) as {
      auths: Record<string, { auth: string }>;
    };
    expect(Buffer.from(config.auths['registry.example.com:5000']?.auth ?? '', 'base64').toString()).toBe(
      'robot:registry-pass',
    );
    await check('registry', [secret]);
  });

  it('a volume is a claim of its size, on the configured storage class', async () => {
    const claim = renderVolumeClaim(
      { customerId, id: 5, name: 'data', namespace, sizeGb: 20 },
      'fast-expandable',
    );
    expect(claim.spec).toMatchObject({
      resources: { requests: { storage: '20G' } },
      storageClassName: 'fast-expandable',
    });
    const onDefault = renderVolumeClaim({ customerId, id: 5, name: 'data', namespace, sizeGb: 20 });
    expect(onDefault.spec).not.toHaveProperty('storageClassName');
    await check('volume', [claim, onDefault]);
  });
});
