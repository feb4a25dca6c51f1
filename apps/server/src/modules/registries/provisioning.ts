import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { Db } from '../../db/client.ts';
import type { RegistryState } from '../../provisioning/runtime-state.ts';
import { namespacedRef } from '../namespaces/runtime-state.ts';
import { parseRegistrySource } from './source.ts';
import { createRegistryStore, type RegistryRow } from './store.ts';

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
        await driver.deleteRegistry(tx, await namespacedRef(tx, registry));
        await store.remove(registry.id);
        return;
      }
      await driver.applyRegistry(tx, await registryState(tx, registry, secretBox));
      await store.update(registry.id, { state: 'created', locked: false });
    },
    async fail(tx, id) {
      await createRegistryStore(tx).update(id, { state: 'failed', locked: false });
    },
  };
}

/** The registry as the runtime is handed it: where it is, and its credentials (the password decrypted). */
async function registryState(tx: Db, registry: RegistryRow, secretBox: SecretBox): Promise<RegistryState> {
  const parsed = parseRegistrySource(registry.source, { allowHttp: true });
  if ('problem' in parsed) throw new Error(`registry ${registry.name}: ${parsed.problem}`);
  return {
    ...(await namespacedRef(tx, registry)),
    source: parsed.source,
    username: registry.username,
    password: secretBox.decryptSecret(registry.passwordEncrypted),
  };
}
