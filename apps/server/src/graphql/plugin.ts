import type { FastifyInstance } from 'fastify';
import type { Environment } from '../environment.ts';
import { requireAccount, type Authenticate } from '../http/authentication.ts';
import { createErrorHandler, graphqlErrorBody } from '../http/errors.ts';
import { apiRateLimit } from '../http/security.ts';
import type { Services } from '../services.ts';
import { createRequestLoaders } from './loaders.ts';
import { createPlatformYoga, PLATFORM_ENDPOINT } from './server.ts';

/** The platform API: GraphQL over HTTP at /graphql/platform for signed-in customers. */
export async function platformApi(
  app: FastifyInstance,
  deps: { env: Environment; services: Services; authenticate: Authenticate },
) {
  const { env, services } = deps;
  const yoga = createPlatformYoga({
    logErrors: (error) => app.log.error({ err: error }, 'GraphQL resolver failed'),
  });
  // Failures before GraphQL runs (authentication, body parsing) answer in GraphQL's error shape too.
  app.setErrorHandler(createErrorHandler(graphqlErrorBody));
  app.addHook('preHandler', requireAccount(deps.authenticate));
  app.route({
    method: ['GET', 'POST'],
    url: PLATFORM_ENDPOINT,
    config: { rateLimit: apiRateLimit(env) },
    handler: async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error('requireAccount let an anonymous request through');
      const response = await yoga.handleNodeRequestAndResponse(request, reply, {
        req: request,
        reply,
        context: { account, services, loaders: createRequestLoaders(services, account) },
      });
      response.headers.forEach((value, key) => reply.header(key, value));
      return reply.code(response.status).send(response.body);
    },
  });
}
