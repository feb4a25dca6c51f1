import type { Db } from '../../db/client.ts';
import type { NamespacedRef, NamespaceState } from '../../provisioning/runtime-state.ts';
import { createNamespaceStore, type NamespaceRow } from './store.ts';

// Namespaces as the runtime is handed them, and the namespace part of every resource's desired state.

export const namespaceState = (row: NamespaceRow): NamespaceState => ({
  id: row.id,
  customerId: row.customerId,
  name: row.name,
  internalName: row.internalName,
});

/** A resource of a namespace as the runtime knows it (a namespace kept while it holds anything). */
export async function namespacedRef(
  tx: Db,
  resource: { id: number; name: string; namespaceId: number },
): Promise<NamespacedRef> {
  const namespace = await createNamespaceStore(tx).findAnyById(resource.namespaceId);
  if (!namespace) throw new Error(`namespace ${resource.namespaceId} is gone`);
  return {
    customerId: namespace.customerId,
    id: resource.id,
    name: resource.name,
    namespace: { name: namespace.name, internalName: namespace.internalName },
  };
}
