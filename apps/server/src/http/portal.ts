import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { restErrorBody } from './errors.ts';

const API_PREFIXES = ['/graphql', '/realms', '/billing', '/logs', '/api', '/admin', '/healthz'];

/**
 * Serves the built portal with a fallback to index.html for its client-side routes, and answers unknown
 * paths for the whole server (not encapsulated: the not-found handler is the root's).
 */
export const portalRoutes = fastifyPlugin(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  const hasPortal = existsSync(path.join(distDir, 'index.html'));
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/: those never change; the rest is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', async (request, reply) => {
      const file = request.url.split('?')[0]?.slice(1) ?? '';
      if (file && existsSync(path.join(distDir, file)) && !file.includes('..')) return reply.sendFile(file);
      return reply.callNotFound();
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasPortal && wantsPage && !isApi) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(
        restErrorBody('Not Found', `${request.method} ${request.url.split('?')[0]} not found`, request.id),
      );
  });
});
