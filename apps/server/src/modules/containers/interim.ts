import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { badInput } from '../../errors.ts';
import type { ContainerCollaborators } from './service.ts';

// Stand-ins until the registries and volumes modules are wired in (services.ts then passes theirs): the
// registry lookup reads the registries table as its module defines it; mounts are refused with a message
// saying so rather than half supported.
export const interimCollaborators: ContainerCollaborators = {
  async findRegistryForUse(tx, namespaceId, name) {
    const [row] = await queryRows<{ id: number; name: string; namespace: string }>(
      tx,
      sql`SELECT r.id, r.name FROM private_registries r WHERE r.namespace_id = ${namespaceId} AND r.name = ${name}`,
    );
    if (!row) {
      const [namespace] = await queryRows<{ name: string }>(
        tx,
        sql`SELECT name FROM namespaces WHERE id = ${namespaceId}`,
      );
      throw badInput(
        'registry',
        `registry ${name} does not exist in namespace ${namespace?.name ?? namespaceId}`,
      );
    }
    return row;
  },
  async resolveMountVolume() {
    throw badInput('mounts', 'mounts: volumes cannot be mounted yet');
  },
};
