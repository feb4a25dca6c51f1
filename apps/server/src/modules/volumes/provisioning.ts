import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import { recordEvent } from '../events/store.ts';
import { startMeter, stopMeters } from '../metering/store.ts';
import { namespacedRef } from '../namespaces/runtime-state.ts';
import { createVolumeStore } from './store.ts';

/** Volume → runtime: created (or grown) once the runtime provides the storage, removed once released. */
export const volumeProvisioning: ResourceHandler = {
  // Deleted with its namespace's contents: the workloads mounting it go first.
  ready: async (tx, id, action) =>
    action !== 'delete' || (await createVolumeStore(tx).usedBy(id)).length === 0,
  async apply(tx, driver, id, action) {
    const store = createVolumeStore(tx);
    const volume = await store.findAnyById(id);
    if (!volume) return;
    const ref = await namespacedRef(tx, volume);
    if (action === 'delete') {
      await driver.deleteVolume(tx, ref);
      await stopMeters(tx, [{ kind: 'volume', id: volume.id }]);
      await store.remove(volume.id);
      return;
    }
    await driver.applyVolume(tx, { ...ref, sizeGb: volume.sizeGb });
    await store.update(volume.id, { state: 'created', locked: false });
    if (action === 'update')
      await recordEvent(tx, { kind: 'volume', id }, 'VOLUME_GROWN', `Grown to ${volume.sizeGb} GB`);
    // Metered at its size from now on (a grown volume starts a span at the new size).
    await startMeter(tx, { kind: 'volume', id: volume.id });
  },
  async fail(tx, id) {
    await createVolumeStore(tx).update(id, { state: 'failed', locked: false });
  },
};
