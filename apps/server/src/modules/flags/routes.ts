import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { restErrorBody } from '../../http/errors.ts';
import { apiRateLimit } from '../../http/security.ts';
import type { Environment } from '../../environment.ts';
import type { FlagService } from './service.ts';

/** How long the proxy waits for the Unleash of FLAGS_URL. */
const UPSTREAM_TIMEOUT_MS = 5000;

/**
 * The Unleash frontend API the portal's client calls (SPEC §7: "POST via a proxy"): GET with the context as
 * query parameters or POST with `{context}`, the frontend key in `authorization`. Without FLAGS_URL it
 * answers from our own flags: only enabled ones, an unchanged answer a 304 to its ETag. With FLAGS_URL it
 * forwards the request to that Unleash (its frontend API or an Unleash proxy) and passes the answer back.
 */
export async function flagRoutes(app: FastifyInstance, deps: { env: Environment; flags: FlagService }) {
  const { env } = deps;

  async function fromOwnFlags(request: FastifyRequest, reply: FastifyReply, userId: unknown) {
    const { toggles, etag } = await deps.flags.togglesFor(typeof userId === 'string' ? userId : undefined);
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send({ toggles });
  }

  async function fromUnleash(upstream: string, request: FastifyRequest, reply: FastifyReply) {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const ifNoneMatch = request.headers['if-none-match'];
    let response: Response;
    try {
      response = await fetch(`${upstream}${query}`, {
        method: request.method,
        headers: {
          authorization: env.FLAGS_CLIENT_KEY,
          accept: 'application/json',
          ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
          ...(request.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(request.method === 'POST' ? { body: JSON.stringify(request.body ?? {}) } : {}),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'the flags service (FLAGS_URL) did not answer');
      return reply
        .code(502)
        .send(restErrorBody('BAD_GATEWAY', 'The feature flags service did not answer', request.id));
    }
    const etag = response.headers.get('etag');
    if (etag) void reply.header('etag', etag);
    void reply.header('cache-control', 'no-cache').code(response.status);
    if (response.status === 304) return reply.send();
    return reply.type(response.headers.get('content-type') ?? 'application/json').send(await response.text());
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, userId: unknown) {
    if (request.headers.authorization !== env.FLAGS_CLIENT_KEY)
      return reply
        .code(401)
        .send(restErrorBody('UNAUTHORIZED', 'A valid frontend API key is required', request.id));
    return env.FLAGS_URL ? fromUnleash(env.FLAGS_URL, request, reply) : fromOwnFlags(request, reply, userId);
  }

  const config = { rateLimit: apiRateLimit(env) };
  app.get<{ Querystring: Record<string, unknown> }>('/api/frontend', { config }, (request, reply) =>
    answer(request, reply, request.query.userId),
  );
  app.post<{ Body: { context?: Record<string, unknown> } | undefined }>(
    '/api/frontend',
    { config },
    (request, reply) => answer(request, reply, request.body?.context?.userId),
  );
}
