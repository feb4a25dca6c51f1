import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * Names each request's span (the HTTP instrumentation's, active while Fastify routes it) by its route's
 * pattern, `POST /graphql/platform` or `GET /billing/invoices/:file`, as OpenTelemetry's HTTP conventions ask;
 * unmatched paths keep the method alone. Only with tracing on.
 */
export function nameRequestSpans(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = trace.getActiveSpan();
    if (span && route !== undefined) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    done();
  });
}
