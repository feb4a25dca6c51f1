// Tables as the SQL migrations create them (db/migrations is the source of truth for DDL), one file per
// domain in schema/; stores import them from here.
export * from './schema/accounts.ts';
export * from './schema/identity.ts';
export * from './schema/platform.ts';
export * from './schema/containers.ts';
export * from './schema/container-jobs.ts';
export * from './schema/observability.ts';
export * from './schema/billing.ts';
export * from './schema/metering.ts';
export * from './schema/databases.ts';
export * from './schema/mail.ts';
export * from './schema/sessions.ts';
export * from './schema/api-keys.ts';
export * from './schema/message-queues.ts';
export * from './schema/external-connections.ts';
export * from './schema/database-advisories.ts';
