import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  externalConnectionPorts,
  externalConnections,
  externalIps,
  type ConnectedKind,
} from '../../db/schema.ts';

export type ExternalIpRow = typeof externalIps.$inferSelect;
export type ConnectionRow = typeof externalConnections.$inferSelect;
export type ConnectionPortRow = typeof externalConnectionPorts.$inferSelect;
export type NewPort = Pick<ConnectionPortRow, 'externalPort' | 'internalPort' | 'protocol' | 'allowList'>;

export function createConnectionStore(db: Db) {
  return {
    /** One allocation at a time: the lowest free address and port are decided alone. */
    async lockAllocations() {
      await db.execute(sql`LOCK TABLE external_ips IN SHARE ROW EXCLUSIVE MODE`);
    },

    async connectionOf(kind: ConnectedKind, resourceId: number) {
      const [row] = await db
        .select()
        .from(externalConnections)
        .where(
          and(eq(externalConnections.resourceKind, kind), eq(externalConnections.resourceId, resourceId)),
        );
      return row;
    },

    /** The connections of these resources of a kind, with their addresses and ports. */
    async viewsOf(kind: ConnectedKind, resourceIds: readonly number[]) {
      const connections = await db
        .select({ connection: externalConnections, ip: externalIps })
        .from(externalConnections)
        .innerJoin(externalIps, eq(externalIps.id, externalConnections.ipId))
        .where(
          and(
            eq(externalConnections.resourceKind, kind),
            inArray(externalConnections.resourceId, [...resourceIds]),
          ),
        );
      const ports = connections.length
        ? await db
            .select()
            .from(externalConnectionPorts)
            .where(
              inArray(
                externalConnectionPorts.connectionId,
                connections.map(({ connection }) => connection.id),
              ),
            )
            .orderBy(asc(externalConnectionPorts.protocol), asc(externalConnectionPorts.externalPort))
        : [];
      return connections.map(({ connection, ip }) => ({
        connection,
        ip,
        ports: ports.filter((port) => port.connectionId === connection.id),
      }));
    },

    async ipById(id: number) {
      const [row] = await db.select().from(externalIps).where(eq(externalIps.id, id));
      return row;
    },

    async sharedIpOf(customerId: number) {
      const [row] = await db
        .select()
        .from(externalIps)
        .where(and(eq(externalIps.customerId, customerId), eq(externalIps.shared, true)));
      return row;
    },

    /** Every address handed out, of both families. */
    async usedAddresses() {
      const rows = await db.select({ ipv4: externalIps.ipv4, ipv6: externalIps.ipv6 }).from(externalIps);
      return { ipv4: new Set(rows.map((row) => row.ipv4)), ipv6: new Set(rows.map((row) => row.ipv6)) };
    },

    async insertIp(values: Pick<ExternalIpRow, 'customerId' | 'ipv4' | 'ipv6' | 'shared'>) {
      const [row] = await db.insert(externalIps).values(values).returning();
      if (!row) throw new Error('external address insert returned nothing');
      return row;
    },

    /** Removes the address pair once no connection or port holds it. */
    async removeIpIfUnused(id: number) {
      await db.execute(sql`DELETE FROM external_ips WHERE id = ${id}
        AND NOT EXISTS (SELECT 1 FROM external_connections WHERE ip_id = ${id})`);
    },

    /** Ports of the address pair, of every connection on it. */
    portsOnIp(ipId: number) {
      return db.select().from(externalConnectionPorts).where(eq(externalConnectionPorts.ipId, ipId));
    },

    async insertConnection(values: Pick<ConnectionRow, 'resourceKind' | 'resourceId' | 'ipId'>) {
      const [row] = await db.insert(externalConnections).values(values).returning();
      if (!row) throw new Error('external connection insert returned nothing');
      return row;
    },

    async moveConnection(id: number, ipId: number) {
      await db.update(externalConnections).set({ ipId }).where(eq(externalConnections.id, id));
    },

    async removeConnection(id: number) {
      await db.delete(externalConnections).where(eq(externalConnections.id, id));
    },

    /** Replaces the connection's ports with these, on its address pair. */
    async replacePorts(connectionId: number, ipId: number, ports: NewPort[]) {
      await db.delete(externalConnectionPorts).where(eq(externalConnectionPorts.connectionId, connectionId));
      if (ports.length > 0) {
        await db
          .insert(externalConnectionPorts)
          .values(ports.map((port) => ({ ...port, connectionId, ipId })));
      }
    },
  };
}
