import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Tables as the SQL migrations create them (db/migrations is the source of truth for DDL).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  suspendedReason: text('suspended_reason'),
  hasPaymentDetails: boolean('has_payment_details').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** Ends the customer's default web addresses; given on their first container (addresses.ts). */
  addressSuffix: text('address_suffix').unique(),
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull().default('owner'),
  passwordHash: text('password_hash'),
  externalSubject: text('external_subject'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const entitlements = pgTable(
  'entitlements',
  {
    customerId: integer('customer_id').notNull(),
    product: text('product').notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.product] })],
);

export const namespaces = pgTable('namespaces', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  internalName: text('internal_name').notNull(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
});

export const auditEntries = pgTable('audit_entries', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  accountId: integer('account_id'),
  occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  eventType: text('event_type').notNull(),
  modelName: text('model_name').notNull(),
  modelId: integer('model_id').notNull(),
  changeSet: jsonb('change_set').$type<AuditChange[]>().notNull(),
  tags: text('tags').array().notNull().default([]),
});
export interface AuditChange {
  name: string;
  oldValue: string | null;
  newValue: string | null;
}

export const provisioningTasks = pgTable('provisioning_tasks', {
  id: serial('id').primaryKey(),
  resourceKind: text('resource_kind').notNull(),
  resourceId: integer('resource_id').notNull(),
  action: text('action').notNull(),
  notBefore: timestamptz('not_before').notNull().defaultNow(),
  claimedUntil: timestamptz('claimed_until'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [primaryKey({ columns: [table.model, table.id] })],
);

export const identitySecrets = pgTable('identity_secrets', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  material: jsonb('material').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamptz('window_started_at').notNull(),
  blockedUntil: timestamptz('blocked_until'),
});

export const privateRegistries = pgTable('private_registries', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  source: text('source').notNull(),
  username: text('username').notNull(),
  /** The secret box's text (secrets/crypto.ts), never the password itself. */
  passwordEncrypted: text('password_encrypted').notNull(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
});

export const volumes = pgTable('volumes', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  sizeGb: integer('size_gb').notNull(),
  // Volumes stay far below 2^53 bytes, so a JavaScript number holds the usage exactly.
  usageBytes: bigint('usage_bytes', { mode: 'number' }).notNull().default(0),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
});

/** Manual scaling `{replicas}` or autoscaling `{minimum, maximum, triggers}` (0002). */
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

export const logLines = pgTable('log_lines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sourceKind: text('source_kind').notNull(),
  sourceId: integer('source_id').notNull(),
  stream: text('stream').notNull(),
  occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  line: text('line').notNull(),
});

export const simulatedContainers = pgTable('simulated_containers', {
  containerId: integer('container_id').primaryKey(),
  revision: text('revision').notNull(),
  phase: text('phase').$type<'rolling' | 'steady' | 'deleting'>().notNull(),
  nextStepAt: timestamptz('next_step_at').notNull().defaultNow(),
});

export const containerJobs = pgTable('container_jobs', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  registryId: integer('registry_id'),
  resources: text('resources').notNull(),
  entrypoint: jsonb('entrypoint').$type<string[]>(),
  command: jsonb('command').$type<string[]>(),
  schedule: text('schedule').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  nextRunAt: timestamptz('next_run_at'),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
});

export const containerJobEnvironmentVariables = pgTable('container_job_environment_variables', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').notNull(),
  name: text('name').notNull(),
  value: text('value').notNull(),
  secret: boolean('secret').notNull().default(false),
});

export const containerJobMounts = pgTable('container_job_mounts', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').notNull(),
  volumeId: integer('volume_id').notNull(),
  path: text('path').notNull(),
});

export const containerJobRuns = pgTable('container_job_runs', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').notNull(),
  name: text('name').notNull(),
  trigger: text('trigger').$type<'schedule' | 'manual'>().notNull(),
  scheduledAt: timestamptz('scheduled_at'),
  status: text('status').$type<'pending' | 'running' | 'succeeded' | 'failed'>().notNull(),
  startTime: timestamptz('start_time'),
  endTime: timestamptz('end_time'),
  message: text('message'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const simulatedJobRuns = pgTable('simulated_job_runs', {
  runId: integer('run_id').primaryKey(),
  nextStepAt: timestamptz('next_step_at').notNull(),
  exitCode: integer('exit_code').notNull(),
});

// Billing (0007): subscriptions as the payment provider reports them, its events applied once each, what we
// keep per customer for billing, and the sessions of the local provider's hosted pages.

export const billingSubscriptions = pgTable('billing_subscriptions', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  externalId: text('external_id').notNull(),
  customerId: integer('customer_id').notNull(),
  planId: text('plan_id').notNull(),
  resourceId: text('resource_id').notNull(),
  status: text('status').notNull(),
  currentPeriodEnd: timestamptz('current_period_end'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  endedAt: timestamptz('ended_at'),
  // 0018: ends at current_period_end instead of renewing; its resource is gone; the provider knows; the
  // live subscription (external id) this one duplicated, for which it was refused.
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  resourceDeleted: boolean('resource_deleted').notNull().default(false),
  providerSynced: boolean('provider_synced').notNull().default(true),
  duplicateOf: text('duplicate_of'),
  resourceName: text('resource_name'),
  // 0019: a downgrade waiting for the period's end: the plan it moves to, and when.
  pendingPlanId: text('pending_plan_id'),
  pendingPlanAt: timestamptz('pending_plan_at'),
});

export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    customerId: integer('customer_id'),
    changes: jsonb('changes').notNull(),
    appliedAt: timestamptz('applied_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

export const billingCustomers = pgTable('billing_customers', {
  customerId: integer('customer_id').primaryKey(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpiry: text('card_expiry'),
  companyName: text('company_name'),
  address: text('address'),
  vatNumber: text('vat_number'),
  invoiceEmail: text('invoice_email'),
  consecutivePaymentFailures: integer('consecutive_payment_failures').notNull().default(0),
  stripeCustomerId: text('stripe_customer_id').unique(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const billingSessions = pgTable('billing_sessions', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'checkout' | 'details'>().notNull(),
  customerId: integer('customer_id').notNull(),
  email: text('email').notNull(),
  planId: text('plan_id'),
  resourceId: text('resource_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** A provider's own page address (Stripe's checkout); the local provider's is made from the id. */
  url: text('url'),
});

/** What is metered so far; the table also admits DATABASE_CLUSTER, which the database clusters will meter. */
export type MeteredResourceType = 'CONTAINER' | 'CONTAINER_JOB' | 'VOLUME';

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

export interface InvoiceLine {
  description: string;
  amountCents: number;
}

// Invoices (0010), as the payment provider reports them.
export const billingInvoices = pgTable('billing_invoices', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  externalId: text('external_id').notNull(),
  customerId: integer('customer_id').notNull(),
  number: text('number').notNull(),
  status: text('status').$type<'paid' | 'open'>().notNull(),
  currency: text('currency').notNull(),
  totalCents: integer('total_cents').notNull(),
  lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
  periodStart: timestamptz('period_start').notNull(),
  periodEnd: timestamptz('period_end').notNull(),
  hostedUrl: text('hosted_url'),
  issuedAt: timestamptz('issued_at').notNull().defaultNow(),
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

export const databaseClusters = pgTable('database_clusters', {
  id: serial('id').primaryKey(),
  namespaceId: integer('namespace_id').notNull(),
  name: text('name').notNull(),
  engine: text('engine').notNull().$type<'postgresql' | 'mysql'>(),
  version: text('version').notNull(),
  planId: text('plan_id').notNull(),
  hostname: text('hostname').notNull(),
  port: integer('port').notNull(),
  namePrefix: text('name_prefix').notNull(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  modifiedAt: timestamptz('modified_at'),
  // 0018: since when its own plan is unpaid (null: paid), and whether it was stopped for that.
  unpaidSince: timestamptz('unpaid_since'),
  stoppedUnpaid: boolean('stopped_unpaid').notNull().default(false),
});

export type DatabasePermission = 'READ_ONLY' | 'READ_WRITE';
export interface DatabaseGrant {
  databaseName: string;
  permission: DatabasePermission;
}

export const databaseClusterDatabases = pgTable('database_cluster_databases', {
  id: serial('id').primaryKey(),
  clusterId: integer('cluster_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  status: text('status').notNull().$type<'creating' | 'ready' | 'deleting'>(),
});

export const databaseClusterUsers = pgTable('database_cluster_users', {
  id: serial('id').primaryKey(),
  clusterId: integer('cluster_id').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull().$type<'admin' | 'user'>(),
  /** The secret box's text (secrets/crypto.ts), never the password itself. */
  passwordEncrypted: text('password_encrypted').notNull(),
  permissions: jsonb('permissions').notNull().$type<DatabaseGrant[]>(),
  status: text('status').notNull().$type<'creating' | 'updating' | 'ready' | 'deleting'>(),
});

export const legacyCloudDatabases = pgTable('legacy_cloud_databases', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  name: text('name').notNull(),
  hostname: text('hostname').notNull(),
  username: text('username').notNull(),
  passwordEncrypted: text('password_encrypted').notNull(),
  versionId: integer('version_id').notNull(),
  nodeTypeId: integer('node_type_id').notNull(),
  locationId: integer('location_id').notNull(),
  whitelist: jsonb('whitelist').notNull().$type<string[]>(),
  state: text('state').notNull(),
  locked: boolean('locked').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  deletedAt: timestamptz('deleted_at'),
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

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  userIds: text('user_ids').array().notNull().default([]),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const accountTwoFactor = pgTable('account_two_factor', {
  accountId: integer('account_id').primaryKey(),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default([]),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  enabledAt: timestamptz('enabled_at'),
});
