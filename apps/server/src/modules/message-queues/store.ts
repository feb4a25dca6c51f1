import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { groupBy } from '../../batching.ts';
import type { Db } from '../../db/client.ts';
import { messageQueues, messageQueueUsers, namespaces } from '../../db/schema.ts';

export type QueueRow = typeof messageQueues.$inferSelect;
export type QueueUserRow = typeof messageQueueUsers.$inferSelect;

const ownedBy = (customerId: number) =>
  sql`${messageQueues.namespaceId} IN (SELECT id FROM ${namespaces} WHERE customer_id = ${customerId})`;

export function createQueueStore(db: Db) {
  const byName = (namespaceId: number, name: string) =>
    and(eq(messageQueues.namespaceId, namespaceId), eq(messageQueues.name, name));

  return {
    listByCustomer(customerId: number) {
      return db
        .select()
        .from(messageQueues)
        .where(ownedBy(customerId))
        .orderBy(asc(messageQueues.name), asc(messageQueues.id));
    },

    listByNamespaces(namespaceIds: readonly number[]) {
      return db
        .select()
        .from(messageQueues)
        .where(inArray(messageQueues.namespaceId, [...namespaceIds]))
        .orderBy(asc(messageQueues.name));
    },

    /** The customer's queue by id; another customer's is not there. */
    async findById(customerId: number, id: number) {
      const [row] = await db
        .select()
        .from(messageQueues)
        .where(and(eq(messageQueues.id, id), ownedBy(customerId)));
      return row;
    },

    async findByName(namespaceId: number, name: string) {
      const [row] = await db.select().from(messageQueues).where(byName(namespaceId, name));
      return row;
    },

    /** The queue, its row locked until the transaction ends (one change of a queue at a time). */
    async findByNameForUpdate(namespaceId: number, name: string) {
      const [row] = await db.select().from(messageQueues).where(byName(namespaceId, name)).for('update');
      return row;
    },

    async findAnyById(id: number) {
      const [row] = await db.select().from(messageQueues).where(eq(messageQueues.id, id));
      return row;
    },

    async findByIdForUpdate(id: number) {
      const [row] = await db.select().from(messageQueues).where(eq(messageQueues.id, id)).for('update');
      return row;
    },

    async findOwnedForUpdate(customerId: number, id: number) {
      const [row] = await db
        .select()
        .from(messageQueues)
        .where(and(eq(messageQueues.id, id), ownedBy(customerId)))
        .for('update');
      return row;
    },

    async insert(values: Pick<QueueRow, 'namespaceId' | 'name' | 'version' | 'planId' | 'allowList'>) {
      const [row] = await db
        .insert(messageQueues)
        // Placed by the driver once its id is known; unpaid until a subscription to its plan says otherwise.
        .values({
          ...values,
          hostname: '',
          amqpPort: 0,
          managementPort: 0,
          vhost: '',
          userPrefix: '',
          tls: false,
          state: 'creating',
          locked: true,
          unpaidSince: new Date(),
        })
        .returning();
      if (!row) throw new Error('message queue insert returned nothing');
      return row;
    },

    async update(
      id: number,
      values: Partial<
        Pick<
          QueueRow,
          | 'state'
          | 'locked'
          | 'planId'
          | 'allowList'
          | 'unpaidSince'
          | 'stoppedUnpaid'
          | 'hostname'
          | 'amqpPort'
          | 'managementPort'
          | 'vhost'
          | 'userPrefix'
          | 'tls'
        >
      >,
    ) {
      const [row] = await db
        .update(messageQueues)
        .set({ ...values, modifiedAt: new Date() })
        .where(eq(messageQueues.id, id))
        .returning();
      if (!row) throw new Error(`message queue ${id} vanished`);
      return row;
    },

    /** Running queues unpaid since before `before` and not stopped for it yet. */
    unpaidSince(before: Date) {
      return db
        .select()
        .from(messageQueues)
        .where(
          and(
            lt(messageQueues.unpaidSince, before),
            eq(messageQueues.stoppedUnpaid, false),
            eq(messageQueues.state, 'running'),
            eq(messageQueues.locked, false),
          ),
        );
    },

    async remove(id: number) {
      await db.delete(messageQueues).where(eq(messageQueues.id, id));
    },

    /** Users of the queues, by queue, by name. */
    async usersOf(queueIds: readonly number[]) {
      const rows = await db
        .select()
        .from(messageQueueUsers)
        .where(inArray(messageQueueUsers.queueId, [...queueIds]))
        .orderBy(asc(messageQueueUsers.name));
      return groupBy(rows, (row) => row.queueId);
    },

    async insertUser(values: Pick<QueueUserRow, 'queueId' | 'name' | 'role' | 'passwordEncrypted'>) {
      await db.insert(messageQueueUsers).values({ ...values, status: 'creating' });
    },

    async updateUser(id: number, values: Partial<Pick<QueueUserRow, 'passwordEncrypted' | 'status'>>) {
      await db.update(messageQueueUsers).set(values).where(eq(messageQueueUsers.id, id));
    },

    /** After the driver applied the queue: its users are ready. */
    async settleUsers(queueId: number) {
      await db
        .update(messageQueueUsers)
        .set({ status: 'ready' })
        .where(eq(messageQueueUsers.queueId, queueId));
    },
  };
}
