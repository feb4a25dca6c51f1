import type { CodegenConfig } from '@graphql-codegen/cli';

// Three schemas, each with its own generated types: the platform API (API.md), the billing API and the
// console-logs API (both ours). Codegen merges a root `schema` into every output's, so each output names its own.
const PLATFORM_SCHEMA = 'packages/schema/platform.graphql';
const BILLING_SCHEMA = 'packages/schema/billing.graphql';
const CONSOLE_LOGS_SCHEMA = 'packages/schema/console-logs.graphql';

// Documents of the billing API are found by folder: the portal's billing feature's api/ folder and the
// server's billing tests (apps/server/test/billing/, every one of them: a platform-API document that such a
// test needs is kept in test/support/). Every other document is the platform API's.
const BILLING_DOCUMENTS = {
  portal: 'apps/portal/src/features/billing/api/**/*.ts',
  serverTests: 'apps/server/test/billing/**/*.ts',
};
// The console-logs API's: the portal's logs feature's log-*.ts files in api/ (its other documents, such as the
// replica names, are the platform API's) and the server's logs tests (apps/server/test/logs/, every one).
const CONSOLE_LOGS_DOCUMENTS = {
  portal: 'apps/portal/src/features/logs/api/log-*.ts',
  serverTests: 'apps/server/test/logs/**/*.ts',
};

/** The client preset over documents: a typed `graphql()` for the operations written in them. */
function typedDocuments(schema: string, documents: string[], output: string) {
  return {
    schema,
    documents: [...documents, `!${output}/**`],
    preset: 'client' as const,
    config: {
      documentMode: 'string',
      useTypeImports: true,
      enumsAsTypes: true,
      scalars: { DateTime: 'string', NamespaceId: 'number' },
    },
    presetConfig: { fragmentMasking: false },
  };
}

const resolverTypes = (schema: string, mappers: Record<string, string>) => ({
  schema,
  plugins: ['typescript', 'typescript-resolvers'],
  config: {
    contextType: '../graphql/context.ts#GraphQLContext',
    useTypeImports: true,
    enumsAsTypes: true,
    mappers,
    scalars: { DateTime: 'Date', NamespaceId: 'number' },
  },
});

const config: CodegenConfig = {
  overwrite: true,
  ignoreNoDocuments: true,
  generates: {
    'apps/server/src/generated/resolvers-types.ts': resolverTypes(PLATFORM_SCHEMA, {
      Namespace: '../modules/namespaces/store.ts#NamespaceRow',
      Account: '../modules/accounts/store.ts#AccountWithCustomer',
      AccountSession: '../modules/sessions/service.ts#AccountSessionView',
      ApiKey: '../modules/api-keys/store.ts#ApiKeyRow',
      Customer: '../modules/accounts/store.ts#CustomerRow',
      AuditLog: '../modules/audit/store.ts#AuditRow',
      PrivateRegistry: '../modules/registries/store.ts#RegistryRow',
      Volume: '../modules/volumes/store.ts#VolumeRow',
      Container: '../modules/containers/store.ts#ContainerRow',
      EnvironmentVariable: '../modules/containers/store.ts#EnvironmentVariableRow',
      Ingress: '../modules/containers/store.ts#IngressRow',
      Mount: '../modules/containers/store.ts#MountRow',
      Replica: '../modules/containers/store.ts#ReplicaRow',
      ContainerRevision: '../modules/containers/revisions/store.ts#RevisionRow',
      ContainerJob: '../modules/container-jobs/store.ts#ContainerJobRow',
      ContainerJobRun: '../modules/container-jobs/store.ts#RunRow',
      CustomerPriceBreakdown: '../modules/metering/breakdown.ts#PriceBreakdown',
      NamespacePriceBreakdown: '../modules/metering/breakdown.ts#PricedNamespace',
      ContainerPriceBreakdown: '../modules/metering/breakdown.ts#PricedResource',
      ContainerJobPriceBreakdown: '../modules/metering/breakdown.ts#PricedResource',
      VolumePriceBreakdown: '../modules/metering/breakdown.ts#PricedResource',
      ContainerReplicaPriceBreakdown: '../modules/metering/breakdown.ts#PricedReplica',
      ContainerJobRunPriceBreakdown: '../modules/metering/breakdown.ts#PricedRuns',
      Plan: '../modules/pricing/database-plans.ts#DatabaseClusterPlan',
      NodeType: '../modules/pricing/database-plans.ts#LegacyNodeType',
      MessageQueuePlan: '../modules/pricing/message-queue-plans.ts#BrokerPlan',
      MessageQueue: '../modules/message-queues/store.ts#QueueRow',
      MessageQueueUser: '../modules/message-queues/users.ts#QueueUserView',
      MessageQueuePriceBreakdown: '../modules/metering/breakdown.ts#PricedResource',
      IpAddressPriceBreakdown: '../modules/metering/breakdown.ts#PricedResource',
      CloudDatabaseCluster: '../modules/database-clusters/store.ts#ClusterRow',
      DatabaseUser: '../modules/database-clusters/members.ts#UserView',
      Database: '../modules/database-clusters/store.ts#ClusterDatabaseRow',
      CloudDatabase: '../modules/legacy-databases/store.ts#LegacyDatabaseRow',
      ResourceEvent: '../modules/events/store.ts#EventView',
      ResourceMetrics: '../modules/metrics/service.ts#ResourceMetricsView',
    }),
    'apps/server/src/generated/billing-resolvers-types.ts': resolverTypes(BILLING_SCHEMA, {
      BillingSubscription: '../modules/billing/store.ts#SubscriptionRow',
      Invoice: '../modules/billing/store.ts#InvoiceRow',
      BillingCustomer: '../modules/accounts/store.ts#CustomerRow',
    }),
    'apps/server/src/generated/console-logs-resolvers-types.ts': resolverTypes(CONSOLE_LOGS_SCHEMA, {
      LogLine: '../modules/logs/store.ts#LogLineView',
    }),
    'apps/portal/src/gql/': typedDocuments(
      PLATFORM_SCHEMA,
      ['apps/portal/src/**/*.{ts,tsx}', `!${BILLING_DOCUMENTS.portal}`, `!${CONSOLE_LOGS_DOCUMENTS.portal}`],
      'apps/portal/src/gql',
    ),
    'apps/portal/src/gql/billing/': typedDocuments(
      BILLING_SCHEMA,
      [BILLING_DOCUMENTS.portal],
      'apps/portal/src/gql/billing',
    ),
    'apps/portal/src/gql/console-logs/': typedDocuments(
      CONSOLE_LOGS_SCHEMA,
      [CONSOLE_LOGS_DOCUMENTS.portal],
      'apps/portal/src/gql/console-logs',
    ),
    // The server's integration tests send typed documents too: results and variables from the schema.
    'apps/server/test/generated/': typedDocuments(
      PLATFORM_SCHEMA,
      [
        'apps/server/test/**/*.ts',
        `!${BILLING_DOCUMENTS.serverTests}`,
        `!${CONSOLE_LOGS_DOCUMENTS.serverTests}`,
      ],
      'apps/server/test/generated',
    ),
    'apps/server/test/generated/billing/': typedDocuments(
      BILLING_SCHEMA,
      [BILLING_DOCUMENTS.serverTests],
      'apps/server/test/generated/billing',
    ),
    'apps/server/test/generated/console-logs/': typedDocuments(
      CONSOLE_LOGS_SCHEMA,
      [CONSOLE_LOGS_DOCUMENTS.serverTests],
      'apps/server/test/generated/console-logs',
    ),
  },
};

export default config;
