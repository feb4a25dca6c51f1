import type { Db } from '../../db/client.ts';
import type { Provisioner, TaskAction } from '../../provisioning/provisioner.ts';
import { recordChange } from './store.ts';

type Audited = Record<string, unknown> | null;

/**
 * How a kind records a change the runtime must apply: in the audit log and in the provisioner's queue, in
 * the change's transaction, so that neither happens without the other. `modelName` is the audit log's
 * name of the kind, `taskKind` the provisioner's.
 */
export function queuedChanges(provisioner: Provisioner, kind: { modelName: string; taskKind: string }) {
  return async function record(
    tx: Db,
    account: { id: number; customerId: number },
    action: TaskAction,
    /** The record's id and its namespace's (a namespace's own id for a namespace). */
    record: { id: number; namespaceId: number },
    before: Audited,
    after: Audited,
  ) {
    await recordChange(tx, account, {
      eventType: action,
      modelName: kind.modelName,
      modelId: record.id,
      namespaceId: record.namespaceId,
      before,
      after,
    });
    await provisioner.enqueue(tx, { kind: kind.taskKind, id: record.id, action });
  };
}
