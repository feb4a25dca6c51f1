import { describe, expect, it } from 'vitest';
import { CONTAINER_LOGS } from '../logs/setup.ts';
import { containerByName } from '../support/containers.ts';
import { consoleLogsApi, eventually } from '../support/http.ts';
import { running, useKubernetesDriverWorld } from './kubernetes-driver-setup.ts';

// Replicas' logs on the kubernetes driver: each running pod's log is followed through the pod log API and its
// lines reach the console-logs API as they are written; a follow that breaks resumes from the newest line's
// second, and a second process following the same pod (or one that starts later) records nothing twice.

const { world, pod, deployedService, anotherProcessWatch } = useKubernetesDriverWorld();

describe("the kubernetes driver's replica logs", () => {
  it('follows a running pod, resumes after a dropped connection, and records each line once', async () => {
    const service = await deployedService({ name: 'api', image: 'nginx:1.27', ports: ['80'] });
    const podName = 'api-00001-deployment-c3';
    const start = Date.now() - 10_000;
    world.cluster.writePodLog(world.runtimeNamespace, podName, [
      { text: 'booting', at: new Date(start) },
      { text: 'listening on :80', at: new Date(start + 1) },
    ]);
    world.cluster.put(pod(podName, service, running));
    await eventually('the replica', async () =>
      (await containerByName(world.alice, 'shop', 'api'))?.replicas.length === 1 ? true : undefined,
    );

    const logs = consoleLogsApi(world.server.url, () => world.alice.token());
    const lines = async () =>
      (
        await logs.data(CONTAINER_LOGS, {
          source: { namespace: 'shop', container: 'api' },
          query: { order: 'OLDEST_FIRST', limit: 100 },
        })
      ).containerLogs.map((line) => `${line.replica} ${line.line}`);
    const until = (count: number) => async () => {
      const current = await lines();
      return current.length >= count ? current : undefined;
    };
    await eventually('the lines written before the follow', until(2));
    // Written while followed: recorded as they come, at the kubelet's time.
    const written = new Date(start + 2000);
    world.cluster.writePodLog(world.runtimeNamespace, podName, [{ text: 'GET / 200', at: written }]);
    const live = await eventually('a line written while followed', until(3));
    expect(live).toEqual([`${podName} booting`, `${podName} listening on :80`, `${podName} GET / 200`]);

    // The connection breaks; the follow asks again from the newest line's second, which repeats that second.
    world.cluster.clearRequests();
    world.cluster.breakPodLogFollows();
    world.cluster.writePodLog(world.runtimeNamespace, podName, [
      { text: 'GET /health 200', at: new Date(start + 2500) },
    ]);
    await eventually('the follow resumed', async () =>
      world.cluster.podLogFollowers(world.runtimeNamespace, podName) === 1 ? true : undefined,
    );
    const resumed = world.cluster.requests.find((request) => request.path.endsWith(`/pods/${podName}/log`));
    expect(Object.fromEntries(resumed?.query ?? [])).toMatchObject({
      follow: 'true',
      timestamps: 'true',
      container: 'app',
      sinceTime: new Date(Math.floor(written.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
    });

    // Another process (or Berth after a restart) follows the same pod: it starts from the newest line too.
    const second = anotherProcessWatch();
    await second.start();
    try {
      await eventually('both processes following', async () =>
        world.cluster.podLogFollowers(world.runtimeNamespace, podName) === 2 ? true : undefined,
      );
      world.cluster.writePodLog(world.runtimeNamespace, podName, ['GET /orders 200', 'GET /orders 200']);
      await eventually('the lines after the reconnect', until(6));
      // A moment more for a late duplicate to show.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await lines()).toEqual([
        `${podName} booting`,
        `${podName} listening on :80`,
        `${podName} GET / 200`,
        `${podName} GET /health 200`,
        `${podName} GET /orders 200`,
        `${podName} GET /orders 200`,
      ]);
    } finally {
      await second.stop();
    }

    // The container exits: its follow ends, and its lines stay.
    world.cluster.endPodLog(world.runtimeNamespace, podName);
    world.cluster.remove('v1', 'Pod', world.runtimeNamespace, podName);
    await eventually('no follow left', async () =>
      world.cluster.podLogFollowers(world.runtimeNamespace, podName) === 0 ? true : undefined,
    );
    const kept = await logs.data(CONTAINER_LOGS, {
      source: { namespace: 'shop', container: 'api', includeStopped: true },
      query: { order: 'OLDEST_FIRST', limit: 100 },
    });
    expect(kept.containerLogs).toHaveLength(6);
  });
});
