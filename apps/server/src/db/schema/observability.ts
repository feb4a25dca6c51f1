import { bigserial, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// What resources tell: log lines, events, metric points.

export const logLines = pgTable('log_lines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sourceKind: text('source_kind').notNull(),
  sourceId: integer('source_id').notNull(),
  stream: text('stream').notNull(),
  occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  line: text('line').notNull(),
  /** A replica's line: its container and the replica's name, kept after the replica is gone (0029). */
  containerId: integer('container_id'),
  replica: text('replica'),
});

export const resourceEvents = pgTable('resource_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  resourceKind: text('resource_kind').notNull(),
  resourceId: integer('resource_id').notNull(),
  occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  type: text('type').notNull(),
  message: text('message').notNull(),
});

export const metricPoints = pgTable(
  'metric_points',
  {
    sourceKind: text('source_kind').notNull(),
    sourceId: integer('source_id').notNull(),
    metric: text('metric').notNull(),
    resolution: text('resolution').notNull(),
    bucket: timestamptz('bucket').notNull(),
    samples: integer('samples').notNull(),
    total: doublePrecision('total').notNull(),
    maximum: doublePrecision('maximum').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.sourceKind, table.sourceId, table.resolution, table.bucket, table.metric],
    }),
  ],
);
