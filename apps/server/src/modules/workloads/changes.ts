import type { Database, Db } from '../../db/client.ts';
import { busy, notFound } from '../../errors.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { containedKind } from '../namespaces/contained.ts';

// What a change of a container or container job goes through first (after the access policy's gate): the
// workload's row locked against other changes.

/** What lockedForChange needs of a workload's store. */
interface LockableStore<Row> {
  findByName(customerId: number, namespace: string, name: string): Promise<Row | undefined>;
  lock(id: number): Promise<void>;
  findAnyById(id: number): Promise<Row | undefined>;
}

/**
 * The customer's workload to change, its row locked for the rest of the transaction: NOT_FOUND (also for
 * another customer's), or CONFLICT while an earlier change is being applied. `kind` names it in messages.
 */
export async function lockedForChange<
  Row extends { id: number; name: string; state: string; locked: boolean },
>(
  store: LockableStore<Row>,
  kind: string,
  customerId: number,
  input: { namespace: string; name: string },
): Promise<Row> {
  const missing = () => notFound(`${kind} ${input.name} in namespace ${input.namespace}`);
  const found = await store.findByName(customerId, input.namespace, input.name);
  if (!found) throw missing();
  await store.lock(found.id);
  // Read again under the lock: a change that committed meanwhile is seen.
  const row = await store.findAnyById(found.id);
  if (!row) throw missing();
  if (row.locked) throw busy(kind, row);
  return row;
}

/**
 * A workload kind's delete and its part of a namespace's cascade, both through its `startDelete` (which
 * locks the workload, audits and queues it): the same for containers and container jobs.
 */
export function workloadDeletion<Row extends { name: string; state: string; locked: boolean }>(deps: {
  database: Database;
  /** How a refusal names it: "Container". */
  kind: string;
  listByNamespaces(tx: Db, namespaceIds: number[]): Promise<Map<number, Row[]>>;
  startDelete(
    tx: Db,
    account: AccountWithCustomer,
    input: { namespace: string; name: string },
  ): Promise<void>;
}) {
  return {
    delete: (account: AccountWithCustomer, input: { namespace: string; name: string }) =>
      deps.database.db.transaction(async (tx) => {
        await deps.startDelete(tx, account, input);
        return true;
      }),

    /** Starts deleting every one of a namespace being emptied (CONFLICT while one is changing). */
    contained: containedKind({
      kind: deps.kind,
      rowsIn: async (tx, id) => (await deps.listByNamespaces(tx, [id])).get(id) ?? [],
      startDelete: (tx, account, row, namespace) =>
        deps.startDelete(tx, account, { namespace: namespace.name, name: row.name }),
    }),
  };
}
