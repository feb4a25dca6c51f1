import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import { createNamespaceStore } from './store.ts';

/** Namespace → runtime: created once the runtime has it, removed once the runtime has let it go. */
export const namespaceProvisioning: ResourceHandler = {
  async apply(tx, driver, id, action) {
    const store = createNamespaceStore(tx);
    const namespace = await store.findAnyById(id);
    if (!namespace) return;
    if (action === 'delete') {
      await driver.deleteNamespace(namespace);
      await store.remove(namespace.id);
      return;
    }
    await driver.applyNamespace(namespace);
    await store.update(namespace.id, { state: 'created', locked: false });
  },
  async fail(tx, id) {
    await createNamespaceStore(tx).update(id, { state: 'failed', locked: false });
  },
};
