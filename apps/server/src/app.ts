import type { Server } from 'node:http';
import path from 'node:path';
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import { adminEndpoint } from './admin/endpoint.ts';
import { createTokenVerifier } from './auth/verifier.ts';
import { openDatabase, type DatabaseOptions } from './db/client.ts';
import type { Environment } from './environment.ts';
import { graphqlApis } from './graphql/plugin.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { createRunStarter } from './modules/container-jobs/runs.ts';
import { logRoutes } from './modules/logs/routes.ts';
import { createRuntimeReports } from './modules/runtime-reports/reports.ts';
import { flagRoutes } from './modules/flags/routes.ts';
import { createAuthenticator } from './http/authentication.ts';
import { outboxRoutes } from './http/dev-outbox.ts';
import { createErrorHandler, restErrorBody } from './http/errors.ts';
import { createDraining, healthRoutes } from './http/health.ts';
import { reportingRelease } from './telemetry/error-reporting.ts';
import { listenForMetrics, measureRequests, metricsRoute } from './http/metrics-routes.ts';
import { requestIdOf, requestIds } from './http/request-id.ts';
import { nameRequestSpans } from './http/request-spans.ts';
import { purgeExpiredPayloads } from './identity/adapter.ts';
import { createPasswordReset } from './identity/password-reset.ts';
import { createIdentityProvider, realmPath } from './identity/provider.ts';
import { identityRoutes } from './identity/routes.ts';
import { loadIdentitySecrets, publicJwk } from './identity/secrets.ts';
import { loggerOptions } from './logging.ts';
import { portalRoutes } from './http/portal.ts';
import { securityPlugins, tokenRateLimit } from './http/security.ts';
import { createDatabaseClusterDriver } from './provisioning/database-cluster-drivers.ts';
import { createMessageQueueDriver } from './provisioning/message-queue-drivers.ts';
import { createProvisioner } from './provisioning/provisioner.ts';
import { taskBacklog } from './provisioning/store.ts';
import { createRuntimeDriver } from './provisioning/runtime-drivers.ts';
import { loadSecretBox } from './secrets/key.ts';
import { createScheduler } from './modules/container-jobs/scheduler/scheduler.ts';
import { oldestDueLagSeconds } from './modules/container-jobs/scheduler/store.ts';
import { createMetrics } from './telemetry/metrics.ts';
import { activeTracer } from './telemetry/tracing.ts';
import { createServices } from './services.ts';

const portalDist = path.resolve(import.meta.dirname, '../../portal/dist');
const LOG_RETENTION_INTERVAL_MS = 5 * 60_000;
/** How often the database advisor looks for clusters due for their daily analysis. */
const ADVISOR_INTERVAL_MS = 60_000;

export interface AppOptions {
  /** Counts SQL statements (benchmarks). */
  onQuery?: DatabaseOptions['onQuery'];
  /** The time now for pricing usage and the sign-in throttle (tests); the system clock by default. */
  clock?: () => Date;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: DestinationStream;
}

/** Builds the whole platform service: database, identity provider, API, provisioner, portal. */
export async function buildApp(env: Environment, options: AppOptions = {}) {
  const metrics = createMetrics();
  // Set when main.ts has started tracing (OTEL_EXPORTER_OTLP_ENDPOINT).
  const tracer = activeTracer();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onQuery: options.onQuery,
    observeQuery: metrics.observeDatabaseQuery,
    tracer,
  });
  const app = Fastify({
    logger: { ...loggerOptions(env.LOG_LEVEL), stream: options.logStream },
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
    // Connections are closed gracefully on shutdown: in-flight requests finish first.
    forceCloseConnections: 'idle',
  });

  const secretBox = await loadSecretBox(database.db, env.SECRETS_KEY, app.log);
  const provisioner = createProvisioner({
    database,
    driver: createRuntimeDriver(env, { database, reports: createRuntimeReports(), log: app.log }),
    log: app.log,
  });
  const scheduler = createScheduler({
    database,
    startRun: createRunStarter({ driver: provisioner.driver, secretBox }),
    log: app.log,
  });
  const databaseClusterDriver = createDatabaseClusterDriver(env);
  const messageQueueDriver = createMessageQueueDriver(env);
  const services = createServices({
    env,
    database,
    provisioner,
    databaseClusterDriver,
    messageQueueDriver,
    secretBox,
    clock: options.clock,
    log: app.log,
    metrics,
  });
  metrics.readFrom({
    provisioningBacklog: () => taskBacklog(database.db),
    schedulerLagSeconds: () => oldestDueLagSeconds(database.db, new Date()),
    openLogTails: () => services.logs.openTails(),
    databaseAnswers: () =>
      database.ping().then(
        () => true,
        () => false,
      ),
    databasePool: () => database.poolConnections(),
  });
  if (env.DEMO_ACCOUNT) await services.accounts.ensureDemoAccount(env.DEMO_PASSWORD);

  const secrets = await loadIdentitySecrets(database.db);
  const verifier = createTokenVerifier(env, [publicJwk(secrets.signingKey)]);

  // Tokens of the built-in identity provider's sessions count while their session is signed in.
  const authenticate = createAuthenticator(
    services.accounts,
    verifier.verify,
    env.EXTERNAL_ISSUER ? undefined : services.sessions,
  );

  // One Fastify plugin per area; the request ids, the error handler, the security plugins, the request metrics
  // and the spans' names apply to all.
  requestIds(app);
  app.setErrorHandler(createErrorHandler(restErrorBody));
  measureRequests(app, metrics);
  if (tracer) nameRequestSpans(app);
  await app.register(securityPlugins, { env });
  const draining = createDraining(app.server);
  await app.register(healthRoutes, { database, draining });
  if (!env.EXTERNAL_ISSUER) {
    const identity = createIdentityProvider({
      env,
      db: database.db,
      secrets,
      accounts: services.accounts,
      twoFactor: services.twoFactor,
      sessions: services.sessions,
    });
    await app.register(identityRoutes, {
      env,
      identity,
      accounts: services.accounts,
      apiKeys: services.apiKeys,
      twoFactor: services.twoFactor,
      verify: verifier.verify,
      tokenRateLimit: tokenRateLimit(env),
      emailConfirmation: services.emailConfirmation,
      passwordReset: createPasswordReset({
        database,
        mail: services.mail,
        resetUrl: `${env.PUBLIC_URL}${realmPath(env)}/login-actions/reset-credentials`,
        clock: options.clock,
      }),
    });
  }
  const release = reportingRelease(env);
  await app.register(graphqlApis, { env, services, authenticate, metrics, tracer, release });
  if (env.METRICS_TOKEN) await app.register(metricsRoute, { metrics, token: env.METRICS_TOKEN });
  await app.register(billingRoutes, {
    env,
    billing: services.billing,
    provider: services.billing.provider,
    authenticate,
  });
  await app.register(logRoutes, { env, logs: services.logs, authenticate });
  await app.register(flagRoutes, { env, flags: services.flags });
  if (env.NODE_ENV !== 'production') await app.register(outboxRoutes, { mail: services.mail });
  const admin = database.kind === 'pglite' ? adminEndpoint(app, services) : undefined;
  await app.register(portalRoutes, { distDir: portalDist });

  let purgeTimer: NodeJS.Timeout | undefined;
  let logRetentionTimer: NodeJS.Timeout | undefined;
  let billingTimer: NodeJS.Timeout | undefined;
  let advisorTimer: NodeJS.Timeout | undefined;
  let metricsServer: Server | undefined;
  return {
    app,
    services,
    database,
    provisioner,
    scheduler,
    authenticate,
    async listen() {
      await app.listen({ port: env.PORT, host: env.HOST });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : env.PORT;
      await admin?.publish(env.DATA_DIR, port);
      if (env.METRICS_PORT) metricsServer = await listenForMetrics(metrics, env.HOST, env.METRICS_PORT);
      provisioner.start();
      await scheduler.start();
      services.mail.start();
      purgeTimer = setInterval(() => {
        Promise.all([
          purgeExpiredPayloads(database.db),
          services.billing.purgeExpiredSessions(),
          services.billing.collectDue(),
        ]).catch((error: unknown) => app.log.warn({ err: error }, 'hourly clean-up failed'));
      }, 3600_000).unref();
      // Log lines, events and metric points are trimmed in bulk every few minutes rather than on every write.
      logRetentionTimer = setInterval(() => {
        Promise.all([services.logs.prune(), services.events.prune(), services.metrics.prune()]).catch(
          (error: unknown) => app.log.warn({ err: error }, 'log, event and metric clean-up failed'),
        );
      }, LOG_RETENTION_INTERVAL_MS).unref();
      // Each minute: what the payment provider could not be told when it happened (it was unreachable),
      // downgrades whose period ended, and the resources whose plan stayed unpaid past the grace period stop.
      billingTimer = setInterval(() => {
        Promise.all([
          services.billing.tellProviderPending(),
          services.billing.applyDuePlanChanges(),
          services.databaseClusters.stopUnpaid(),
          services.messageQueues.stopUnpaid(),
        ]).catch((error: unknown) => app.log.warn({ err: error }, 'billing minute failed'));
      }, 60_000).unref();
      // Each minute: the database clusters whose advisor's daily analysis is due (or was just turned on).
      advisorTimer = setInterval(() => {
        services.databaseAdvisories
          .runDue()
          .catch((error: unknown) => app.log.warn({ err: error }, 'database advisor round failed'));
      }, ADVISOR_INTERVAL_MS).unref();
      return port;
    },
    /**
     * The first step of a graceful stop: /healthz answers 503 and every answer closes its connection, while
     * requests are still served for `ms`, the time load balancers take to notice and send no more.
     */
    async drain(ms: number) {
      draining.stop();
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    /** Stops taking requests, lets in-flight ones finish, stops background work, closes the database. */
    async close() {
      // Answers still going out close their connections, which closing the server would wait for otherwise.
      draining.stop();
      clearInterval(purgeTimer);
      clearInterval(logRetentionTimer);
      clearInterval(billingTimer);
      clearInterval(advisorTimer);
      await admin?.withdraw(env.DATA_DIR);
      // Live tails are endless responses: they end first, or closing would wait for them.
      services.logs.closeTails();
      await app.close();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
      await scheduler.stop();
      await services.mail.stop();
      await provisioner.stop();
      await services.databaseAdvisories.stop();
      await databaseClusterDriver.close();
      await messageQueueDriver.close();
      await database.close();
    },
  };
}

export type App = Awaited<ReturnType<typeof buildApp>>;
