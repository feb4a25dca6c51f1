import path from 'node:path';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { adminEndpoint } from './admin/endpoint.ts';
import { bearerToken, createTokenVerifier, InvalidToken } from './auth/verifier.ts';
import { openDatabase, type DatabaseOptions } from './db/client.ts';
import type { Environment } from './environment.ts';
import { createPlatformYoga, PLATFORM_ENDPOINT } from './graphql/server.ts';
import { purgeExpiredPayloads } from './identity/adapter.ts';
import { createIdentityProvider } from './identity/provider.ts';
import { identityRoutes } from './identity/routes.ts';
import { loadIdentitySecrets, publicJwk } from './identity/secrets.ts';
import { portalRoutes } from './http/portal.ts';
import { apiRateLimit, securityPlugins, tokenRateLimit } from './http/security.ts';
import { createProvisioner } from './provisioning/provisioner.ts';
import { createSimulatedDriver } from './provisioning/simulated/driver.ts';
import { loadSecretBox } from './secrets/key.ts';
import { createScheduler } from './scheduler/scheduler.ts';
import { createServices } from './services.ts';

const portalDist = path.resolve(import.meta.dirname, '../../portal/dist');

export interface AppOptions {
  /** Counts SQL statements (benchmarks). */
  onQuery?: DatabaseOptions['onQuery'];
}

/** Builds the whole platform service: database, identity provider, API, provisioner, portal. */
export async function buildApp(env: Environment, options: AppOptions = {}) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onQuery: options.onQuery,
  });
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
    // Connections are closed gracefully on shutdown: in-flight requests finish first.
    forceCloseConnections: 'idle',
  });

  if (env.PROVISIONER_DRIVER !== 'simulated') {
    throw new Error(`PROVISIONER_DRIVER=${env.PROVISIONER_DRIVER} is not available in this version`);
  }
  const provisioner = createProvisioner({
    database,
    driver: createSimulatedDriver({ delayMs: env.SIMULATED_DELAY_MS }),
    log: app.log,
  });
  const scheduler = createScheduler({ database, driver: provisioner.driver, log: app.log });
  const secretBox = await loadSecretBox(database.db, env.SECRETS_KEY, app.log);
  const services = createServices({ env, database, provisioner, secretBox });
  if (env.DEMO_ACCOUNT) await services.accounts.ensureDemoAccount(env.DEMO_PASSWORD);

  const secrets = await loadIdentitySecrets(database.db);
  const verifier = createTokenVerifier(env, [publicJwk(secrets.signingKey)]);

  await securityPlugins(app, env);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    // The client went away mid-response (navigation, closed tab): nothing failed on our side.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.debug({ err: error }, 'client closed the connection');
      return reply;
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ error: 'Internal Server Error', message: 'Something went wrong on our side' });
    }
    return reply.code(status).send({ error: error.code ?? 'Bad Request', message: error.message });
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'database does not answer' });
    }
  });

  if (!env.EXTERNAL_ISSUER) {
    const identity = createIdentityProvider({ env, db: database.db, secrets, accounts: services.accounts });
    await identityRoutes(app, {
      env,
      identity,
      accounts: services.accounts,
      verify: verifier.verify,
      tokenRateLimit: tokenRateLimit(env),
    });
  }

  /** The account of the request's bearer token; otherwise answers 401 and returns undefined. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const unauthenticated = (message: string) => ({
      errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }],
    });
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      await reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send(unauthenticated('A bearer token is required'));
      return undefined;
    }
    try {
      const account = await services.accounts.resolveFromClaims(await verifier.verify(token));
      if (account) return account;
    } catch (error) {
      if (!(error instanceof InvalidToken)) throw error;
    }
    await reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer error="invalid_token"')
      .send(unauthenticated('The token is invalid or expired'));
    return undefined;
  }

  const yoga = createPlatformYoga({
    logErrors: (error) => app.log.error({ err: error }, 'GraphQL resolver failed'),
  });
  app.route({
    method: ['GET', 'POST'],
    url: PLATFORM_ENDPOINT,
    config: { rateLimit: apiRateLimit(env) },
    handler: async (request, reply) => {
      // Authentication happens before GraphQL: without a valid token nothing is parsed or executed.
      const account = await authenticate(request, reply);
      if (!account) return reply;
      const response = await yoga.handleNodeRequestAndResponse(request, reply, {
        req: request,
        reply,
        context: { account, services },
      });
      response.headers.forEach((value, key) => reply.header(key, value));
      return reply.code(response.status).send(response.body);
    },
  });

  const admin = database.kind === 'pglite' ? adminEndpoint(app, services) : undefined;
  await portalRoutes(app, portalDist);

  let purgeTimer: NodeJS.Timeout | undefined;
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
      provisioner.start();
      await scheduler.start();
      purgeTimer = setInterval(() => {
        purgeExpiredPayloads(database.db).catch((error: unknown) =>
          app.log.warn({ err: error }, 'purge failed'),
        );
      }, 3600_000).unref();
      return port;
    },
    /** Stops taking requests, lets in-flight ones finish, stops background work, closes the database. */
    async close() {
      clearInterval(purgeTimer);
      await admin?.withdraw(env.DATA_DIR);
      await app.close();
      await scheduler.stop();
      await provisioner.stop();
      await database.close();
    },
  };
}

export type App = Awaited<ReturnType<typeof buildApp>>;
