import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import { namespaceState } from './runtime-state.ts';
import { createNamespaceStore } from './store.ts';

/** Namespace → runtime: created once the runtime has it, removed once the runtime has let it go. */
export const namespaceProvisioning: ResourceHandler = {
  // Deleted with its contents: they go first, each on its own path.
  async ready(tx, id, action) {
    if (action !== 'delete') return true;
    const held = await createNamespaceStore(tx).holdings(id);
    return Object.values(held).every((count) => count === 0);
  },
  async apply(tx, driver, id, action) {
    const store = createNamespaceStore(tx);
    const namespace = await store.findAnyById(id);
    if (!namespace) return;
    if (action === 'delete') {
      await driver.deleteNamespace(namespaceState(namespace));
      await store.remove(namespace.id);
      return;
    }
    await driver.applyNamespace(namespaceState(namespace));
    await store.update(namespace.id, { state: 'created', locked: false });
  },
  async fail(tx, id) {
    await createNamespaceStore(tx).update(id, { state: 'failed', locked: false });
  },
};
