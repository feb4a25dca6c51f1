import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEntries, namespaces, type AuditChange } from '../../db/schema.ts';

export type AuditRow = typeof auditEntries.$inferSelect;

export interface AuditRecord {
  customerId: number;
  accountId: number | null;
  eventType: 'create' | 'update' | 'delete' | 'reveal';
  modelName: string;
  modelId: number;
  changeSet: AuditChange[];
  tags?: string[];
}

/**
 * Records a change by the signed-in account, in the caller's transaction: `before` and `after` are what
 * the audit log may show of the record (no secrets), null when it did not or no longer exists. The entry
 * is tagged with the record's name and namespace, so that an update (whose change set lacks both) still
 * says what it changed.
 */
export async function recordChange(
  tx: Db,
  account: { id: number; customerId: number },
  change: {
    eventType: AuditRecord['eventType'];
    modelName: string;
    modelId: number;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    /** The namespace the record lives in (a namespace's own id for a namespace). */
    namespaceId?: number;
  },
) {
  const name = (change.after ?? change.before)?.name;
  const [namespace] =
    change.namespaceId === undefined
      ? []
      : await tx
          .select({ name: namespaces.name })
          .from(namespaces)
          .where(eq(namespaces.id, change.namespaceId));
  await createAuditStore(tx).insert({
    customerId: account.customerId,
    accountId: account.id,
    eventType: change.eventType,
    modelName: change.modelName,
    modelId: change.modelId,
    changeSet: diff(change.before, change.after),
    tags: [
      ...(typeof name === 'string' ? [`name:${name}`] : []),
      ...(namespace ? [`namespace:${namespace.name}`] : []),
    ],
  });
}

export function createAuditStore(db: Db) {
  return {
    async insert(record: AuditRecord) {
      await db.insert(auditEntries).values({ ...record, tags: record.tags ?? [] });
    },

    list(customerId: number, filter: { eventTypes: string[]; modelNames: string[] } | null) {
      const conditions = [eq(auditEntries.customerId, customerId)];
      if (filter?.eventTypes.length) conditions.push(inArray(auditEntries.eventType, filter.eventTypes));
      if (filter?.modelNames.length) conditions.push(inArray(auditEntries.modelName, filter.modelNames));
      return db
        .select()
        .from(auditEntries)
        .where(and(...conditions))
        .orderBy(desc(auditEntries.occurredAt), desc(auditEntries.id))
        .limit(1000);
    },
  };
}

/** The change set between two versions of a record: one entry per field whose value differs. */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const text = (value: unknown) =>
    value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
  return [...names]
    .map((name) => ({ name, oldValue: text(before?.[name]), newValue: text(after?.[name]) }))
    .filter((change) => change.oldValue !== change.newValue);
}
