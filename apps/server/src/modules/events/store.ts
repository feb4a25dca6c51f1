import { and, desc, eq, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEntries, resourceEvents, type AuditChange } from '../../db/schema.ts';

// Events of a resource: what the runtime reports (recorded here by whichever driver runs it, in the
// transaction of its report) merged with the audit entries of the resource (the changes people made).

export type EventResourceKind =
  'container' | 'container-job' | 'volume' | 'database-cluster' | 'message-queue';

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
  | 'PLAN_CHANGED'
  | 'RUNTIME_WARNING';

export type AuditEventType = 'CREATED' | 'CHANGED' | 'DELETED' | 'REVEALED';

export interface EventView {
  id: string;
  /** Where the page after this event starts (`after`). */
  cursor: string;
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
  'message-queue': 'MessageQueue',
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

/**
 * Records an event unless the resource has had the same one since `since`: a runtime that repeats a warning
 * (or tells it again after a restart, or to each of several processes) records it once.
 */
export async function recordEventOnce(
  tx: Db,
  resource: EventResource,
  type: RuntimeEventType,
  message: string,
  since: Date,
) {
  const [seen] = await tx
    .select({ id: resourceEvents.id })
    .from(resourceEvents)
    .where(
      and(
        eq(resourceEvents.resourceKind, resource.kind),
        eq(resourceEvents.resourceId, resource.id),
        eq(resourceEvents.type, type),
        eq(resourceEvents.message, message),
        gte(resourceEvents.occurredAt, since),
      ),
    )
    .limit(1);
  if (!seen) await recordEvent(tx, resource, type, message);
}

function auditMessage(eventType: string, changeSet: AuditChange[], tags: string[]): string {
  switch (eventType) {
    case 'create':
      return 'Created';
    case 'delete':
      return 'Deleted';
    case 'reveal': {
      const user = tags.find((tag) => tag.startsWith('user:'))?.slice('user:'.length);
      return user ? `Credentials of user ${user} revealed` : 'Credentials revealed';
    }
    default:
      return changeSet.length ? `Changed ${changeSet.map((change) => change.name).join(', ')}` : 'Changed';
  }
}

/** Kinds of events a reader filters by, each a set of event types. */
export type EventKind = 'DEPLOYS' | 'SCALING' | 'FAILURES' | 'RUNS' | 'CHANGES';

const RUNTIME_TYPES_OF: Record<Exclude<EventKind, 'CHANGES'>, RuntimeEventType[]> = {
  DEPLOYS: [
    'DEPLOY_STARTED',
    'DEPLOY_FINISHED',
    'DEPLOY_FAILED',
    'PLAN_CHANGED',
    'STOPPED_UNPAID',
    'STARTED_PAID',
  ],
  SCALING: ['SCALED', 'REPLICA_STARTED', 'REPLICA_STOPPED', 'VOLUME_GROWN'],
  FAILURES: ['DEPLOY_FAILED', 'REPLICA_FAILED', 'RUNTIME_WARNING', 'STOPPED_UNPAID'],
  RUNS: ['RUN_STARTED', 'RUN_FINISHED'],
};

/**
 * Where a page of events ends: the last event's time in microseconds (as the database keeps it: events of
 * one transaction share it), its table and its id. Events are ordered by time, then the runtime's before
 * the audit log's, then by id, all newest first.
 */
interface EventCursor {
  micros: bigint;
  table: 'event' | 'audit';
  id: number;
}

const TABLE_RANK = { audit: 0, event: 1 } as const;

export const encodeCursor = (cursor: EventCursor) =>
  Buffer.from(`${cursor.micros}:${cursor.table}:${cursor.id}`).toString('base64url');

/** The cursor a client gave back, or undefined when it is not one of ours. */
export function decodeCursor(text: string): EventCursor | undefined {
  const match = /^(\d{1,20}):(event|audit):(\d{1,15})$/.exec(Buffer.from(text, 'base64url').toString());
  if (!match?.[1] || !match[3]) return undefined;
  return { micros: BigInt(match[1]), table: match[2] as EventCursor['table'], id: Number(match[3]) };
}

const microsOf = (column: SQL | AnyColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;

/** Rows of `table` that come after the cursor (older, or as old and lower in the order). */
function olderThan(cursor: EventCursor, table: EventCursor['table'], occurredAt: AnyColumn, id: AnyColumn) {
  const micros = microsOf(occurredAt);
  const older = sql`${micros} < ${cursor.micros.toString()}::bigint`;
  const sameTime = sql`${micros} = ${cursor.micros.toString()}::bigint`;
  if (table === cursor.table) return or(older, and(sameTime, lt(id, cursor.id)));
  // At the cursor's time, a table ranked below the cursor's comes wholly after it, one ranked above before.
  return TABLE_RANK[table] < TABLE_RANK[cursor.table] ? or(older, sameTime) : older;
}

export interface EventQuery {
  limit: number;
  /** Only events after this one, in the order above (the next page). */
  after?: EventCursor;
  /** Only events of these kinds; all when left out. */
  kinds?: EventKind[];
}

/** The resource's events, newest first: the runtime's and the audit log's together, a page at a time. */
export async function eventsOf(db: Db, resource: EventResource, query: EventQuery): Promise<EventView[]> {
  const { limit, after, kinds } = query;
  const runtimeTypes = kinds && [
    ...new Set(kinds.flatMap((kind) => (kind === 'CHANGES' ? [] : RUNTIME_TYPES_OF[kind]))),
  ];
  const withChanges = !kinds || kinds.includes('CHANGES');
  const [runtime, audited] = await Promise.all([
    runtimeTypes?.length === 0
      ? []
      : db
          .select({ row: resourceEvents, micros: microsOf(resourceEvents.occurredAt) })
          .from(resourceEvents)
          .where(
            and(
              eq(resourceEvents.resourceKind, resource.kind),
              eq(resourceEvents.resourceId, resource.id),
              runtimeTypes ? inArray(resourceEvents.type, runtimeTypes) : undefined,
              after ? olderThan(after, 'event', resourceEvents.occurredAt, resourceEvents.id) : undefined,
            ),
          )
          .orderBy(desc(resourceEvents.occurredAt), desc(resourceEvents.id))
          .limit(limit),
    !withChanges
      ? []
      : db
          .select({ entry: auditEntries, micros: microsOf(auditEntries.occurredAt) })
          .from(auditEntries)
          .where(
            and(
              eq(auditEntries.modelName, auditModel[resource.kind]),
              eq(auditEntries.modelId, resource.id),
              after ? olderThan(after, 'audit', auditEntries.occurredAt, auditEntries.id) : undefined,
            ),
          )
          .orderBy(desc(auditEntries.occurredAt), desc(auditEntries.id))
          .limit(limit),
  ]);
  const events: (EventView & { order: EventCursor })[] = [
    ...runtime.map(({ row, micros }) => ({
      id: `event:${row.id}`,
      cursor: '',
      order: { micros: BigInt(micros), table: 'event' as const, id: row.id },
      occurredAt: row.occurredAt,
      type: row.type as RuntimeEventType,
      message: row.message,
      accountId: null,
      changeSet: [],
    })),
    ...audited.map(({ entry, micros }) => ({
      id: `audit:${entry.id}`,
      cursor: '',
      order: { micros: BigInt(micros), table: 'audit' as const, id: entry.id },
      occurredAt: entry.occurredAt,
      type: auditType[entry.eventType] ?? 'CHANGED',
      message: auditMessage(entry.eventType, entry.changeSet, entry.tags),
      accountId: entry.accountId,
      changeSet: entry.changeSet,
    })),
  ];
  const newestFirst = (a: EventCursor, b: EventCursor) =>
    a.micros !== b.micros
      ? Number(b.micros - a.micros)
      : a.table !== b.table
        ? TABLE_RANK[b.table] - TABLE_RANK[a.table]
        : b.id - a.id;
  return events
    .sort((a, b) => newestFirst(a.order, b.order))
    .slice(0, limit)
    .map(({ order, ...event }) => ({ ...event, cursor: encodeCursor(order) }));
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
