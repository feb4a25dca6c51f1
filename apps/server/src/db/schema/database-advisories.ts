import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// What a database cluster's advisor found at its last analysis (0026). The advisor's own columns live on
// database_clusters (schema/databases.ts).
export type DatabaseAdvisoryType = 'MissingIndex' | 'SettingSuggestion';

export const databaseClusterAdvisories = pgTable('database_cluster_advisories', {
  id: serial('id').primaryKey(),
  clusterId: integer('cluster_id').notNull(),
  type: text('type').notNull().$type<DatabaseAdvisoryType>(),
  /** Stable across analyses: missing-index:<db>.<schema>.<table>, setting:<name>. */
  identifier: text('identifier').notNull(),
  message: text('message').notNull(),
  /** MissingIndex: the cluster's database, as the customer names it; null for a setting. */
  databaseName: text('database_name'),
  /** The analysis that found it. */
  createdAt: timestamptz('created_at').notNull(),
});
