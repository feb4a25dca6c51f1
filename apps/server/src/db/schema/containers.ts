import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Containers, their variables, addresses and mounts, their replicas, and the simulated runtime's state of
// them.

export type ContainerScaling =
  | { replicas: number }
  | { minimum: number; maximum: number; triggers: { type: 'CPU' | 'MEMORY'; threshold: number }[] };

export const containers = pgTable('containers', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  type: text('type').notNull().default('DEFAULT'),
  image: text('image').notNull(),
  registryId: integer('registry_id'),
  resources: text('resources').notNull(),
  entrypoint: jsonb('entrypoint').$type<string[]>(),
  command: jsonb('command').$type<string[]>(),
  ports: jsonb('ports').$type<string[]>().notNull().default([]),
  healthCheck: jsonb('health_check').$type<{ port: number; path: string }>(),
  scaling: jsonb('scaling').$type<ContainerScaling>().notNull(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  /** Reported by the runtime (0006): how many replicas it aims for now; null until it has said. */
  desiredReplicas: integer('desired_replicas'),
});

export const containerEnvironmentVariables = pgTable('container_environment_variables', {
  id: serial('id').primaryKey(),
  containerId: integer('container_id').notNull(),
  name: text('name').notNull(),
  value: text('value').notNull(),
  secret: boolean('secret').notNull().default(false),
});

export const containerIngresses = pgTable('container_ingresses', {
  id: serial('id').primaryKey(),
  containerId: integer('container_id').notNull(),
  domainName: text('domain_name').notNull(),
  port: integer('port').notNull(),
  enableTls: boolean('enable_tls').notNull().default(true),
  allowlist: jsonb('allowlist').$type<string[]>().notNull().default([]),
  state: text('state').notNull().default('creating'),
});

export const containerMounts = pgTable('container_mounts', {
  id: serial('id').primaryKey(),
  containerId: integer('container_id').notNull(),
  volumeId: integer('volume_id').notNull(),
  path: text('path').notNull(),
});

export const containerReplicas = pgTable('container_replicas', {
  id: serial('id').primaryKey(),
  containerId: integer('container_id').notNull(),
  name: text('name').notNull(),
  status: text('status').notNull(),
  statusMessage: text('status_message'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** The image this replica runs (0006). */
  image: text('image').notNull(),
  /** How many times its command has exited (0015). */
  failures: integer('failures').notNull().default(0),
});

export const simulatedContainers = pgTable('simulated_containers', {
  containerId: integer('container_id').primaryKey(),
  revision: text('revision').notNull(),
  phase: text('phase').$type<'rolling' | 'steady' | 'deleting'>().notNull(),
  nextStepAt: timestamptz('next_step_at').notNull().defaultNow(),
});

/** Every deploy of a container (0030): the spec it ran, why and by whom; see modules/containers/revisions/store.ts. */
export const containerRevisions = pgTable('container_revisions', {
  id: serial('id').primaryKey(),
  containerId: integer('container_id').notNull(),
  number: integer('number').notNull(),
  spec: jsonb('spec').$type<unknown>().notNull(),
  reason: text('reason').$type<'CREATED' | 'CHANGED' | 'ROLLED_BACK' | 'REDEPLOYED'>().notNull(),
  rolledBackTo: integer('rolled_back_to'),
  accountId: integer('account_id'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
