import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRateLimit } from '../../http/security.ts';
import type { Environment } from '../../environment.ts';
import type { FlagService } from './service.ts';

/**
 * The Unleash frontend API (what `unleash-proxy-client` calls), served from our own flags: GET with the
 * context as query parameters or POST with `{context}`, the client key in `authorization`. Only enabled
 * flags are listed; an unchanged answer is a 304 to its ETag.
 */
export async function flagRoutes(app: FastifyInstance, deps: { env: Environment; flags: FlagService }) {
  async function answer(request: FastifyRequest, reply: FastifyReply, userId: unknown) {
    if (request.headers.authorization !== deps.env.FLAGS_CLIENT_KEY)
      return reply.code(401).send({ error: 'UNAUTHORIZED', message: 'A valid frontend API key is required' });
    const { toggles, etag } = await deps.flags.togglesFor(typeof userId === 'string' ? userId : undefined);
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send({ toggles });
  }

  const config = { rateLimit: apiRateLimit(deps.env) };
  app.get<{ Querystring: Record<string, unknown> }>('/api/frontend', { config }, (request, reply) =>
    answer(request, reply, request.query.userId),
  );
  app.post<{ Body: { context?: Record<string, unknown> } | undefined }>(
    '/api/frontend',
    { config },
    (request, reply) => answer(request, reply, request.body?.context?.userId),
  );
}
