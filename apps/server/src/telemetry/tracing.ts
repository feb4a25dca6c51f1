import type { IncomingMessage } from 'node:http';
import { diag, DiagConsoleLogger, DiagLogLevel, type Tracer } from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { Environment } from '../environment.ts';

// Traces over OTLP/HTTP, on only with OTEL_EXPORTER_OTLP_ENDPOINT: the SDK and the instrumentations are loaded
// then and not otherwise. Spans: the HTTP request (named by its route), outgoing HTTP calls (node's http and
// https: Stripe's SDK; fetch and undici: registries, the Kubernetes client), the GraphQL operation
// (graphql/server.ts) and the SQL statements run inside them (db/client.ts). One tracer provider for the
// process: Sentry's SDK (error-reporting.ts) registers none of its own and files its errors under our traces.

let tracer: Tracer | undefined;
let provider: { shutdown(): Promise<void> } | undefined;

/** The tracer of the server's own spans; undefined while tracing is off. */
export const activeTracer = (): Tracer | undefined => tracer;

/** The collector's traces endpoint: OTLP's base URL with the signal's path, as the specification says. */
const tracesUrl = (endpoint: string) => `${endpoint.endsWith('/') ? endpoint : `${endpoint}/`}v1/traces`;

/** Probes and scrapes: frequent, and nothing to learn from. */
const UNTRACED_PATHS = new Set(['/healthz', '/metrics']);
const untraced = (request: IncomingMessage) => UNTRACED_PATHS.has(request.url?.split('?')[0] ?? '');

/** `?a=1&b=2` → `?a=REDACTED&b=REDACTED`: the names say what was asked, the values may be tokens or addresses. */
const redactValues = (query: string) => query.replace(/=[^&#]*/g, '=REDACTED');

/**
 * Takes the values out of the query strings of the HTTP spans as they start (a password-reset link's key, an
 * authorization code): the instrumentations keep all but a few cloud signatures.
 */
const redactQueryStrings: SpanProcessor = {
  onStart(span) {
    const query = span.attributes['url.query'];
    if (typeof query === 'string') span.setAttribute('url.query', redactValues(query));
    const full = span.attributes['url.full'];
    const at = typeof full === 'string' ? full.indexOf('?') : -1;
    if (typeof full === 'string' && at >= 0) {
      span.setAttribute('url.full', full.slice(0, at) + redactValues(full.slice(at)));
    }
  },
  onEnd: () => undefined,
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set; call before the app's modules are imported, so the
 * HTTP instrumentation is in place when Fastify loads node's http. Resolves whether it started.
 */
export async function startTracing(env: Environment): Promise<boolean> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { registerInstrumentations },
    { HttpInstrumentation },
    { UndiciInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const tracerProvider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME }),
    spanProcessors: [
      redactQueryStrings,
      new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(env.OTEL_EXPORTER_OTLP_ENDPOINT) })),
    ],
  });
  // The global provider, AsyncLocalStorage context and W3C trace context (traceparent) propagation.
  tracerProvider.register();
  // Spans that cannot be sent (the collector unreachable) are said on stderr, not dropped in silence.
  diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.ERROR);
  registerInstrumentations({
    tracerProvider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: untraced }),
      new UndiciInstrumentation(),
    ],
  });
  tracer = tracerProvider.getTracer('berth');
  provider = tracerProvider;
  return true;
}

/** Sends the spans still queued (at shutdown), waiting at most this long. */
export async function stopTracing(timeoutMs: number): Promise<void> {
  if (!provider) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    provider.shutdown(),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]).finally(() => clearTimeout(timer));
}
