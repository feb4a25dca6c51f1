import type { Db } from '../../db/client.ts';
import { recordEvent } from '../events/store.ts';
import { createContainerStore, type ContainerRow } from './store.ts';

// How a deploy ends, whichever runtime reports it: the container unlocked, running with its addresses
// serving, or failed (the previous replicas, if any, go on serving); an event of the container either way.

export async function finishDeploy(tx: Db, container: Pick<ContainerRow, 'id' | 'state'>, message: string) {
  const store = createContainerStore(tx);
  await store.update(container.id, {
    state: 'running',
    locked: false,
    ...(container.state === 'creating' ? { startedAt: new Date() } : {}),
  });
  await store.markIngressesCreated(container.id);
  await recordEvent(
    tx,
    { kind: 'container', id: container.id },
    'DEPLOY_FINISHED',
    `Deploy finished: ${message}`,
  );
}

export async function failDeploy(tx: Db, container: Pick<ContainerRow, 'id'>, why: string) {
  await createContainerStore(tx).update(container.id, { state: 'failed', locked: false });
  await recordEvent(tx, { kind: 'container', id: container.id }, 'DEPLOY_FAILED', `Deploy failed: ${why}`);
}
