import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { containerMounts, containers, namespaces, volumes } from '../../db/schema.ts';

export type VolumeRow = typeof volumes.$inferSelect;

const BYTES_PER_GB = 1_000_000_000;

export function createVolumeStore(db: Db) {
  const byName = (namespaceId: number, name: string) =>
    and(eq(volumes.namespaceId, namespaceId), eq(volumes.name, name));

  return {
    /** Volumes by id (containers and jobs mount them by id). */
    async byIds(ids: number[]) {
      if (ids.length === 0) return new Map<number, VolumeRow>();
      const rows = await db.select().from(volumes).where(inArray(volumes.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    },

    listByNamespaces(namespaceIds: readonly number[]) {
      return db
        .select()
        .from(volumes)
        .where(inArray(volumes.namespaceId, [...namespaceIds]))
        .orderBy(asc(volumes.name));
    },

    /** The customer's volume; another customer's is not there. */
    async findById(customerId: number, id: number) {
      const [row] = await db
        .select()
        .from(volumes)
        .where(
          and(
            eq(volumes.id, id),
            sql`${volumes.namespaceId} IN (SELECT id FROM ${namespaces} WHERE customer_id = ${customerId})`,
          ),
        );
      return row;
    },

    async findByName(namespaceId: number, name: string) {
      const [row] = await db.select().from(volumes).where(byName(namespaceId, name));
      return row;
    },

    /**
     * The volume, its row locked until the transaction ends: a delete and a container mounting the volume
     * take turns, so the delete's in-use check never misses a new mount.
     */
    async findByNameForUpdate(namespaceId: number, name: string) {
      const [row] = await db.select().from(volumes).where(byName(namespaceId, name)).for('update');
      return row;
    },

    async findAnyById(id: number) {
      const [row] = await db.select().from(volumes).where(eq(volumes.id, id));
      return row;
    },

    async insert(values: { namespaceId: number; name: string; sizeGb: number }) {
      const [row] = await db
        .insert(volumes)
        .values({ ...values, state: 'creating', locked: true })
        .returning();
      if (!row) throw new Error('volume insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<Pick<VolumeRow, 'state' | 'locked' | 'sizeGb'>>) {
      const [row] = await db
        .update(volumes)
        .set({ ...values, modifiedAt: new Date() })
        .where(eq(volumes.id, id))
        .returning();
      return row;
    },

    async remove(id: number) {
      await db.delete(volumes).where(eq(volumes.id, id));
    },

    /** The containers mounting each of the volumes, in one statement (Volume.containers of a list). */
    async containersOf(volumeIds: readonly number[]) {
      const rows = await db
        .selectDistinctOn([containerMounts.volumeId, containers.id], {
          volumeId: containerMounts.volumeId,
          container: containers,
        })
        .from(containerMounts)
        .innerJoin(containers, eq(containers.id, containerMounts.containerId))
        .where(inArray(containerMounts.volumeId, [...volumeIds]))
        .orderBy(asc(containerMounts.volumeId), asc(containers.id));
      const byVolume = new Map<number, (typeof rows)[number]['container'][]>();
      for (const { volumeId, container } of rows)
        byVolume.set(volumeId, [...(byVolume.get(volumeId) ?? []), container]);
      return byVolume;
    },

    /** What mounts this volume, e.g. `container web`, `container job backup`. */
    async usedBy(id: number): Promise<string[]> {
      const rows = await queryRows<{ kind: string; name: string }>(
        db,
        sql`SELECT DISTINCT 'container' AS kind, c.name FROM container_mounts m JOIN containers c ON c.id = m.container_id
            WHERE m.volume_id = ${id}
            UNION SELECT DISTINCT 'container job' AS kind, j.name FROM container_job_mounts m JOIN container_jobs j ON j.id = m.job_id
            WHERE m.volume_id = ${id}
            ORDER BY kind, name`,
      );
      return rows.map((row) => `${row.kind} ${row.name}`);
    },

    /** The volumes the container mounts hold `bytes` more, each at most its size (the runtime's report). */
    async fillMountedBy(containerId: number, bytes: number) {
      await db.execute(sql`
        UPDATE volumes SET usage_bytes = LEAST(size_gb::bigint * ${BYTES_PER_GB}, usage_bytes + ${bytes})
        WHERE id IN (SELECT volume_id FROM container_mounts WHERE container_id = ${containerId})`);
    },
  };
}
