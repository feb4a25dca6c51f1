import { bigserial, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

export type MeteredResourceType = 'CONTAINER' | 'CONTAINER_JOB' | 'VOLUME' | 'MESSAGE_QUEUE' | 'IPADDRESS';

// Usage meters (0009): spans during which something billable ran at one size, reported by the runtime.
export const usageMeters = pgTable('usage_meters', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: integer('customer_id').notNull(),
  namespaceName: text('namespace_name').notNull(),
  resourceType: text('resource_type').$type<MeteredResourceType>().notNull(),
  resourceName: text('resource_name').notNull(),
  subject: text('subject').notNull(),
  subjectKey: text('subject_key').notNull(),
  size: text('size').notNull(),
  startedAt: timestamptz('started_at').notNull(),
  endedAt: timestamptz('ended_at'),
});

// Closed usage spans summed per calendar month (0009, kept by a trigger on usage_meters).
export const usageMonthly = pgTable(
  'usage_monthly',
  {
    customerId: integer('customer_id').notNull(),
    month: timestamptz('month').notNull(),
    namespaceName: text('namespace_name').notNull(),
    resourceType: text('resource_type').$type<MeteredResourceType>().notNull(),
    resourceName: text('resource_name').notNull(),
    size: text('size').notNull(),
    spans: integer('spans').notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.customerId,
        table.month,
        table.namespaceName,
        table.resourceType,
        table.resourceName,
        table.size,
      ],
    }),
  ],
);
