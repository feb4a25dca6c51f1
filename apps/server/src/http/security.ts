import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { bearerToken } from '../auth/verifier.ts';
import type { Environment } from '../environment.ts';
import { AUTO_SUBMIT_SCRIPT_HASH } from '../identity/pages.ts';

/** Where the portal sends session analytics unless built with another VITE_POSTHOG_HOST (its config/env.ts). */
const POSTHOG_DEFAULT_HOST = 'https://eu.i.posthog.com';

/** Browser origins allowed to call the API with credentials: the portal's own, and the configured ones. */
export function allowedOrigins(env: Environment): string[] {
  const origin = (url: string) => new URL(url).origin;
  return [...new Set([env.PUBLIC_URL, env.PORTAL_DEV_URL, ...env.CORS_ORIGINS].map(origin))];
}

/** Security headers, CORS and the rate limiter, for every route of the server (not encapsulated). */
export const securityPlugins = fastifyPlugin(async (app: FastifyInstance, { env }: { env: Environment }) => {
  const issuerOrigin = env.EXTERNAL_ISSUER ? new URL(env.EXTERNAL_ISSUER).origin : undefined;
  // The portal's error reports go to its Sentry; session replays compress in a worker made from a blob.
  const sentryOrigin = env.VITE_SENTRY_DSN ? new URL(env.VITE_SENTRY_DSN).origin : undefined;
  // Session analytics send to the PostHog host the portal was built with (its default: PostHog's EU cloud).
  const analyticsOrigin =
    env.VITE_POSTHOG_KEY || env.POSTHOG_KEY
      ? new URL(env.VITE_POSTHOG_HOST ?? env.POSTHOG_HOST ?? POSTHOG_DEFAULT_HOST).origin
      : undefined;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", AUTO_SUBMIT_SCRIPT_HASH],
        // MUI (emotion) inserts its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...[issuerOrigin, sentryOrigin, analyticsOrigin].filter((origin) => origin !== undefined),
        ],
        workerSrc: ["'self'", ...(sentryOrigin ? ['blob:'] : [])],
        frameSrc: ["'self'", ...(issuerOrigin ? [issuerOrigin] : [])],
        frameAncestors: ["'self'"],
        // After sign-in the browser follows a redirect to the portal, which in development runs elsewhere.
        formAction: ["'self'", env.PORTAL_DEV_URL],
        upgradeInsecureRequests: null,
      },
    },
    // The sign-in pages post forms and redirect across the realm paths; keep the referrer on this origin.
    referrerPolicy: { policy: 'same-origin' },
  });
  // The browser lets the portal's error reporting profile its scripts (JS Self-Profiling) only with this.
  if (sentryOrigin)
    app.addHook('onSend', async (_request, reply) => void reply.header('Document-Policy', 'js-profiling'));
  // A listed origin gets its CORS answer; any other gets none, so its pages cannot read our responses.
  // The identity provider's own paths answer CORS themselves (oidc-provider's rules per client).
  const origins = new Set(allowedOrigins(env));
  await app.register(cors, {
    delegator: (request, callback) => {
      const listed = origins.has(request.headers.origin ?? '');
      callback(null, {
        origin: listed,
        credentials: listed,
        methods: ['GET', 'POST'],
        allowedHeaders: ['authorization', 'content-type', 'accept'],
        maxAge: 600,
      });
    },
  });
  await app.register(rateLimit, { global: false });
});

/** One client = one bearer token (or one address without a token). */
function clientKey(request: FastifyRequest): string {
  const token = bearerToken(request.headers.authorization);
  return token ? createHash('sha256').update(token).digest('base64url') : request.ip;
}

export const apiRateLimit = (env: Environment) => ({
  max: env.RATE_LIMIT_API_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: clientKey,
});

export const tokenRateLimit = (env: Environment) => ({
  max: env.RATE_LIMIT_TOKEN_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => request.ip,
});
