import { describe, expect, it } from 'vitest';
import {
  MODIFY_CONTAINER,
  containerByName,
  createContainer,
  waitForContainer,
  type ContainerView,
} from '../support/containers.ts';
import { eventually } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { revisionOf, useRuntimeWorld } from './simulated-runtime-setup.ts';

// The simulated runtime scales: autoscaled within its bounds, through a rolling update, and the running
// revision while a saved change waits.

const { world, workDue } = useRuntimeWorld();

describe('simulated runtime', () => {
  it('keeps an autoscaled container between its minimum and maximum', async () => {
    const created = await createContainer(world.alice, {
      name: 'scaled',
      namespace: 'runtime',
      image: 'nginx',
      scaling: { auto: { replicas: { minimum: 2, maximum: 4 }, triggers: [{ type: 'CPU', threshold: 60 }] } },
    });
    expect(created).toMatchObject({
      numberOfReplicas: 2,
      autoScaling: { replicas: { minimum: 2, maximum: 4 }, triggers: [{ type: 'CPU', threshold: 60 }] },
    });
    await waitForContainer(
      world.alice,
      'runtime',
      'scaled',
      'running',
      (found) => found.availableReplicas === 2,
    );
    // Sampled until the simulated load has crossed the trigger and the count moved (not only stayed put),
    // every sample within the bounds: a condition, not a fixed number of samples a fixed time apart.
    const counts = new Set<number>();
    await eventually('the replica count to move', async () => {
      const container = await containerByName(world.alice, 'runtime', 'scaled');
      const live = container.replicas.filter((replica) => replica.status !== 'terminating').length;
      expect(live).toBeGreaterThanOrEqual(2);
      expect(live).toBeLessThanOrEqual(4);
      counts.add(live);
      return counts.size > 1 ? true : undefined;
    });
  });

  it('counts what the autoscaler wants, and never more available replicas than that, through a scale-up and a rolling update', async () => {
    // The loop is driven by hand, one step at a time, so that every state in between is looked at.
    const seen: ContainerView[] = [];
    async function step() {
      await workDue('surge'); // a rollout step is due 33 ms after the last, a steady one 133 ms
      await world.server.berth.provisioner.runDue();
      await world.server.berth.provisioner.reconcileRuntime();
      const container = await containerByName(world.alice, 'runtime', 'surge');
      expect(container.availableReplicas).toBeLessThanOrEqual(container.numberOfReplicas);
      expect(container.numberOfReplicas).toBeGreaterThanOrEqual(1);
      expect(container.numberOfReplicas).toBeLessThanOrEqual(3);
      seen.push(container);
      return container;
    }
    async function stepUntil(what: string, done: (container: ContainerView) => boolean) {
      for (let count = 0; count < 300; count += 1) {
        const container = await step();
        if (done(container)) return container;
      }
      throw new Error(`no step reached ${what}`);
    }

    await whileProvisionerPaused(world.server, async () => {
      await createContainer(world.alice, {
        name: 'surge',
        namespace: 'runtime',
        image: 'nginx:1.27',
        ports: ['80'],
        scaling: {
          auto: { replicas: { minimum: 1, maximum: 3 }, triggers: [{ type: 'CPU', threshold: 60 }] },
        },
      });
      // The simulated load crosses the threshold within a few seconds: the wanted count rises above the
      // minimum, and the replicas follow it.
      // At rest after it: every wanted replica available, none still starting (one that was would join the
      // rollout with the old image, as a replica of the running revision).
      const scaledUp = await stepUntil(
        'a scale-up',
        (container) =>
          container.availableReplicas >= 2 &&
          container.availableReplicas === container.numberOfReplicas &&
          !container.locked,
      );
      expect(scaledUp.state).toBe('running');
      expect(seen.some((container) => container.availableReplicas < container.numberOfReplicas)).toBe(true);

      await world.alice.data(MODIFY_CONTAINER, {
        input: { name: 'surge', namespace: 'runtime', image: 'nginx:1.28' },
      });
      seen.length = 0;
      const rolled = await stepUntil(
        'the end of the rolling update',
        (container) => container.state === 'running' && !container.locked,
      );
      // A rolling update keeps the autoscaled count instead of falling back to the minimum.
      expect(seen.every((container) => container.numberOfReplicas >= 2)).toBe(true);
      // New replicas showed the new image beside old ones still running the previous one.
      const mixed = seen.find(
        (container) => new Set(container.replicas.map((replica) => replica.image)).size > 1,
      );
      expect(mixed).toBeDefined();
      for (const replica of mixed?.replicas ?? []) {
        const isNew = !scaledUp.replicas.some((old) => old.name === replica.name);
        expect(replica.image).toBe(isNew ? 'nginx:1.28' : 'nginx:1.27');
      }
      expect(
        rolled.replicas.filter((replica) => replica.status !== 'terminating').map((replica) => replica.image),
      ).toEqual(Array.from({ length: rolled.numberOfReplicas }, () => 'nginx:1.28'));
    });
  });

  it('scales the running revision from its own image while a saved change waits to be rolled out', async () => {
    await createContainer(world.alice, {
      name: 'pending-change',
      namespace: 'runtime',
      image: 'nginx:1.27',
      scaling: { manual: { replicas: 1 } },
    });
    const before = await waitForContainer(world.alice, 'runtime', 'pending-change', 'running');
    await whileProvisionerPaused(world.server, async () => {
      await world.alice.data(MODIFY_CONTAINER, {
        input: {
          name: 'pending-change',
          namespace: 'runtime',
          image: 'nginx:1.28',
          scaling: { manual: { replicas: 2 } },
        },
      });
      // The runtime steps on before the change is handed to it: the running revision grows by one.
      const grown = await eventually('the running revision to add a replica', async () => {
        await workDue('pending-change');
        await world.server.berth.provisioner.reconcileRuntime();
        const container = await containerByName(world.alice, 'runtime', 'pending-change');
        return container.replicas.length === 2 ? container : undefined;
      });
      const revision = revisionOf(before.replicas[0]?.name ?? '');
      expect(grown.replicas.map((replica) => [revisionOf(replica.name), replica.image])).toEqual([
        [revision, 'nginx:1.27'],
        [revision, 'nginx:1.27'],
      ]);
    });
    const rolled = await waitForContainer(world.alice, 'runtime', 'pending-change', 'running');
    expect(rolled.replicas.map((replica) => replica.image)).toEqual(['nginx:1.28', 'nginx:1.28']);
  });
});
