import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import type { Environment } from './environment.ts';
import { createEmailConfirmation } from './identity/email-confirmation.ts';
import { realmPath } from './identity/provider.ts';
import { createPayloadStore } from './identity/store.ts';
import { createSignInThrottle } from './identity/throttle.ts';
import { createCredentialChanges } from './modules/accounts/credentials.ts';
import { createAccountService } from './modules/accounts/service.ts';
import { createAccountStore } from './modules/accounts/store.ts';
import { createApiKeys } from './modules/api-keys/service.ts';
import { createTwoFactor } from './modules/accounts/two-factor.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createBilling } from './modules/billing/billing.ts';
import { createBillingNotices } from './modules/billing/notices.ts';
import { containerJobProvisioning } from './modules/container-jobs/provisioning.ts';
import { createContainerJobService } from './modules/container-jobs/service.ts';
import { createContainerJobStore } from './modules/container-jobs/store.ts';
import { containerProvisioning } from './modules/containers/provisioning.ts';
import { createContainerService } from './modules/containers/service.ts';
import { createContainerStore } from './modules/containers/store.ts';
import { createEventService } from './modules/events/service.ts';
import { createFlagService } from './modules/flags/service.ts';
import { createLogService } from './modules/logs/service.ts';
import { createMailOutbox } from './modules/mail/outbox.ts';
import { createSessionService } from './modules/sessions/service.ts';
import { createSmtpSender } from './modules/mail/smtp-sender.ts';
import { createMetricService } from './modules/metrics/service.ts';
import { createMetering } from './modules/metering/service.ts';
import { namespaceProvisioning } from './modules/namespaces/provisioning.ts';
import { registryProvisioning } from './modules/registries/provisioning.ts';
import { createRegistryService, findRegistryForUse } from './modules/registries/service.ts';
import { createRegistryCheck } from './modules/registries/verify.ts';
import { volumeProvisioning } from './modules/volumes/provisioning.ts';
import { createMountVolumeResolver, createVolumeService } from './modules/volumes/service.ts';
import { createNamespaceService, type NamespaceContents } from './modules/namespaces/service.ts';
import { legacyDatabaseProvisioning } from './modules/legacy-databases/provisioning.ts';
import { createLegacyDatabaseService } from './modules/legacy-databases/service.ts';
import { databaseClusterProvisioning } from './modules/database-clusters/provisioning.ts';
import { createDatabaseClusterService } from './modules/database-clusters/service.ts';
import { createDatabaseAdvisorService } from './modules/database-advisories/service.ts';
import { createExternalConnections } from './modules/external-connections/service.ts';
import { messageQueueProvisioning } from './modules/message-queues/provisioning.ts';
import { createMessageQueueService } from './modules/message-queues/service.ts';
import type { DatabaseClusterDriver } from './provisioning/database-cluster-driver.ts';
import type { MessageQueueDriver } from './provisioning/message-queue-driver.ts';
import type { Provisioner } from './provisioning/provisioner.ts';
import type { SecretBox } from './secrets/crypto.ts';
import type { Metrics } from './telemetry/metrics.ts';

/** The services behind the API, the identity provider and the admin command line. */
export function createServices(deps: {
  env: Environment;
  database: Database;
  provisioner: Provisioner;
  /** Who runs database clusters (DATABASE_CLUSTERS_DRIVER). */
  databaseClusterDriver: DatabaseClusterDriver;
  /** Who runs message queues (MESSAGE_QUEUES_DRIVER). */
  messageQueueDriver: MessageQueueDriver;
  /** Encrypts secrets at rest (registry passwords, secret environment variables). */
  secretBox: SecretBox;
  /** The time now; tests set it to price usage on a known clock, or to end sign-in blocks at once. */
  clock?: () => Date;
  /** Where background failures are reported (the server's log); the admin command line runs none. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** The server's metrics; the admin command line keeps none. */
  metrics?: Metrics;
}) {
  const { env, database, provisioner, secretBox } = deps;
  provisioner.register('namespace', namespaceProvisioning);
  provisioner.register('registry', registryProvisioning(deps.secretBox));
  provisioner.register('volume', volumeProvisioning);
  provisioner.register('container', containerProvisioning(secretBox));
  provisioner.register('containerJob', containerJobProvisioning(secretBox));
  provisioner.register('cloudDatabase', legacyDatabaseProvisioning);
  provisioner.register('databaseCluster', databaseClusterProvisioning(deps.databaseClusterDriver, secretBox));
  provisioner.register('messageQueue', messageQueueProvisioning(deps.messageQueueDriver, secretBox));
  const throttle = createSignInThrottle(database.db, deps.clock);
  // The built-in identity provider's second factor (an external Keycloak keeps its own).
  const twoFactor = createTwoFactor({ db: database.db, secretBox, throttle, issuer: 'Berth' });
  const accounts = createAccountService({
    store: createAccountStore(database.db),
    throttle,
    secondFactorEnabled: (accountId) => twoFactor.isEnabled(accountId),
    externalIssuer: env.EXTERNAL_ISSUER !== undefined,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    // Read at each request with a key's token, once every service exists.
    apiKeyGrant: (accountId, claims) => apiKeys.grantOf(accountId, claims),
    countSignIn: deps.metrics?.countSignIn,
  });
  // A namespace deleted with its contents: each module's kind of resource (read once all services exist).
  const contents: NamespaceContents = () => [
    services.containers.contained,
    services.containerJobs.contained,
    volumes.contained,
    databaseClusters.contained,
    messageQueues.contained,
    registries.contained,
  ];
  const namespaces = createNamespaceService({ database, provisioner, contents });
  const registries = createRegistryService({
    database,
    provisioner,
    secretBox: deps.secretBox,
    namespaces,
    allowHttp: env.REGISTRY_VERIFY_ALLOW_PRIVATE,
    check: createRegistryCheck({ allowInternal: env.REGISTRY_VERIFY_ALLOW_PRIVATE, timeoutMs: 5000 }),
  });
  const volumes = createVolumeService({ database, provisioner, namespaces });
  const mail = createMailOutbox({
    db: database.db,
    sender: env.SMTP_URL ? createSmtpSender(env.SMTP_URL, env.MAIL_FROM) : undefined,
    log: deps.log ?? { warn: () => undefined },
    clock: deps.clock,
  });
  const billingNotices = createBillingNotices({ mail, publicUrl: env.PUBLIC_URL });
  const externalConnections = createExternalConnections({
    db: database.db,
    pools: { ipv4: env.EXTERNAL_IPV4_POOL, ipv6: env.EXTERNAL_IPV6_POOL },
  });
  const databaseClusters = createDatabaseClusterService({
    database,
    provisioner,
    secretBox,
    namespaces,
    driver: deps.databaseClusterDriver,
    externalConnections,
    unpaidGraceDays: env.UNPAID_GRACE_DAYS,
    notices: billingNotices,
  });
  const messageQueues = createMessageQueueService({
    database,
    provisioner,
    secretBox,
    namespaces,
    driver: deps.messageQueueDriver,
    externalConnections,
    unpaidGraceDays: env.UNPAID_GRACE_DAYS,
    notices: billingNotices,
  });
  const apiKeys = createApiKeys({
    database,
    mail,
    externalIssuer: env.EXTERNAL_ISSUER !== undefined,
    clock: deps.clock,
  });
  const metering = createMetering({ db: database.db, clock: deps.clock ?? (() => new Date()) });
  const collaborators = { findRegistryForUse, resolveMountVolume: createMountVolumeResolver(provisioner) };
  const emailConfirmation = createEmailConfirmation({
    database,
    mail,
    linkUrl: `${env.PUBLIC_URL}${realmPath(env)}/login-actions/action-token`,
    clock: deps.clock,
  });
  const credentials = createCredentialChanges({
    database,
    accounts,
    twoFactor,
    mail,
    emailConfirmation,
    signOut: async (tx, accountId, keep) => {
      await createPayloadStore(tx).removeAccount(accountId, keep);
    },
    externalIssuer: env.EXTERNAL_ISSUER !== undefined,
    clock: deps.clock,
  });
  const services = {
    accounts,
    emailConfirmation,
    apiKeys,
    credentials,
    mail,
    sessions: createSessionService({
      database,
      externalIssuer: env.EXTERNAL_ISSUER !== undefined,
      signOuts: {
        session: (tx, accountId, uid) => createPayloadStore(tx).removeSession(accountId, uid),
        allBut: (tx, accountId, keep) => createPayloadStore(tx).removeAccount(accountId, keep),
      },
      log: deps.log ?? { warn: () => undefined },
      clock: deps.clock,
    }),
    twoFactor,
    namespaces,
    registries,
    volumes,
    audit: createAuditService({ db: database.db, accounts }),
    billing: createBilling({
      env,
      db: database.db,
      metering,
      resources: {
        DATABASE_CLUSTER: {
          find: databaseClusters.findById,
          planPaid: databaseClusters.planPaid,
          planChanged: databaseClusters.planChanged,
        },
        MESSAGE_QUEUE: {
          find: messageQueues.findById,
          planPaid: messageQueues.planPaid,
          planChanged: messageQueues.planChanged,
        },
      },
      notices: billingNotices,
      warn: (message, error) => deps.log?.warn({ err: error }, message),
      countWebhook: deps.metrics?.countWebhook,
    }),
    metering,
    containers: createContainerService({
      database,
      provisioner,
      secretBox,
      appsDomain: env.APPS_DOMAIN,
      collaborators,
      externalConnections,
    }),
    containerJobs: createContainerJobService({ database, provisioner, secretBox, collaborators }),
    legacyDatabases: createLegacyDatabaseService({
      database,
      provisioner,
      secretBox,
      appsDomain: env.APPS_DOMAIN,
    }),
    databaseClusters,
    databaseAdvisories: createDatabaseAdvisorService({
      database,
      driver: deps.databaseClusterDriver,
      secretBox,
      log: deps.log,
    }),
    messageQueues,
    externalConnections,
    events: createEventService({ db: database.db }),
    flags: createFlagService({ db: database.db }),
    metrics: createMetricService({
      db: database.db,
      containersUnavailable: () => provisioner.driver.metricsUnavailable?.(),
    }),
  };
  const logs = createLogService({
    db: database.db,
    log: deps.log ?? { warn: () => undefined },
    containers: services.containers,
    containerJobs: services.containerJobs,
    replicasOf: async (id) => (await createContainerStore(database.db).replicasOf([id])).get(id) ?? [],
    runsOf: async (id) => (await createContainerJobStore(database.db).runsOf([id])).get(id) ?? [],
  });
  return { ...services, logs };
}

export type Services = ReturnType<typeof createServices>;
