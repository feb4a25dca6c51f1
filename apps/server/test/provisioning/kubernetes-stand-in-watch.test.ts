import { describe, expect, it, vi } from 'vitest';
import { job, pod, teamA, useStandIn } from './kubernetes-stand-in-setup.ts';

// The Kubernetes stand-in, driven through @kubernetes/client-node as the driver drives a cluster.

const { world, apply, watch } = useStandIn();

describe('the Kubernetes stand-in', () => {
  it('watches: current state, then API and helper changes as the selector sees them', async () => {
    await apply(teamA);
    world.cluster.put(pod('old', { app: 'web' }));
    const pods = await watch('/api/v1/namespaces/team-a/pods', { labelSelector: 'app=web' });
    await vi.waitFor(() => expect(pods.events).toEqual(['ADDED old']));

    world.cluster.put(pod('new', { app: 'web' }));
    world.cluster.put(pod('other', { app: 'db' }));
    world.cluster.setStatus('v1', 'Pod', 'team-a', 'new', { phase: 'Running' });
    world.cluster.put({ ...pod('new', { app: 'db' }), status: { phase: 'Running' } });
    await world.api.delete(pod('old', {}));
    await vi.waitFor(() =>
      expect(pods.events).toEqual(['ADDED old', 'ADDED new', 'MODIFIED new', 'DELETED new', 'DELETED old']),
    );
    expect(pods.objects[2]).toMatchObject({ kind: 'Pod', apiVersion: 'v1', status: { phase: 'Running' } });
    expect(
      world.cluster.requests
        .find(({ path }) => path === '/api/v1/namespaces/team-a/pods')
        ?.query.get('watch'),
    ).toBe('true');

    const since = world.cluster.get('v1', 'Namespace', undefined, 'team-a')?.metadata.resourceVersion ?? '';
    const jobs = await watch('/apis/batch/v1/jobs', { resourceVersion: since, allowWatchBookmarks: 'true' });
    await apply(job({}, 'x'));
    world.cluster.setStatus('batch/v1', 'Job', 'team-a', 'migrate', { succeeded: 1 });
    world.cluster.remove('batch/v1', 'Job', 'team-a', 'migrate');
    await vi.waitFor(() =>
      expect(jobs.events).toEqual(['ADDED migrate', 'MODIFIED migrate', 'DELETED migrate']),
    );
    expect(world.cluster.openWatches).toBe(2);
    pods.controller.abort();
    jobs.controller.abort();
  });

  it('ends watches for a reconnect, counts them, replays from a resourceVersion, expires an old one', async () => {
    await apply(teamA);
    const first = await watch('/api/v1/namespaces');
    await vi.waitFor(() => expect(first.events).toEqual(['ADDED team-a']));
    world.cluster.endWatches();
    await vi.waitFor(() => expect(first.ended).toEqual({ error: null }));
    expect([world.cluster.watchConnections, world.cluster.openWatches]).toEqual([1, 0]);

    const seen = world.cluster.get('v1', 'Namespace', undefined, 'team-a')?.metadata.resourceVersion ?? '';
    world.cluster.setStatus('v1', 'Namespace', undefined, 'team-a', { phase: 'Active', note: 'while away' });
    const second = await watch('/api/v1/namespaces', { resourceVersion: seen, watch: '1' });
    await vi.waitFor(() => expect(second.events).toEqual(['MODIFIED team-a']));
    expect(world.cluster.requests.at(-1)?.query.get('watch')).toBe('1');

    world.cluster.compact();
    const stale = await watch('/api/v1/namespaces', { resourceVersion: seen });
    await vi.waitFor(() => expect(stale.ended).toEqual({ error: null }));
    expect(stale.events).toEqual(['ERROR Expired']);
    expect(stale.objects[0]).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });

    const refused = await watch('/api/v1/pods', { labelSelector: 'app in (web' });
    await vi.waitFor(() => expect(refused.ended.error).toMatchObject({ statusCode: 400 }));
    second.controller.abort();
    await vi.waitFor(() => expect(second.ended.error).toMatchObject({ name: 'AbortError' }));
    expect(world.cluster.watchConnections).toBe(3);
  });
});
