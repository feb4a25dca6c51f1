import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { groupBy } from '../../batching.ts';
import { queryRows, type Db } from '../../db/client.ts';
import {
  containerEnvironmentVariables,
  containerIngresses,
  containerMounts,
  containerReplicas,
  containers,
  namespaces,
} from '../../db/schema.ts';

export type ContainerRow = typeof containers.$inferSelect;
/** Variables and mounts as containers and container jobs both have them (the API's shared types). */
export type EnvironmentVariableRow = Pick<
  typeof containerEnvironmentVariables.$inferSelect,
  'id' | 'name' | 'value' | 'secret'
>;
export type MountRow = Pick<typeof containerMounts.$inferSelect, 'id' | 'path' | 'volumeId'>;
export type ReplicaRow = typeof containerReplicas.$inferSelect;
/** An ingress with the namespace of its container (Ingress.namespace). */
export type IngressRow = typeof containerIngresses.$inferSelect & { namespaceId: number };

export type ContainerValues = Omit<
  typeof containers.$inferInsert,
  'id' | 'state' | 'locked' | 'createdAt' | 'modifiedAt' | 'startedAt'
>;

/** Children of many containers in one statement, grouped by container id (lists never query per row). */
const byContainer = (row: { containerId: number }) => row.containerId;

export function createContainerStore(db: Db) {
  const ownedBy = (customerId: number) =>
    sql`${containers.namespaceId} IN (SELECT id FROM ${namespaces} WHERE customer_id = ${customerId})`;

  return {
    async findById(customerId: number, id: number) {
      const [row] = await db
        .select()
        .from(containers)
        .where(and(eq(containers.id, id), ownedBy(customerId)));
      return row;
    },

    async findByName(customerId: number, namespace: string, name: string) {
      const [row] = await db
        .select({ container: containers })
        .from(containers)
        .innerJoin(namespaces, eq(namespaces.id, containers.namespaceId))
        .where(
          and(
            eq(namespaces.customerId, customerId),
            eq(namespaces.name, namespace),
            eq(containers.name, name),
          ),
        );
      return row?.container;
    },

    async findAnyById(id: number) {
      const [row] = await db.select().from(containers).where(eq(containers.id, id));
      return row;
    },

    /** Locks the container row for the rest of the transaction (one change at a time). */
    async lock(id: number) {
      await db.execute(sql`SELECT id FROM ${containers} WHERE id = ${id} FOR UPDATE`);
    },

    async countInNamespace(namespaceId: number) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(containers)
        .where(eq(containers.namespaceId, namespaceId));
      return row?.count ?? 0;
    },

    async listByNamespaces(namespaceIds: number[]) {
      if (namespaceIds.length === 0) return new Map<number, ContainerRow[]>();
      const rows = await db
        .select()
        .from(containers)
        .where(inArray(containers.namespaceId, namespaceIds))
        .orderBy(asc(containers.name));
      return groupBy(rows, (row) => row.namespaceId);
    },

    async variablesOf(containerIds: number[]) {
      if (containerIds.length === 0) return new Map<number, EnvironmentVariableRow[]>();
      return groupBy(
        await db
          .select()
          .from(containerEnvironmentVariables)
          .where(inArray(containerEnvironmentVariables.containerId, containerIds))
          .orderBy(asc(containerEnvironmentVariables.name)),
        byContainer,
      );
    },

    async ingressesOf(containerIds: number[]) {
      if (containerIds.length === 0) return new Map<number, IngressRow[]>();
      const rows = await db
        .select({ ingress: containerIngresses, namespaceId: containers.namespaceId })
        .from(containerIngresses)
        .innerJoin(containers, eq(containers.id, containerIngresses.containerId))
        .where(inArray(containerIngresses.containerId, containerIds))
        .orderBy(asc(containerIngresses.id));
      return groupBy(
        rows.map((row) => ({ ...row.ingress, namespaceId: row.namespaceId })),
        byContainer,
      );
    },

    async mountsOf(containerIds: number[]) {
      if (containerIds.length === 0) return new Map<number, MountRow[]>();
      return groupBy(
        await db
          .select()
          .from(containerMounts)
          .where(inArray(containerMounts.containerId, containerIds))
          .orderBy(asc(containerMounts.path)),
        byContainer,
      );
    },

    async replicasOf(containerIds: number[]) {
      if (containerIds.length === 0) return new Map<number, ReplicaRow[]>();
      return groupBy(
        await db
          .select()
          .from(containerReplicas)
          .where(inArray(containerReplicas.containerId, containerIds))
          .orderBy(asc(containerReplicas.name)),
        byContainer,
      );
    },

    /**
     * The customer's suffix of default addresses, given now if it has none yet: a fresh one that no other
     * customer holds (the unique key settles a race between two customers drawing the same one).
     */
    async addressSuffix(customerId: number, fresh: () => string): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [current] = await queryRows<{ address_suffix: string | null }>(
          db,
          sql`SELECT address_suffix FROM customers WHERE id = ${customerId}`,
        );
        if (current?.address_suffix) return current.address_suffix;
        const suffix = fresh();
        const [claimed] = await queryRows<{ address_suffix: string }>(
          db,
          sql`UPDATE customers SET address_suffix = ${suffix}
              WHERE id = ${customerId} AND address_suffix IS NULL
                AND NOT EXISTS (SELECT 1 FROM customers WHERE address_suffix = ${suffix})
              RETURNING address_suffix`,
        );
        if (claimed) return claimed.address_suffix;
      }
      throw new Error(`no address suffix could be given to customer ${customerId}`);
    },

    /** Holds these domain names until the transaction ends (in one order, so two holders cannot deadlock). */
    async lockDomainNames(domainNames: string[]) {
      if (domainNames.length === 0) return;
      await db.execute(sql`
        SELECT pg_advisory_xact_lock(hashtextextended(name, 7340002))
        FROM (SELECT DISTINCT name FROM jsonb_array_elements_text(${JSON.stringify(domainNames)}::jsonb) AS name ORDER BY name) AS names`);
    },

    /** Which of these domain names another container already uses. */
    async domainsInUse(domainNames: string[], exceptContainerId: number | null) {
      if (domainNames.length === 0) return [];
      const conditions = [inArray(containerIngresses.domainName, domainNames)];
      if (exceptContainerId !== null) conditions.push(ne(containerIngresses.containerId, exceptContainerId));
      const rows = await db
        .select({ domainName: containerIngresses.domainName })
        .from(containerIngresses)
        .where(and(...conditions));
      return rows.map((row) => row.domainName);
    },

    async insert(values: ContainerValues & { state: string }) {
      const [row] = await db
        .insert(containers)
        .values({ ...values, locked: true })
        .returning();
      if (!row) throw new Error('container insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<Omit<ContainerRow, 'id' | 'namespaceId' | 'createdAt'>>) {
      const [row] = await db
        .update(containers)
        .set({ ...values, modifiedAt: new Date() })
        .where(eq(containers.id, id))
        .returning();
      return row;
    },

    /** Removes the container; variables, ingresses (freeing their names), mounts and replicas cascade. */
    async remove(id: number) {
      await db.delete(containers).where(eq(containers.id, id));
    },

    async replaceVariables(containerId: number, rows: { name: string; value: string; secret: boolean }[]) {
      await db
        .delete(containerEnvironmentVariables)
        .where(eq(containerEnvironmentVariables.containerId, containerId));
      if (rows.length)
        await db.insert(containerEnvironmentVariables).values(rows.map((row) => ({ ...row, containerId })));
    },

    async replaceIngresses(
      containerId: number,
      rows: { domainName: string; port: number; enableTls: boolean; allowlist: string[] }[],
    ) {
      await db.delete(containerIngresses).where(eq(containerIngresses.containerId, containerId));
      if (rows.length)
        await db.insert(containerIngresses).values(rows.map((row) => ({ ...row, containerId })));
    },

    async replaceMounts(containerId: number, rows: { path: string; volumeId: number }[]) {
      await db.delete(containerMounts).where(eq(containerMounts.containerId, containerId));
      if (rows.length) await db.insert(containerMounts).values(rows.map((row) => ({ ...row, containerId })));
    },

    /** Containers by id, whatever their customer (the runtime's reports). */
    async findAnyByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(containers).where(inArray(containers.id, ids));
    },

    /** The replica count the runtime aims for, as it reports it (not a change of the container's). */
    async setDesiredReplicas(id: number, count: number) {
      await db.update(containers).set({ desiredReplicas: count }).where(eq(containers.id, id));
    },

    async insertReplica(values: Omit<typeof containerReplicas.$inferInsert, 'id' | 'createdAt'>) {
      const [row] = await db.insert(containerReplicas).values(values).returning();
      return row;
    },

    async updateReplica(
      id: number,
      values: Partial<Pick<ReplicaRow, 'status' | 'statusMessage' | 'failures'>>,
    ) {
      await db.update(containerReplicas).set(values).where(eq(containerReplicas.id, id));
    },

    async findReplica(id: number): Promise<ReplicaRow | undefined> {
      const [row] = await db.select().from(containerReplicas).where(eq(containerReplicas.id, id));
      return row;
    },

    async removeReplica(id: number) {
      await db.delete(containerReplicas).where(eq(containerReplicas.id, id));
    },

    /** Deploys handed to the runtime (no task of theirs waiting) that have not ended, with their namespace. */
    async deploysInProgress() {
      return queryRows<{ name: string; namespace: string }>(
        db,
        sql`SELECT c.name, n.internal_name AS namespace FROM containers c
              JOIN namespaces n ON n.id = c.namespace_id
            WHERE c.state IN ('creating', 'updating') AND NOT EXISTS (
              SELECT 1 FROM provisioning_tasks t WHERE t.resource_kind = 'container' AND t.resource_id = c.id)`,
      );
    },

    /** The container's addresses serve (its deploy finished). */
    async markIngressesCreated(containerId: number) {
      await db
        .update(containerIngresses)
        .set({ state: 'created' })
        .where(eq(containerIngresses.containerId, containerId));
    },
  };
}

export type ContainerStore = ReturnType<typeof createContainerStore>;
