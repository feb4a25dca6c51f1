import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import { createLegacyDatabaseStore } from './store.ts';

/** Legacy cloud database → running once the runtime's settle time has passed (they are only created now). */
export const legacyDatabaseProvisioning: ResourceHandler = {
  async apply(tx, _driver, id) {
    await createLegacyDatabaseStore(tx).update(id, { state: 'running', locked: false });
  },
  async fail(tx, id) {
    await createLegacyDatabaseStore(tx).update(id, { state: 'failed', locked: false });
  },
};
