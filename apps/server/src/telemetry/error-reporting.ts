import { execFileSync } from 'node:child_process';
import type { ErrorEvent, EventHint, NodeOptions } from '@sentry/node';
import type { Environment } from '../environment.ts';
import { redactQueryValues } from '../logging.ts';

// Error reporting to Sentry, on only with SENTRY_DSN: the SDK is loaded then and not otherwise. Only failures
// of ours are reported (the 500s of the error handlers and GraphQL's masked errors, uncaught exceptions),
// never a client's mistake, and never what a request carried (tokens, passwords, variable values).

/** SPEC §9. */
export const SAMPLE_RATES = { traces: 0.2, profiles: 0.2 } as const;

/** SPEC §8: an error saying something was not found is the caller's, however it is capitalised. */
const NOT_FOUND = /not found/i;

type Capture = (error: unknown) => void;
let capture: Capture | undefined;

/** Reports an unexpected failure, when error reporting is on. */
export function reportError(error: unknown): void {
  capture?.(error);
}

/** The environment an event is filed under: SENTRY_ENVIRONMENT, else NODE_ENV with development as `local`. */
export const reportingEnvironment = (env: Environment) =>
  env.SENTRY_ENVIRONMENT ?? (env.NODE_ENV === 'development' ? 'local' : env.NODE_ENV);

/** SENTRY_RELEASE, else the git commit of the checkout the server runs from, else the package's version. */
export function reportingRelease(env: Environment): string {
  if (env.SENTRY_RELEASE) return env.SENTRY_RELEASE;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'berth-server@0.0.0';
  }
}

/**
 * What the SDK may collect: nothing a customer sent or owns (no user or address, cookies, bodies, query
 * strings, GraphQL variables, SQL values or local variables), and of the headers only harmless ones.
 */
const DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: {
    request: { allow: ['user-agent', 'content-type', 'accept', 'host', 'referer'] },
    response: false,
  },
  httpBodies: [],
  urlQueryParams: false,
  graphQL: { document: true, variables: false },
  genAI: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
} satisfies NodeOptions['dataCollection'];

/** Drops what says "not found"; takes the parameter values of a failed SQL statement out of the messages. */
export function beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
  const texts = [event.message, ...(event.exception?.values ?? []).map((exception) => exception.value)];
  if (texts.some((text) => text !== undefined && NOT_FOUND.test(text))) return null;
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = redactQueryValues(hint.originalException, exception.value);
  }
  return event;
}

/**
 * Sentry's own traces and profiles (SPEC §9), or none when OpenTelemetry traces (telemetry/tracing.ts): as
 * Sentry documents for an OpenTelemetry pipeline of one's own, its tracing is then off (no second set of spans
 * of the same requests) and its events are filed under the active OpenTelemetry span's trace. Its Fastify
 * instrumentation goes too: even with tracing off it makes (unrecorded) spans, which would take the place of
 * ours in its events; our error handlers report anyway. The SDK registers no tracer provider either way
 * (`enableOpenTelemetrySetup` is off by default): the process has one, ours.
 */
async function tracingOptions(
  Sentry: typeof import('@sentry/node'),
  openTelemetry: boolean,
): Promise<NodeOptions> {
  if (openTelemetry) {
    return {
      integrations: (defaults) => [
        ...defaults.filter((integration) => integration.name !== 'Fastify'),
        Sentry.openTelemetryIntegration(),
      ],
    };
  }
  const { nodeProfilingIntegration } = await import('@sentry/profiling-node');
  return {
    tracesSampleRate: SAMPLE_RATES.traces,
    profileSessionSampleRate: SAMPLE_RATES.profiles,
    profileLifecycle: 'trace',
    integrations: [
      nodeProfilingIntegration(),
      // Our error handlers report (they know a client's mistake and an unreachable database from a failure).
      Sentry.fastifyIntegration({ shouldHandleError: () => false }),
    ],
  };
}

/**
 * Starts reporting when SENTRY_DSN is set; call before the app's modules are imported, so the SDK's tracing
 * sees Fastify and the HTTP server load, and after tracing has started (`openTelemetry`: whether it has).
 * Resolves whether it started.
 */
export async function startErrorReporting(
  env: Environment,
  { openTelemetry = false } = {},
): Promise<boolean> {
  if (!env.SENTRY_DSN) return false;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: env.SENTRY_DSN,
    environment: reportingEnvironment(env),
    release: reportingRelease(env),
    dataCollection: DATA_COLLECTION,
    ...(await tracingOptions(Sentry, openTelemetry)),
    beforeSend,
  });
  capture = (error) => Sentry.captureException(error);
  return true;
}

/** Sends what is still queued (at shutdown), waiting at most this long. */
export async function flushErrorReports(timeoutMs: number): Promise<void> {
  if (!capture) return;
  const Sentry = await import('@sentry/node');
  await Sentry.close(timeoutMs);
}
