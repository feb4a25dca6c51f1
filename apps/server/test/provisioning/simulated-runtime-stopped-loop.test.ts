import { describe, expect, it } from 'vitest';
import { containerByName, createContainer, waitForContainer } from '../support/containers.ts';
import { useRuntimeWorld } from './simulated-runtime-setup.ts';

const { world, workDue } = useRuntimeWorld();

describe('simulated runtime', () => {
  it('stands still while the loop is stopped, and carries on from the database once it starts again', async () => {
    await world.server.berth.provisioner.stop();
    await createContainer(world.alice, {
      name: 'resumed',
      namespace: 'runtime',
      image: 'nginx',
      scaling: { manual: { replicas: 2 } },
    });
    // Nothing advances while stopped, but one reconcile pass can be driven by hand. Once the first step is
    // due it is still there to take: the stopped loop left it (no replica yet).
    await world.server.berth.provisioner.runDue();
    await workDue('resumed');
    expect((await containerByName(world.alice, 'runtime', 'resumed')).replicas).toEqual([]);
    await world.server.berth.provisioner.runDue();
    await world.server.berth.provisioner.reconcileRuntime();
    const stepped = await containerByName(world.alice, 'runtime', 'resumed');
    expect(stepped.state).toBe('creating');
    world.server.berth.provisioner.start();
    const resumed = await waitForContainer(world.alice, 'runtime', 'resumed', 'running');
    expect(resumed.availableReplicas).toBe(2);
  });
});
