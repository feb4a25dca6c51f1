import { EnvironmentError, readEnvironment } from './environment.ts';
import { flushErrorReports, startErrorReporting } from './telemetry/error-reporting.ts';
import { startTracing, stopTracing } from './telemetry/tracing.ts';

/** How long a stop waits for queued error reports, and then for queued spans, to leave. */
const REPORTS_FLUSH_MS = 2000;

async function main() {
  let env;
  try {
    env = readEnvironment();
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }

  // Before the app's modules load: the SDKs' instrumentation hooks into Fastify and HTTP as they are imported.
  // Tracing first: Sentry then files its errors under its traces.
  const openTelemetry = await startTracing(env);
  await startErrorReporting(env, { openTelemetry });
  // Loaded only once the environment is valid: a bad value then prints its one line and nothing else
  // (importing the app loads oidc-provider, which writes its own warnings to stderr).
  const { buildApp } = await import('./app.ts');
  const berth = await buildApp(env);
  // /healthz answers as soon as the server listens, before listen() has started the provisioner and the
  // scheduler: the signal handlers come first, so that a stop meanwhile (a load balancer may already be
  // sending requests) is graceful too, once the start is done. Without them a signal ends the process at once.
  const listening = berth.listen();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    berth.app.log.info(
      `${signal} received: out of rotation, serving for ${env.SHUTDOWN_DRAIN_MS} ms more, then finishing in-flight requests`,
    );
    const force = setTimeout(() => {
      berth.app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_DRAIN_MS + env.SHUTDOWN_TIMEOUT_MS).unref();
    // Behind a load balancer, requests keep coming until its health checks see /healthz answer 503: they are
    // served meanwhile, and only then does the server stop listening.
    listening
      .then(() => berth.drain(env.SHUTDOWN_DRAIN_MS))
      .then(() => berth.close())
      .then(() => flushErrorReports(REPORTS_FLUSH_MS))
      .then(() => stopTracing(REPORTS_FLUSH_MS))
      .then(() => {
        clearTimeout(force);
        process.exit(0);
      })
      .catch((error: unknown) => {
        berth.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const port = await listening;
  const url = env.PUBLIC_URL === `http://localhost:${env.PORT}` ? `http://localhost:${port}` : env.PUBLIC_URL;
  process.stdout.write(`Berth is running on ${url}\n`);
  if (env.DEMO_ACCOUNT && !env.EXTERNAL_ISSUER) {
    process.stdout.write(
      `Sign in with demo@example.com and the password of DEMO_PASSWORD (default berth-demo).\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Berth failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
