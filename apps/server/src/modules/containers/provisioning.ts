import type { ResourceHandler } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { recordEvent } from '../events/store.ts';
import { namespacedRef } from '../namespaces/runtime-state.ts';
import { currentRevision } from './revisions/store.ts';
import { containerState } from './runtime-state.ts';
import { createContainerStore } from './store.ts';

/**
 * Container → runtime. The task only hands the change over: the runtime brings replicas up (or down) over
 * time and reports the container running and unlocked, or removes it once deleted.
 */
export const containerProvisioning = (secretBox: SecretBox): ResourceHandler => ({
  async apply(tx, driver, id, action) {
    const container = await createContainerStore(tx).findAnyById(id);
    if (!container) return;
    if (action === 'delete') {
      await driver.deleteContainer(tx, await namespacedRef(tx, container));
      return;
    }
    await driver.applyContainer(tx, await containerState(tx, secretBox, container));
    const revision = await currentRevision(tx, id);
    const what = revision === undefined ? container.image : `revision ${revision}, ${container.image}`;
    await recordEvent(tx, { kind: 'container', id }, 'DEPLOY_STARTED', `Deploy started: ${what}`);
  },
  async fail(tx, id) {
    await createContainerStore(tx).update(id, { state: 'failed', locked: false });
  },
});
