import {
  ApiException,
  CoreV1Api,
  KubernetesObjectApi,
  PatchStrategy,
  Watch,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { defaultSerializer, ObjectSerializer } from '@kubernetes/client-node/dist/serializer.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startKubernetesStandIn, type KubernetesStandIn } from '../support/kubernetes-stand-in';

// The Kubernetes stand-in, driven through @kubernetes/client-node as the driver drives a cluster.

let cluster: KubernetesStandIn;
let api: KubernetesObjectApi;

beforeEach(async () => {
  cluster = await startKubernetesStandIn();
  api = KubernetesObjectApi.makeApiClient(cluster.kubeConfig());
});
afterEach(() => cluster.close());

const apply = <T extends KubernetesObject>(object: T) =>
  api.patch<KubernetesObject & { status?: unknown }>(
    object,
    undefined,
    undefined,
    'berth',
    true,
    PatchStrategy.ServerSideApply,
  );
const teamA = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } };
const job = (labels: Record<string, string>, image: string) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'migrate', namespace: 'team-a', labels },
  spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image }] } } },
});
const pod = (name: string, labels: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'team-a', labels },
  spec: { containers: [{ name: 'app', image: 'registry.example/app:1' }] },
});

/** The HTTP code and the Kubernetes Status of a call that must fail. */
async function failure(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  if (!(error instanceof ApiException)) throw error;
  return { code: error.code, status: JSON.parse(String(error.body)) as Record<string, unknown> };
}

/** A watch through the client's Watch: the events as `TYPE name`, and how it ended. */
async function watch(path: string, query: Record<string, string> = {}) {
  const events: string[] = [];
  const objects: Record<string, unknown>[] = [];
  const ended: { error?: unknown } = {};
  const controller = await new Watch(cluster.kubeConfig()).watch(
    path,
    query,
    (type, object: { metadata?: { name?: string }; reason?: string }) => {
      events.push(`${type} ${object.metadata?.name ?? object.reason}`);
      objects.push(object);
    },
    (error: unknown) => Object.assign(ended, { error }),
  );
  return { events, objects, ended, controller };
}

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

    expect(cluster.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/v1',
      'PATCH /api/v1/namespaces/team-a',
      'PATCH /api/v1/namespaces/team-a/secrets/db',
      'GET /apis/batch/v1',
      'PATCH /apis/batch/v1/namespaces/team-a/jobs/migrate',
      'GET /apis/postgresql.cnpg.io/v1',
      'PATCH /apis/postgresql.cnpg.io/v1/namespaces/team-a/clusters/db',
    ]);
    for (const request of cluster.requests)
      expect(request.headers.authorization).toBe(`Bearer ${cluster.token}`);
    for (const request of cluster.requests.filter(({ method }) => method === 'PATCH')) {
      expect(request.contentType).toBe('application/apply-patch+yaml');
      expect(Object.fromEntries(request.query)).toEqual({ fieldManager: 'berth', force: 'true' });
    }
    expect(cluster.requests.at(-1)?.body).toEqual(postgres);

    expect(namespace.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(namespace.metadata).toMatchObject({ name: 'team-a', resourceVersion: '1', generation: 1 });
    expect(namespace.metadata?.creationTimestamp).toBeInstanceOf(Date);
    expect(cluster.get('v1', 'Namespace', undefined, 'team-a')?.status).toEqual({ phase: 'Active' });
    const secret = cluster.get('v1', 'Secret', 'team-a', 'db');
    expect(secret?.data).toEqual({ password: Buffer.from('hunter2').toString('base64') });
    expect(secret).not.toHaveProperty('stringData');
    expect(cluster.get('postgresql.cnpg.io/v1', 'Cluster', 'team-a', 'db')).toMatchObject({
      ...postgres,
      metadata: { resourceVersion: '4', generation: 1 },
    });
  });

  it('re-applies: fields replaced, status left alone, generation on spec changes, nothing on no change', async () => {
    await apply(teamA);
    await apply(job({ app: 'web', stale: 'yes' }, 'registry.example/app:1'));
    cluster.setStatus('batch/v1', 'Job', 'team-a', 'migrate', { active: 1 });

    const relabelled = await apply(job({ app: 'web' }, 'registry.example/app:1'));
    expect(relabelled.metadata).toMatchObject({
      labels: { app: 'web' },
      resourceVersion: '4',
      generation: 1,
    });
    expect(relabelled.metadata?.labels).not.toHaveProperty('stale');

    await apply({ ...job({ app: 'web' }, 'registry.example/app:2'), status: { succeeded: 1 } });
    const stored = cluster.get('batch/v1', 'Job', 'team-a', 'migrate');
    expect(stored?.metadata).toMatchObject({ resourceVersion: '5', generation: 2 });
    expect(stored?.status).toEqual({ active: 1 });

    await apply({ ...job({ app: 'web' }, 'registry.example/app:2') });
    expect(cluster.get('batch/v1', 'Job', 'team-a', 'migrate')?.metadata.resourceVersion).toBe('5');
  });

  it('answers a wrong request with the Status Kubernetes answers', async () => {
    const withoutManager = api.patch(
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
    const strangerApi = KubernetesObjectApi.makeApiClient(cluster.kubeConfig({ token: 'not-the-token' }));
    expect(await failure(strangerApi.read(teamA))).toMatchObject({
      code: 401,
      status: { reason: 'Unauthorized' },
    });
    await apply(teamA);
    const merge = api.patch(teamA, undefined, undefined, 'berth', undefined, PatchStrategy.MergePatch);
    expect(await failure(merge)).toMatchObject({ code: 415, status: { reason: 'UnsupportedMediaType' } });
  });

  it('reads one object (404 Status when missing) and lists by label selector', async () => {
    await apply(teamA);
    cluster.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-b' } });
    cluster.put(pod('web-1', { app: 'web', tier: 'front' }));
    cluster.put(pod('web-2', { app: 'web' }));
    cluster.put({
      ...pod('web-3', { app: 'web', tier: 'front' }),
      metadata: { name: 'web-3', namespace: 'team-b', labels: { app: 'web', tier: 'front' } },
    });

    const read = await api.read({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'team-a' },
    });
    expect(read.metadata?.labels).toEqual({ app: 'web', tier: 'front' });
    expect(
      await failure(
        api.read({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'gone', namespace: 'team-a' } }),
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
      names(await api.list('v1', 'Pod', 'team-a', undefined, undefined, undefined, undefined, front)),
    ).toEqual(['web-1']);
    expect(
      names(await api.list('v1', 'Pod', undefined, undefined, undefined, undefined, undefined, front)),
    ).toEqual(['web-1', 'web-3']);
    expect(
      names(await api.list('v1', 'Pod', undefined, undefined, undefined, undefined, undefined, '!tier')),
    ).toEqual(['web-2']);
    expect(cluster.requests.slice(-3).map(({ path, query }) => `${path}?${query}`)).toEqual([
      `/api/v1/namespaces/team-a/pods?labelSelector=${encodeURIComponent(front)}`,
      `/api/v1/pods?labelSelector=${encodeURIComponent(front)}`,
      '/api/v1/pods?labelSelector=%21tier',
    ]);
    expect(cluster.list('v1', 'Pod', 'team-b').map((p) => p.metadata.name)).toEqual(['web-3']);
  });

  it('lists built-in kinds with items without apiVersion and kind, custom resources with them', async () => {
    await apply(teamA);
    cluster.put(pod('web-1', {}));
    cluster.put({
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'Database',
      metadata: { name: 'app', namespace: 'team-a' },
    });
    const [pods, databases] = [
      await api.list('v1', 'Pod'),
      await api.list('postgresql.cnpg.io/v1', 'Database'),
    ];
    expect(pods.items[0]).not.toHaveProperty('kind');
    expect(databases.items[0]).toMatchObject({ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Database' });
  });

  it('deletes at once (the object or a Status, as the kind does), or lingering until finishDeletion', async () => {
    await apply(teamA);
    await apply(job({}, 'x'));
    cluster.put(pod('web-1', {}));
    await apply({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'team-a' },
      data: {},
    });

    const secret = await api.delete({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'team-a' },
    });
    expect(secret).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { name: 'db', kind: 'secrets' },
    });
    const deletedPod = await api.delete(pod('web-1', {}));
    expect(deletedPod).toMatchObject({ kind: 'Pod', apiVersion: 'v1' });
    expect(cluster.get('v1', 'Pod', 'team-a', 'web-1')).toBeUndefined();
    expect(await failure(api.delete(pod('web-1', {})))).toMatchObject({ code: 404 });
    expect(cluster.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/namespaces/team-a/pods/web-1',
    });

    const finalized = {
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'Cluster',
      metadata: { name: 'db', namespace: 'team-a' },
    };
    cluster.put({ ...finalized, metadata: { ...finalized.metadata, finalizers: ['cnpg.io/cleanup'] } });
    await api.delete(finalized);
    expect(
      cluster.get('postgresql.cnpg.io/v1', 'Cluster', 'team-a', 'db')?.metadata.deletionTimestamp,
    ).toBeTypeOf('string');
    cluster.finishDeletion('postgresql.cnpg.io/v1', 'Cluster', 'team-a', 'db');
    expect(await failure(api.read(finalized))).toMatchObject({ code: 404 });

    cluster.lingerDeletion('v1', 'Namespace');
    await api.delete(teamA);
    const terminating = await api.read(teamA);
    expect(terminating.metadata?.deletionTimestamp).toBeInstanceOf(Date);
    expect(cluster.get('v1', 'Namespace', undefined, 'team-a')?.status).toEqual({ phase: 'Terminating' });
    expect(await failure(apply(pod('web-2', {})))).toMatchObject({
      code: 403,
      status: { reason: 'Forbidden' },
    });

    cluster.finishDeletion('v1', 'Namespace', undefined, 'team-a');
    expect(await failure(api.read(teamA))).toMatchObject({ code: 404 });
    expect(cluster.list('batch/v1', 'Job')).toEqual([]);
  });

  it('watches: current state, then API and helper changes as the selector sees them', async () => {
    await apply(teamA);
    cluster.put(pod('old', { app: 'web' }));
    const pods = await watch('/api/v1/namespaces/team-a/pods', { labelSelector: 'app=web' });
    await vi.waitFor(() => expect(pods.events).toEqual(['ADDED old']));

    cluster.put(pod('new', { app: 'web' }));
    cluster.put(pod('other', { app: 'db' }));
    cluster.setStatus('v1', 'Pod', 'team-a', 'new', { phase: 'Running' });
    cluster.put({ ...pod('new', { app: 'db' }), status: { phase: 'Running' } });
    await api.delete(pod('old', {}));
    await vi.waitFor(() =>
      expect(pods.events).toEqual(['ADDED old', 'ADDED new', 'MODIFIED new', 'DELETED new', 'DELETED old']),
    );
    expect(pods.objects[2]).toMatchObject({ kind: 'Pod', apiVersion: 'v1', status: { phase: 'Running' } });
    expect(
      cluster.requests.find(({ path }) => path === '/api/v1/namespaces/team-a/pods')?.query.get('watch'),
    ).toBe('true');

    const since = cluster.get('v1', 'Namespace', undefined, 'team-a')?.metadata.resourceVersion ?? '';
    const jobs = await watch('/apis/batch/v1/jobs', { resourceVersion: since, allowWatchBookmarks: 'true' });
    await apply(job({}, 'x'));
    cluster.setStatus('batch/v1', 'Job', 'team-a', 'migrate', { succeeded: 1 });
    cluster.remove('batch/v1', 'Job', 'team-a', 'migrate');
    await vi.waitFor(() =>
      expect(jobs.events).toEqual(['ADDED migrate', 'MODIFIED migrate', 'DELETED migrate']),
    );
    expect(cluster.openWatches).toBe(2);
    pods.controller.abort();
    jobs.controller.abort();
  });

  it('ends watches for a reconnect, counts them, replays from a resourceVersion, expires an old one', async () => {
    await apply(teamA);
    const first = await watch('/api/v1/namespaces');
    await vi.waitFor(() => expect(first.events).toEqual(['ADDED team-a']));
    cluster.endWatches();
    await vi.waitFor(() => expect(first.ended).toEqual({ error: null }));
    expect([cluster.watchConnections, cluster.openWatches]).toEqual([1, 0]);

    const seen = cluster.get('v1', 'Namespace', undefined, 'team-a')?.metadata.resourceVersion ?? '';
    cluster.setStatus('v1', 'Namespace', undefined, 'team-a', { phase: 'Active', note: 'while away' });
    const second = await watch('/api/v1/namespaces', { resourceVersion: seen, watch: '1' });
    await vi.waitFor(() => expect(second.events).toEqual(['MODIFIED team-a']));
    expect(cluster.requests.at(-1)?.query.get('watch')).toBe('1');

    cluster.compact();
    const stale = await watch('/api/v1/namespaces', { resourceVersion: seen });
    await vi.waitFor(() => expect(stale.ended).toEqual({ error: null }));
    expect(stale.events).toEqual(['ERROR Expired']);
    expect(stale.objects[0]).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });

    const refused = await watch('/api/v1/pods', { labelSelector: 'app in (web' });
    await vi.waitFor(() => expect(refused.ended.error).toMatchObject({ statusCode: 400 }));
    second.controller.abort();
    await vi.waitFor(() => expect(second.ended.error).toMatchObject({ name: 'AbortError' }));
    expect(cluster.watchConnections).toBe(3);
  });

  it("reads a pod's log as text", async () => {
    await apply(teamA);
    cluster.put(pod('web-1', {}));
    cluster.setPodLog('team-a', 'web-1', 'listening on :8080\nready\n');
    const core = cluster.kubeConfig().makeApiClient(CoreV1Api);
    const log = await core.readNamespacedPodLog({
      name: 'web-1',
      namespace: 'team-a',
      container: 'app',
      timestamps: true,
    });
    expect(log).toBe('listening on :8080\nready\n');
    expect(cluster.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/v1/namespaces/team-a/pods/web-1/log',
    });
    expect(Object.fromEntries(cluster.requests.at(-1)?.query ?? [])).toEqual({
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
    // getSerializationType('serving.knative.dev/v1', 'Service') is V1Service, the core model: no spec.template.
    await apply(knative);
    expect(cluster.requests.at(-1)?.body).toMatchObject({ spec: {} });
    cluster.setStatus('serving.knative.dev/v1', 'Service', 'team-a', 'web', {
      url: 'http://web.team-a.example',
    });
    expect((await api.read<KubernetesObject & { status?: unknown }>(reference)).status).toEqual({});
    try {
      for (const kind of ['Service', 'ServiceList']) {
        ObjectSerializer.registerModel(
          { group: 'serving.knative.dev', version: 'v1', kind },
          defaultSerializer,
        );
      }
      await apply(knative);
      expect(cluster.requests.at(-1)?.body).toEqual(knative);
      expect((await api.read<KubernetesObject & { status?: unknown }>(reference)).status).toEqual({
        url: 'http://web.team-a.example',
      });
      const listed = await api.list('serving.knative.dev/v1', 'Service', 'team-a');
      expect(listed.items[0]).toMatchObject({ spec: knative.spec });
    } finally {
      ObjectSerializer.clearModelRegistry();
    }
  });
});
