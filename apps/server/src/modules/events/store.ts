import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEntries, resourceEvents, type AuditChange } from '../../db/schema.ts';

// Events of a resource: what the runtime reports (recorded here by whichever driver runs it, in the
// transaction of its report) merged with the audit entries of the resource (the changes people made).

export type EventResourceKind = 'container' | 'container-job' | 'volume' | 'database-cluster';

export interface EventResource {
  kind: EventResourceKind;
  id: number;
}

/** What the runtime reports; CREATED, CHANGED, DELETED and REVEALED come from the audit log. */
export type RuntimeEventType =
  | 'DEPLOY_STARTED'
  | 'DEPLOY_FINISHED'
  | 'DEPLOY_FAILED'
  | 'REPLICA_STARTED'
  | 'REPLICA_STOPPED'
  | 'REPLICA_FAILED'
  | 'SCALED'
  | 'RUN_STARTED'
  | 'RUN_FINISHED'
  | 'VOLUME_GROWN'
  | 'STOPPED_UNPAID'
  | 'STARTED_PAID'
  | 'PLAN_CHANGED';

export type AuditEventType = 'CREATED' | 'CHANGED' | 'DELETED' | 'REVEALED';

export interface EventView {
  id: string;
  occurredAt: Date;
  type: RuntimeEventType | AuditEventType;
  message: string;
  /** Who made the change (audit entries). */
  accountId: number | null;
  changeSet: AuditChange[];
}

/** Events are kept this long. */
export const EVENT_RETENTION_DAYS = 31;

/** The audit log's model name of each kind of resource. */
const auditModel: Record<EventResourceKind, string> = {
  container: 'Container',
  'container-job': 'ContainerJob',
  volume: 'Volume',
  'database-cluster': 'CloudDatabaseCluster',
};

const auditType: Record<string, AuditEventType> = {
  create: 'CREATED',
  update: 'CHANGED',
  delete: 'DELETED',
  reveal: 'REVEALED',
};

/** Records what the runtime did to a resource, in the caller's transaction. */
export async function recordEvent(tx: Db, resource: EventResource, type: RuntimeEventType, message: string) {
  await tx
    .insert(resourceEvents)
    .values({ resourceKind: resource.kind, resourceId: resource.id, type, message });
}

function auditMessage(eventType: string, changeSet: AuditChange[]): string {
  switch (eventType) {
    case 'create':
      return 'Created';
    case 'delete':
      return 'Deleted';
    case 'reveal':
      return 'Credentials revealed';
    default:
      return changeSet.length ? `Changed ${changeSet.map((change) => change.name).join(', ')}` : 'Changed';
  }
}

/** The newest events of the resource, newest first: the runtime's and the audit log's together. */
export async function eventsOf(db: Db, resource: EventResource, limit: number): Promise<EventView[]> {
  const [runtime, audited] = await Promise.all([
    db
      .select()
      .from(resourceEvents)
      .where(and(eq(resourceEvents.resourceKind, resource.kind), eq(resourceEvents.resourceId, resource.id)))
      .orderBy(desc(resourceEvents.id))
      .limit(limit),
    db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.modelName, auditModel[resource.kind]), eq(auditEntries.modelId, resource.id)),
      )
      .orderBy(desc(auditEntries.id))
      .limit(limit),
  ]);
  const events: EventView[] = [
    ...runtime.map((row) => ({
      id: `event:${row.id}`,
      occurredAt: row.occurredAt,
      type: row.type as RuntimeEventType,
      message: row.message,
      accountId: null,
      changeSet: [],
    })),
    ...audited.map((entry) => ({
      id: `audit:${entry.id}`,
      occurredAt: entry.occurredAt,
      type: auditType[entry.eventType] ?? 'CHANGED',
      message: auditMessage(entry.eventType, entry.changeSet),
      accountId: entry.accountId,
      changeSet: entry.changeSet,
    })),
  ];
  return events.sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime()).slice(0, limit);
}

/** Forgets events older than EVENT_RETENTION_DAYS; returns how many. */
export async function pruneEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  const gone = await db
    .delete(resourceEvents)
    .where(lt(resourceEvents.occurredAt, cutoff))
    .returning({ id: resourceEvents.id });
  return gone.length;
}
