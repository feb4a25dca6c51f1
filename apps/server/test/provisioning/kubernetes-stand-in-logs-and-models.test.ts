import { Writable } from 'node:stream';
import { CoreV1Api, Log, type KubernetesObject } from '@kubernetes/client-node';
import { ObjectSerializer } from '@kubernetes/client-node/dist/serializer.js';
import { describe, expect, it, vi } from 'vitest';
import { registerPassThroughModels } from '../../src/provisioning/kubernetes/cluster-api.ts';
import { failure, pod, teamA, useStandIn } from './kubernetes-stand-in-setup.ts';

// The Kubernetes stand-in, driven through @kubernetes/client-node as the driver drives a cluster.

const { world, apply } = useStandIn();

describe('the Kubernetes stand-in', () => {
  it("reads a pod's log as text", async () => {
    await apply(teamA);
    world.cluster.put(pod('web-1', {}));
    const at = new Date('2026-11-26T12:00:00.123Z');
    world.cluster.writePodLog('team-a', 'web-1', [
      { text: 'listening on :8080', at },
      { text: 'ready', at: new Date('2026-11-26T12:00:01.5Z') },
    ]);
    const core = world.cluster.kubeConfig().makeApiClient(CoreV1Api);
    const log = await core.readNamespacedPodLog({
      name: 'web-1',
      namespace: 'team-a',
      container: 'app',
      timestamps: true,
    });
    expect(log).toBe(
      '2026-11-26T12:00:00.123000000Z listening on :8080\n2026-11-26T12:00:01.500000000Z ready\n',
    );
    expect(world.cluster.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/v1/namespaces/team-a/pods/web-1/log',
    });
    expect(Object.fromEntries(world.cluster.requests.at(-1)?.query ?? [])).toEqual({
      container: 'app',
      timestamps: 'true',
    });
    expect(await failure(core.readNamespacedPodLog({ name: 'web-2', namespace: 'team-a' }))).toMatchObject({
      code: 404,
    });
  });

  it("follows a pod's log from a time on, through the client's Log, until the container exits", async () => {
    await apply(teamA);
    world.cluster.put(pod('web-2', {}));
    world.cluster.writePodLog('team-a', 'web-2', [
      { text: 'booting', at: new Date('2026-11-26T12:00:00.5Z') },
      { text: 'listening', at: new Date('2026-11-26T12:00:01.25Z') },
    ]);
    let received = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.toString();
        callback();
      },
    });
    const ended = new Promise((resolve) => sink.on('finish', resolve));
    // sinceTime in whole seconds, as kube-apiserver takes it: the lines at or after it.
    await new Log(world.cluster.kubeConfig()).log('team-a', 'web-2', 'app', sink, {
      follow: true,
      timestamps: true,
      sinceTime: '2026-11-26T12:00:01Z',
    });
    await vi.waitFor(() => expect(world.cluster.podLogFollowers('team-a', 'web-2')).toBe(1));
    world.cluster.writePodLog('team-a', 'web-2', [{ text: 'GET /', at: new Date('2026-11-26T12:00:02Z') }]);
    await vi.waitFor(() => expect(received).toContain('GET /'));
    world.cluster.endPodLog('team-a', 'web-2');
    await ended;
    expect(received).toBe('2026-11-26T12:00:01.250000000Z listening\n2026-11-26T12:00:02.000000000Z GET /\n');
  });

  it("shows the client dropping a NetworkPolicy's `from` unless a model is registered, and other groups' kinds passing whole", async () => {
    await apply(teamA);
    const policy = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'web', namespace: 'team-a' },
      spec: {
        podSelector: {},
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ ipBlock: { cidr: '203.0.113.0/24' } }] }],
      },
    };
    const knative = {
      apiVersion: 'serving.knative.dev/v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'team-a' },
      spec: { template: { spec: { containers: [{ image: 'registry.example/app:1' }] } } },
    };
    // The driver registers its models when its module loads (in this worker, maybe for an earlier file): gone
    // for this test, and registered again after it.
    ObjectSerializer.clearModelRegistry();
    try {
      // The client's V1NetworkPolicyIngressRule calls `from` `_from`: the rule that was sent admits everyone.
      await apply(policy);
      expect(world.cluster.requests.at(-1)?.body).toMatchObject({ spec: { ingress: [{}] } });
      expect(JSON.stringify(world.cluster.requests.at(-1)?.body)).not.toContain('203.0.113.0/24');
      // A kind of a group outside Kubernetes' own is sent and read as it is.
      await apply(knative);
      expect(world.cluster.requests.at(-1)?.body).toEqual(knative);
      world.cluster.setStatus('serving.knative.dev/v1', 'Service', 'team-a', 'web', {
        url: 'http://web.team-a.example',
      });
      const { apiVersion, kind, metadata } = knative;
      const read = await world.api.read<KubernetesObject & { status?: unknown }>({
        apiVersion,
        kind,
        metadata,
      });
      expect(read.status).toEqual({ url: 'http://web.team-a.example' });

      registerPassThroughModels();
      await apply(policy);
      expect(world.cluster.requests.at(-1)?.body).toEqual(policy);
    } finally {
      ObjectSerializer.clearModelRegistry();
      registerPassThroughModels();
    }
  });
});
