import { CoreV1Api, type KubernetesObject } from '@kubernetes/client-node';
import { defaultSerializer, ObjectSerializer } from '@kubernetes/client-node/dist/serializer.js';
import { describe, expect, it } from 'vitest';
import { registerPassThroughModels } from '../../src/provisioning/kubernetes/cluster-api.ts';
import { failure, pod, teamA, useStandIn } from './kubernetes-stand-in-setup.ts';

// The Kubernetes stand-in, driven through @kubernetes/client-node as the driver drives a cluster.

const { world, apply } = useStandIn();

describe('the Kubernetes stand-in', () => {
  it("reads a pod's log as text", async () => {
    await apply(teamA);
    world.cluster.put(pod('web-1', {}));
    world.cluster.setPodLog('team-a', 'web-1', 'listening on :8080\nready\n');
    const core = world.cluster.kubeConfig().makeApiClient(CoreV1Api);
    const log = await core.readNamespacedPodLog({
      name: 'web-1',
      namespace: 'team-a',
      container: 'app',
      timestamps: true,
    });
    expect(log).toBe('listening on :8080\nready\n');
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

  it("shows the client dropping a Knative Service's spec and status fields unless a model is registered", async () => {
    await apply(teamA);
    const knative = {
      apiVersion: 'serving.knative.dev/v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'team-a' },
      spec: { template: { spec: { containers: [{ image: 'registry.example/app:1' }] } } },
    };
    const reference = { ...knative, spec: undefined };
    // The driver registers its models when its module loads (in this worker, maybe for an earlier file): gone
    // for this test, and registered again after it.
    ObjectSerializer.clearModelRegistry();
    // getSerializationType('serving.knative.dev/v1', 'Service') is V1Service, the core model: no spec.template.
    await apply(knative);
    expect(world.cluster.requests.at(-1)?.body).toMatchObject({ spec: {} });
    world.cluster.setStatus('serving.knative.dev/v1', 'Service', 'team-a', 'web', {
      url: 'http://web.team-a.example',
    });
    expect((await world.api.read<KubernetesObject & { status?: unknown }>(reference)).status).toEqual({});
    try {
      for (const kind of ['Service', 'ServiceList']) {
        ObjectSerializer.registerModel(
          { group: 'serving.knative.dev', version: 'v1', kind },
          defaultSerializer,
        );
      }
      await apply(knative);
      expect(world.cluster.requests.at(-1)?.body).toEqual(knative);
      expect((await world.api.read<KubernetesObject & { status?: unknown }>(reference)).status).toEqual({
        url: 'http://web.team-a.example',
      });
      const listed = await world.api.list('serving.knative.dev/v1', 'Service', 'team-a');
      expect(listed.items[0]).toMatchObject({ spec: knative.spec });
    } finally {
      ObjectSerializer.clearModelRegistry();
      registerPassThroughModels();
    }
  });
});
