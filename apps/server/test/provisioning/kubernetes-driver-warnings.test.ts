import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { containerByName } from '../support/containers.ts';
import { eventually } from '../support/http.ts';
import type { KubeObject } from '../support/kubernetes-stand-in.ts';
import { pulling, useKubernetesDriverWorld } from './kubernetes-driver-setup.ts';

// The cluster's Warning events of a container's pods, on the kubernetes driver: each becomes a container event
// in a plain sentence, once however often the cluster repeats it, and the message of a replica still waiting;
// a container that keeps exiting is explained by how it exited.

const { world, pod, deployedService } = useKubernetesDriverWorld();

const WARNINGS = graphql(`
  query ContainerWarnings($name: String!, $namespace: String!) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      events(limit: 50, kinds: [FAILURES]) {
        type
        message
      }
      problem {
        cause
        replica
      }
      replicas {
        name
        status
        statusMessage
      }
    }
  }
`);

let sequence = 0;
/** A core/v1 Event as the kubelet or the scheduler records it about a pod. */
function warning(podName: string, reason: string, message: string, type = 'Warning'): KubeObject {
  const first = new Date(Date.now() - 30_000).toISOString();
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${podName}.${(sequence += 1)}`, namespace: world.runtimeNamespace },
    type,
    reason,
    message,
    count: 1,
    firstTimestamp: first,
    lastTimestamp: first,
    involvedObject: { kind: 'Pod', name: podName, namespace: world.runtimeNamespace, apiVersion: 'v1' },
  };
}

describe("the kubernetes driver's warnings", () => {
  it("tells a pod's warnings in the container's events once, and on the waiting replica", async () => {
    const service = await deployedService({
      name: 'big',
      image: 'nginx:1.27',
      resources: 'CPU_2000_RAM_4000',
      ports: ['80'],
    });
    const podName = 'big-00001-deployment-d4';
    world.cluster.put(pod(podName, service, pulling));
    await eventually('the replica', async () =>
      (await containerByName(world.alice, 'shop', 'big'))?.replicas.length === 1 ? true : undefined,
    );
    const read = async () => (await world.alice.data(WARNINGS, { name: 'big', namespace: 'shop' })).container;

    const scheduling = world.cluster.put(
      warning(podName, 'FailedScheduling', '0/3 nodes are available: 3 Insufficient cpu.'),
    );
    // Not Berth's pod, and not a warning: neither is told.
    world.cluster.put(warning('someone-elses-pod', 'FailedScheduling', 'no room'));
    world.cluster.put(warning(podName, 'Scheduled', 'Successfully assigned', 'Normal'));
    const sentence =
      'No node of the cluster can take the replica now, so it waits; a smaller size may start sooner ' +
      '(the cluster said: 0/3 nodes are available: 3 Insufficient cpu.).';
    const told = await eventually('the warning told', async () => {
      const container = await read();
      return container.events.some((event) => event.type === 'RUNTIME_WARNING') ? container : undefined;
    });
    expect(told.events.filter((event) => event.type === 'RUNTIME_WARNING')).toEqual([
      { type: 'RUNTIME_WARNING', message: `Replica ${podName}: ${sentence}` },
    ]);
    expect(told.replicas).toEqual([{ name: podName, status: 'pending', statusMessage: sentence }]);

    // The scheduler repeats it (the same Event, counted), and then a pull fails: one more event, not three.
    world.cluster.put({ ...scheduling, count: 5, lastTimestamp: new Date().toISOString() });
    world.cluster.put(
      warning(podName, 'Failed', 'Failed to pull image "nginx:1.27": rpc error: code = NotFound'),
    );
    world.cluster.put(warning(podName, 'Failed', 'Error: ErrImagePull'));
    // Warnings are taken in the order they came: once this last one is told, the ones before it were too.
    world.cluster.put(
      warning(podName, 'Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503'),
    );
    const all = await eventually('the health check told', async () => {
      const warnings = (await read()).events.filter((event) => event.type === 'RUNTIME_WARNING');
      return warnings[0]?.message.includes('health check') ? warnings : undefined;
    });
    expect(all.map((event) => event.message)).toEqual([
      `Replica ${podName}: The health check fails, so the replica gets no requests until it passes ` +
        '(the cluster said: HTTP probe failed with statuscode: 503).',
      `Replica ${podName}: The image could not be pulled from its registry ` +
        '(the cluster said: Failed to pull image "nginx:1.27": rpc error: code = NotFound).',
      `Replica ${podName}: ${sentence}`,
    ]);
  });

  it('explains a container that keeps exiting by how it last exited', async () => {
    const service = await deployedService({ name: 'crashy', image: 'busybox:1.36' });
    world.cluster.put(
      pod('crashy-00001-deployment-e5', service, {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'app',
            ready: false,
            restartCount: 3,
            state: {
              waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container' },
            },
            lastState: { terminated: { exitCode: 3, reason: 'Error' } },
          },
        ],
      }),
    );
    const failed = await eventually('the replica failed', async () => {
      const container = (await world.alice.data(WARNINGS, { name: 'crashy', namespace: 'shop' })).container;
      return container.problem ? container : undefined;
    });
    expect(failed.replicas).toEqual([
      {
        name: 'crashy-00001-deployment-e5',
        status: 'failed',
        statusMessage: 'CrashLoopBackOff: exited with code 3',
      },
    ]);
    expect(failed.problem).toEqual({
      cause: 'The command exited with code 3 right after starting: see the log lines before it.',
      replica: 'crashy-00001-deployment-e5',
    });
  });
});
