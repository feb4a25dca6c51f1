import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { failure, job, pod, teamA, useStandIn } from './kubernetes-stand-in-setup.ts';

// The Kubernetes stand-in, driven through @kubernetes/client-node as the driver drives a cluster.

const { world, apply } = useStandIn();

describe('the Kubernetes stand-in', () => {
  it('reads one object (404 Status when missing) and lists by label selector', async () => {
    await apply(teamA);
    world.cluster.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-b' } });
    world.cluster.put(pod('web-1', { app: 'web', tier: 'front' }));
    world.cluster.put(pod('web-2', { app: 'web' }));
    world.cluster.put({
      ...pod('web-3', { app: 'web', tier: 'front' }),
      metadata: { name: 'web-3', namespace: 'team-b', labels: { app: 'web', tier: 'front' } },
    });

    const read = await world.api.read({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'team-a' },
    });
    expect(read.metadata?.labels).toEqual({ app: 'web', tier: 'front' });
    expect(
      await failure(
        world.api.read({
          apiVersion: 'batch/v1',
          kind: 'Job',
          metadata: { name: 'gone', namespace: 'team-a' },
        }),
      ),
    ).toEqual({
      code: 404,
      status: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        reason: 'NotFound',
        message: 'jobs.batch "gone" not found',
        details: { name: 'gone', group: 'batch', kind: 'jobs' },
        code: 404,
      },
    });

    const names = (list: { items: KubernetesObject[] }) => list.items.map((item) => item.metadata?.name);
    const front = 'app=web,tier=front';
    expect(
      names(await world.api.list('v1', 'Pod', 'team-a', undefined, undefined, undefined, undefined, front)),
    ).toEqual(['web-1']);
    expect(
      names(await world.api.list('v1', 'Pod', undefined, undefined, undefined, undefined, undefined, front)),
    ).toEqual(['web-1', 'web-3']);
    expect(
      names(
        await world.api.list('v1', 'Pod', undefined, undefined, undefined, undefined, undefined, '!tier'),
      ),
    ).toEqual(['web-2']);
    expect(world.cluster.requests.slice(-3).map(({ path, query }) => `${path}?${query}`)).toEqual([
      `/api/v1/namespaces/team-a/pods?labelSelector=${encodeURIComponent(front)}`,
      `/api/v1/pods?labelSelector=${encodeURIComponent(front)}`,
      '/api/v1/pods?labelSelector=%21tier',
    ]);
    expect(world.cluster.list('v1', 'Pod', 'team-b').map((p) => p.metadata.name)).toEqual(['web-3']);
  });

  it('lists built-in kinds with items without apiVersion and kind, custom resources with them', async () => {
    await apply(teamA);
    world.cluster.put(pod('web-1', {}));
    world.cluster.put({
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'Database',
      metadata: { name: 'app', namespace: 'team-a' },
    });
    const [pods, databases] = [
      await world.api.list('v1', 'Pod'),
      await world.api.list('postgresql.cnpg.io/v1', 'Database'),
    ];
    expect(pods.items[0]).not.toHaveProperty('kind');
    expect(databases.items[0]).toMatchObject({ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Database' });
  });

  it('deletes at once (the object or a Status, as the kind does), or lingering until finishDeletion', async () => {
    await apply(teamA);
    await apply(job({}, 'x'));
    world.cluster.put(pod('web-1', {}));
    await apply({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'team-a' },
      data: {},
    });

    const secret = await world.api.delete({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'team-a' },
    });
    expect(secret).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { name: 'db', kind: 'secrets' },
    });
    const deletedPod = await world.api.delete(pod('web-1', {}));
    expect(deletedPod).toMatchObject({ kind: 'Pod', apiVersion: 'v1' });
    expect(world.cluster.get('v1', 'Pod', 'team-a', 'web-1')).toBeUndefined();
    expect(await failure(world.api.delete(pod('web-1', {})))).toMatchObject({ code: 404 });
    expect(world.cluster.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/namespaces/team-a/pods/web-1',
    });

    const finalized = {
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'Cluster',
      metadata: { name: 'db', namespace: 'team-a' },
    };
    world.cluster.put({ ...finalized, metadata: { ...finalized.metadata, finalizers: ['cnpg.io/cleanup'] } });
    await world.api.delete(finalized);
    expect(
      world.cluster.get('postgresql.cnpg.io/v1', 'Cluster', 'team-a', 'db')?.metadata.deletionTimestamp,
    ).toBeTypeOf('string');
    world.cluster.finishDeletion('postgresql.cnpg.io/v1', 'Cluster', 'team-a', 'db');
    expect(await failure(world.api.read(finalized))).toMatchObject({ code: 404 });

    world.cluster.lingerDeletion('v1', 'Namespace');
    await world.api.delete(teamA);
    const terminating = await world.api.read(teamA);
    expect(terminating.metadata?.deletionTimestamp).toBeInstanceOf(Date);
    expect(world.cluster.get('v1', 'Namespace', undefined, 'team-a')?.status).toEqual({
      phase: 'Terminating',
    });
    expect(await failure(apply(pod('web-2', {})))).toMatchObject({
      code: 403,
      status: { reason: 'Forbidden' },
    });

    world.cluster.finishDeletion('v1', 'Namespace', undefined, 'team-a');
    expect(await failure(world.api.read(teamA))).toMatchObject({ code: 404 });
    expect(world.cluster.list('batch/v1', 'Job')).toEqual([]);
  });
});
