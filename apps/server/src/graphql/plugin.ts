import type { Tracer } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { buildSchema } from 'graphql';
import type { Environment } from '../environment.ts';
import { requireAccount, type Authenticate } from '../http/authentication.ts';
import { createErrorHandler, graphqlErrorBody } from '../http/errors.ts';
import { apiRateLimit } from '../http/security.ts';
import type { Services } from '../services.ts';
import { reportError } from '../telemetry/error-reporting.ts';
import type { Metrics } from '../telemetry/metrics.ts';
import { createConditionalReads, matchesEtag, type ConditionalRequest } from './conditional-reads.ts';
import { createRequestLoaders } from './loaders.ts';
import {
  BILLING_ENDPOINT,
  CONSOLE_LOGS_ENDPOINT,
  createBillingYoga,
  createConsoleLogsYoga,
  createPlatformYoga,
  PLATFORM_ENDPOINT,
  schemaText,
  type ApiOptions,
} from './server.ts';

/**
 * The customer APIs over GraphQL, for signed-in customers: the platform API at /graphql/platform, the
 * billing API at /graphql/billing and the console-logs API at /graphql/console-logs. All answer the same
 * way: bearer token first, GraphQL's error shape.
 */
export async function graphqlApis(
  app: FastifyInstance,
  deps: {
    env: Environment;
    services: Services;
    authenticate: Authenticate;
    metrics: Metrics;
    /** Set while tracing is on: a span per operation. */
    tracer?: Tracer;
    /** The code serving the API (a release id): conditional reads' tags change with it. */
    release: string;
  },
) {
  const { env, services } = deps;
  const options: ApiOptions = {
    logErrors: (error) => {
      app.log.error({ err: error }, 'GraphQL resolver failed');
      reportError(error);
    },
    metrics: deps.metrics,
    tracer: deps.tracer,
  };
  // Failures before GraphQL runs (authentication, body parsing) answer in GraphQL's error shape too.
  app.setErrorHandler(createErrorHandler(graphqlErrorBody));
  app.addHook('preHandler', requireAccount(deps.authenticate));
  const conditionalReads = createConditionalReads({
    schema: buildSchema(schemaText('platform.graphql')),
    release: deps.release,
  });
  for (const [url, yoga, conditional] of [
    [PLATFORM_ENDPOINT, createPlatformYoga(options), conditionalReads],
    [BILLING_ENDPOINT, createBillingYoga(options), undefined],
    [CONSOLE_LOGS_ENDPOINT, createConsoleLogsYoga(options), undefined],
  ] as const) {
    app.route({
      method: ['GET', 'POST'],
      url,
      config: { rateLimit: apiRateLimit(env) },
      handler: async (request, reply) => {
        const account = request.account;
        if (!account) throw new Error('requireAccount let an anonymous request through');
        const asked = (request.method === 'GET' ? request.query : request.body) as
          ConditionalRequest | undefined;
        const etag = asked && conditional?.etagOf(account, asked);
        if (etag) {
          // Asked again with the tag of an answer nothing has changed since: that answer holds.
          void reply.header('etag', etag).header('cache-control', 'private, no-cache');
          if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
        }
        const response = await yoga.handleNodeRequestAndResponse(request, reply, {
          req: request,
          reply,
          context: {
            account,
            services,
            session: { id: request.sessionId, address: request.ip },
            loaders: createRequestLoaders(services, account),
          },
        });
        response.headers.forEach((value, key) => reply.header(key, value));
        if (!etag) return reply.code(response.status).send(response.body);
        // Only a whole answer keeps its tag: one with errors (a failure, a name not found) is asked afresh.
        const text = await response.text();
        if (response.status !== 200 || 'errors' in (JSON.parse(text) as object)) reply.removeHeader('etag');
        return reply.code(response.status).send(text);
      },
    });
  }
}
