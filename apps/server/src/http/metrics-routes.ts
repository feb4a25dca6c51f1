import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../telemetry/metrics.ts';
import { restErrorBody } from './errors.ts';

// `GET /metrics` for Prometheus, in two ways an operator chooses between (docs/operations.md):
//  - METRICS_TOKEN: on the server's own port, for a bearer of that token (Prometheus' `authorization`);
//  - METRICS_PORT: on a port of its own, without a token, for a network only the cluster reaches.
// With neither, Berth serves no metrics: its port faces customers.

/** Every request's duration, by its route's pattern (so `/billing/invoices/:number.pdf` is one series). */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeHttpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `/metrics` on the main port, for the bearer of `token` only. */
export async function metricsRoute(app: FastifyInstance, deps: { metrics: Metrics; token: string }) {
  const expected = digest(`Bearer ${deps.token}`);
  app.get('/metrics', async (request, reply) => {
    // Compared as digests: equal lengths, and no timing that tells how much of the token was right.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(restErrorBody('UNAUTHORIZED', 'A metrics token is needed', request.id));
    }
    return reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
}

/** A server of its own answering `/metrics` only, on `port`; resolves once it listens. */
export async function listenForMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only /metrics is served here\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
