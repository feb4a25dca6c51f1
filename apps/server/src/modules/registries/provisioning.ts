import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { createRegistryStore } from './store.ts';

/** Registry → runtime (an image pull secret): created once the runtime has it, removed once it let it go. */
export function registryProvisioning(secretBox: SecretBox): ResourceHandler {
  return {
    // Deleted with its namespace's contents: the workloads pulling from it go first.
    ready: async (tx, id, action) =>
      action !== 'delete' || (await createRegistryStore(tx).usedBy(id)).length === 0,
    async apply(tx, driver, id, action) {
      const store = createRegistryStore(tx);
      const registry = await store.findAnyById(id);
      if (!registry) return;
      if (action === 'delete') {
        await driver.deleteRegistry(tx, registry);
        await store.remove(registry.id);
        return;
      }
      await driver.applyRegistry(tx, registry, secretBox.decryptSecret(registry.passwordEncrypted));
      await store.update(registry.id, { state: 'created', locked: false });
    },
    async fail(tx, id) {
      await createRegistryStore(tx).update(id, { state: 'failed', locked: false });
    },
  };
}
