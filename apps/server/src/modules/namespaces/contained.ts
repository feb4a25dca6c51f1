import type { Db } from '../../db/client.ts';
import { busy } from '../../errors.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { NamespaceRow } from './store.ts';

// Deleting a namespace with what it holds: each module describes its kind of resource once, and the one
// cascade below starts deleting every resource of it in the namespace's transaction.

/** A kind of resource a namespace holds, as deleting the namespace with its contents sees it. */
export interface ContainedKind {
  /**
   * Starts deleting each of the namespace's resources of this kind in the caller's transaction; one being
   * deleted already is left as it is, one being changed is CONFLICT (and the transaction rolls back).
   */
  deleteAllIn(tx: Db, account: AccountWithCustomer, namespace: NamespaceRow): Promise<void>;
}

export function containedKind<Row extends { name: string; state: string; locked: boolean }>(spec: {
  /** How a refusal names it: "Volume". */
  kind: string;
  rowsIn(tx: Db, namespaceId: number): Promise<Row[]>;
  /** Starts deleting one resource (audited, queued for its driver) in the caller's transaction. */
  startDelete(tx: Db, account: AccountWithCustomer, row: Row, namespace: NamespaceRow): Promise<void>;
}): ContainedKind {
  return {
    async deleteAllIn(tx, account, namespace) {
      for (const row of await spec.rowsIn(tx, namespace.id)) {
        if (row.state === 'deleting') continue;
        if (row.locked) throw busy(spec.kind, row);
        await spec.startDelete(tx, account, row, namespace);
      }
    },
  };
}
