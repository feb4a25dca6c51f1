import { busy, notFound } from '../../errors.ts';

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
