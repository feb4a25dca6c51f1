import {
  ApiException,
  KubernetesObjectApi,
  PatchStrategy,
  Watch,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { afterEach, beforeEach } from 'vitest';
import { startKubernetesStandIn, type KubernetesStandIn } from '../support/kubernetes-stand-in';

// What the tests of the Kubernetes stand-in share: a fresh stand-in for each test, driven through
// @kubernetes/client-node as the driver drives a cluster, and the objects they put on it.

export const teamA = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } };
export const job = (labels: Record<string, string>, image: string) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'migrate', namespace: 'team-a', labels },
  spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image }] } } },
});
export const pod = (name: string, labels: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'team-a', labels },
  spec: { containers: [{ name: 'app', image: 'registry.example/app:1' }] },
});

/** The HTTP code and the Kubernetes Status of a call that must fail. */
export async function failure(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  if (!(error instanceof ApiException)) throw error;
  return { code: error.code, status: JSON.parse(String(error.body)) as Record<string, unknown> };
}

/** A fresh stand-in and a client of it for each test (closed after it): read as `world.cluster`, `world.api`. */
export function useStandIn() {
  const world = {} as { cluster: KubernetesStandIn; api: KubernetesObjectApi };
  beforeEach(async () => {
    world.cluster = await startKubernetesStandIn();
    world.api = KubernetesObjectApi.makeApiClient(world.cluster.kubeConfig());
  });
  afterEach(() => world.cluster.close());

  const apply = <T extends KubernetesObject>(object: T) =>
    world.api.patch<KubernetesObject & { status?: unknown }>(
      object,
      undefined,
      undefined,
      'berth',
      true,
      PatchStrategy.ServerSideApply,
    );

  /** A watch through the client's Watch: the events as `TYPE name`, and how it ended. */
  async function watch(path: string, query: Record<string, string> = {}) {
    const events: string[] = [];
    const objects: Record<string, unknown>[] = [];
    const ended: { error?: unknown } = {};
    const controller = await new Watch(world.cluster.kubeConfig()).watch(
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

  return { world, apply, watch };
}
