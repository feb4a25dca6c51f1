import { KubernetesObjectApi, PatchStrategy } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { failure, job, teamA, useStandIn } from './kubernetes-stand-in-setup.ts';

// The Kubernetes stand-in, driven through @kubernetes/client-node as the driver drives a cluster.

const { world, apply } = useStandIn();

describe('the Kubernetes stand-in', () => {
  it('serves discovery and server-side apply as the client sends them, with the bearer token', async () => {
    const namespace = await apply(teamA);
    await apply({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'team-a' },
      stringData: { password: 'hunter2' },
    });
    await apply(job({ app: 'web' }, 'registry.example/app:1'));
    const postgres = {
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'Cluster',
      metadata: { name: 'db', namespace: 'team-a' },
      spec: { instances: 1, storage: { size: '1Gi' } },
    };
    await apply(postgres);

    expect(world.cluster.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/v1',
      'PATCH /api/v1/namespaces/team-a',
      'PATCH /api/v1/namespaces/team-a/secrets/db',
      'GET /apis/batch/v1',
      'PATCH /apis/batch/v1/namespaces/team-a/jobs/migrate',
      'GET /apis/postgresql.cnpg.io/v1',
      'PATCH /apis/postgresql.cnpg.io/v1/namespaces/team-a/clusters/db',
    ]);
    for (const request of world.cluster.requests)
      expect(request.headers.authorization).toBe(`Bearer ${world.cluster.token}`);
    for (const request of world.cluster.requests.filter(({ method }) => method === 'PATCH')) {
      expect(request.contentType).toBe('application/apply-patch+yaml');
      expect(Object.fromEntries(request.query)).toEqual({ fieldManager: 'berth', force: 'true' });
    }
    expect(world.cluster.requests.at(-1)?.body).toEqual(postgres);

    expect(namespace.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(namespace.metadata).toMatchObject({ name: 'team-a', resourceVersion: '1', generation: 1 });
    expect(namespace.metadata?.creationTimestamp).toBeInstanceOf(Date);
    expect(world.cluster.get('v1', 'Namespace', undefined, 'team-a')?.status).toEqual({ phase: 'Active' });
    const secret = world.cluster.get('v1', 'Secret', 'team-a', 'db');
    expect(secret?.data).toEqual({ password: Buffer.from('hunter2').toString('base64') });
    expect(secret).not.toHaveProperty('stringData');
    expect(world.cluster.get('postgresql.cnpg.io/v1', 'Cluster', 'team-a', 'db')).toMatchObject({
      ...postgres,
      metadata: { resourceVersion: '4', generation: 1 },
    });
  });

  it('re-applies: fields replaced, status left alone, generation on spec changes, nothing on no change', async () => {
    await apply(teamA);
    await apply(job({ app: 'web', stale: 'yes' }, 'registry.example/app:1'));
    world.cluster.setStatus('batch/v1', 'Job', 'team-a', 'migrate', { active: 1 });

    const relabelled = await apply(job({ app: 'web' }, 'registry.example/app:1'));
    expect(relabelled.metadata).toMatchObject({
      labels: { app: 'web' },
      resourceVersion: '4',
      generation: 1,
    });
    expect(relabelled.metadata?.labels).not.toHaveProperty('stale');

    await apply({ ...job({ app: 'web' }, 'registry.example/app:2'), status: { succeeded: 1 } });
    const stored = world.cluster.get('batch/v1', 'Job', 'team-a', 'migrate');
    expect(stored?.metadata).toMatchObject({ resourceVersion: '5', generation: 2 });
    expect(stored?.status).toEqual({ active: 1 });

    await apply({ ...job({ app: 'web' }, 'registry.example/app:2') });
    expect(world.cluster.get('batch/v1', 'Job', 'team-a', 'migrate')?.metadata.resourceVersion).toBe('5');
  });

  it('answers a wrong request with the Status Kubernetes answers', async () => {
    const withoutManager = world.api.patch(
      teamA,
      undefined,
      undefined,
      undefined,
      true,
      PatchStrategy.ServerSideApply,
    );
    expect(await failure(withoutManager)).toMatchObject({
      code: 422,
      status: {
        kind: 'Status',
        status: 'Failure',
        reason: 'Invalid',
        message:
          'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
      },
    });
    expect(await failure(apply(job({}, 'x')))).toMatchObject({
      code: 404,
      status: { reason: 'NotFound', message: 'namespaces "team-a" not found' },
    });
    const strangerApi = KubernetesObjectApi.makeApiClient(
      world.cluster.kubeConfig({ token: 'not-the-token' }),
    );
    expect(await failure(strangerApi.read(teamA))).toMatchObject({
      code: 401,
      status: { reason: 'Unauthorized' },
    });
    await apply(teamA);
    const merge = world.api.patch(teamA, undefined, undefined, 'berth', undefined, PatchStrategy.MergePatch);
    expect(await failure(merge)).toMatchObject({ code: 415, status: { reason: 'UnsupportedMediaType' } });
  });
});
