import { z } from 'zod';

// What Berth reports and reads about itself: feature flags, errors (Sentry), traces (OpenTelemetry), product
// analytics (PostHog), logs.

export const telemetrySettings = {
  FLAGS_URL: z
    .url()
    .optional()
    .describe(
      "A real Unleash's frontend API (e.g. `https://unleash.example.com/api/frontend`) or an Unleash proxy, where `/api/frontend` forwards the portal's flag requests; without it Berth answers from its own flags (`npm run admin -- flag …`).",
    ),
  FLAGS_CLIENT_KEY: z
    .string()
    .min(1)
    .default('default:development.berth-portal')
    .describe(
      'The frontend key the portal sends and Unleash expects (an Unleash frontend token, visible to browsers: not a secret).',
    ),
  SENTRY_DSN: z
    .url()
    .optional()
    .describe(
      "The server's error reporting to Sentry (or any service that takes Sentry's envelopes); off without it.",
    ),
  SENTRY_ENVIRONMENT: z
    .string()
    .regex(/^[^\s/]{1,64}$/, 'at most 64 characters, no spaces or slashes')
    .optional()
    .describe("Environment of the server's error reports; without it `NODE_ENV` (`development` as `local`)."),
  SENTRY_RELEASE: z
    .string()
    .regex(/^[^\s/]{1,200}$/, 'at most 200 characters, no spaces or slashes')
    .optional()
    .describe(
      "Release of the server's error reports; without it the checkout's git commit when there is one.",
    ),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .optional()
    .describe(
      "Traces to this OpenTelemetry collector over OTLP/HTTP (its base URL, e.g. `http://otel-collector:4318`); off without it. The SDK's other standard variables apply, e.g. `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_TRACES_SAMPLER`: see [operations](operations.md#tracing).",
    ),
  OTEL_SERVICE_NAME: z
    .string()
    .min(1)
    .default('berth')
    .describe('The `service.name` of the spans the server sends.'),
  VITE_SENTRY_DSN: z
    .url()
    .optional()
    .describe(
      "The portal's Sentry DSN (a build setting), read here to let its origin through the portal's content security policy.",
    ),
  VITE_POSTHOG_KEY: z
    .string()
    .optional()
    .describe(
      "The portal's PostHog project key (a build setting); with a key, the content security policy lets the browser send to the PostHog host.",
    ),
  POSTHOG_KEY: z
    .string()
    .optional()
    .describe(
      'The public PostHog project key (`phc_…`), which `npm run build` passes on as `VITE_POSTHOG_KEY`.',
    ),
  VITE_POSTHOG_HOST: z
    .url()
    .optional()
    .describe("The portal's PostHog host (a build setting); without it `https://eu.i.posthog.com`."),
  POSTHOG_HOST: z
    .url()
    .optional()
    .describe('The PostHog host, which `npm run build` passes on as `VITE_POSTHOG_HOST`.'),
  METRICS_TOKEN: z
    .string()
    .min(32, 'at least 32 characters (openssl rand -hex 32)')
    .optional()
    .describe(
      "Serves `GET /metrics` (Prometheus' text format) on the server's port to the bearer of this token; without it and `METRICS_PORT`, no metrics are served.",
    ),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .describe(
      'Serves `GET /metrics` without a token on this port of its own (on `HOST`), for a network only Prometheus reaches.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.'),
};
