import { z } from 'zod';

// The only reader of process.env: every setting is validated here so a bad value stops start-up at once
// with one line naming the variable, instead of failing later in some request.

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const STRIPE_PRICE_PAIR = /^[A-Za-z0-9_-]+=price_[A-Za-z0-9_]+$/;

// Each variable's `.describe()` is its one-line meaning: `npm run docs:config` renders docs/configuration.md
// from this schema (names, defaults, descriptions), and a test keeps that page equal to what it renders.
export const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe(
      '`development`, `production` or `test`: `production` in production, which then requires `SECRETS_KEY`.',
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('HTTP port.'),
  HOST: z.string().min(1).default('0.0.0.0').describe('Address to listen on.'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      "The address customers use; without it `http://localhost:$PORT`. The identity provider's issuer is `$PUBLIC_URL/realms/$REALM`, and payment pages send browsers back to addresses built from it.",
    ),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('PGlite data folder, used when `DATABASE_URL` is not set.'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .describe('`postgres://…` of a PostgreSQL database to use instead of PGlite.'),
  DEMO_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .default('berth-demo')
    .describe('Password of the demo account (8 characters or more).'),
  DEMO_ACCOUNT: booleanFlag
    .default(true)
    .describe(
      'Create the account `demo@example.com` at start when it does not exist (`true`, `false`, `1`, `0`).',
    ),
  REALM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, hyphen and underscore only')
    .default('berth')
    .describe("Realm name in the identity provider's paths (`/realms/$REALM`)."),
  PORTAL_CLIENT_ID: z
    .string()
    .min(1)
    .default('berth-portal')
    .describe('Public client of the portal (authorization code + PKCE S256).'),
  CLI_CLIENT_ID: z
    .string()
    .min(1)
    .default('berth-cli')
    .describe('Public client allowed the password grant (command-line clients).'),
  API_AUDIENCE: z
    .string()
    .min(1)
    .default('berth-platform')
    .describe('Audience the API requires in access tokens; also the UMA `audience`.'),
  EXTERNAL_ISSUER: z
    .url()
    .optional()
    .describe(
      'Issuer URL of a real Keycloak realm (e.g. `https://sso.example.com/realms/berth`): the API trusts its tokens (discovery + JWKS) and the built-in identity provider is not mounted.',
    ),
  PORTAL_DEV_URL: z
    .url()
    .default('http://localhost:5173')
    .describe(
      "Origin of `npm run dev`'s portal, allowed as a sign-in redirect target and as a browser origin.",
    ),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins (https://host[:port])' })))
    .describe(
      'Further browser origins allowed to call the API, comma-separated; `PUBLIC_URL` and `PORTAL_DEV_URL` always are, any other origin gets no CORS answer.',
    ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(300)
    .describe('Lifetime of access tokens in seconds (10 to 86400).'),
  PROVISIONER_DRIVER: z
    .enum(['simulated', 'kubernetes'])
    .default('simulated')
    .describe(
      'Who runs containers, container jobs, volumes and registries: `simulated` (nothing really runs), or `kubernetes` (Knative on a cluster).',
    ),
  DATABASE_CLUSTERS_DRIVER: z
    .enum(['simulated', 'postgres', 'kubernetes'])
    .default('simulated')
    .describe(
      'Who runs database clusters: `simulated`, `postgres` (real databases and roles on the PostgreSQL server of `DATABASE_CLUSTERS_ADMIN_URL`), or `kubernetes` (CloudNativePG clusters).',
    ),
  KUBECONFIG: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Kubeconfig file of the cluster the `kubernetes` drivers use (its current context); required for them outside a cluster.',
    ),
  KUBERNETES_SERVICE_HOST: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Set by Kubernetes in a pod: there the `kubernetes` drivers use the pod's service account when `KUBECONFIG` is not set.",
    ),
  KUBERNETES_STORAGE_CLASS: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, 'must be a storage class name')
    .optional()
    .describe(
      "Storage class of volumes and database clusters on Kubernetes (it must allow expansion); without it the cluster's default.",
    ),
  DATABASE_CLUSTERS_ADMIN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .describe(
      '`postgres://…` of a role allowed to create roles and databases (`CREATEROLE CREATEDB`); required with `DATABASE_CLUSTERS_DRIVER=postgres`.',
    ),
  UNPAID_GRACE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365)
    .default(7)
    .describe(
      'Days a resource with a plan of its own (a database cluster) runs unpaid before it is stopped (never deleted); paying starts it again.',
    ),
  SIMULATED_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(1500)
    .describe('How long a change takes in the simulated runtime, in milliseconds.'),
  APPS_DOMAIN: z
    .string()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
      'must be a lowercase domain name',
    )
    .default('apps.localhost')
    .describe(
      "Containers' default web addresses are `{container}-{namespace}-{suffix}.$APPS_DOMAIN` (the suffix: 8 characters of the customer's own); database clusters' are `{cluster}-{namespace}.db.$APPS_DOMAIN`.",
    ),
  RATE_LIMIT_API_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(1200)
    .describe('Requests per minute per client (a bearer token, else an address) on the APIs.'),
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(120)
    .describe("Requests per minute per address on the identity provider's token endpoint."),
  TRUST_PROXY: booleanFlag.default(false).describe('Trust `X-Forwarded-*` headers (behind a load balancer).'),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .describe('How long a stop (SIGTERM, Ctrl-C) waits for in-flight work, in milliseconds.'),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      'How long a stop (SIGTERM, Ctrl-C) keeps serving after `/healthz` turns 503, so that load balancers take the process out of rotation first: behind one, more than its health checks take to notice.',
    ),
  SECRETS_KEY: z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be base64 of 32 bytes (openssl rand -base64 32)',
    )
    .optional()
    .describe(
      'base64 of 32 bytes (`openssl rand -base64 32`): the AES-256-GCM key of secrets at rest (registry passwords, secret variables, database passwords, two-factor secrets). Required in production; elsewhere a key is generated once and kept in the database, with a warning.',
    ),
  BILLING_PROVIDER: z
    .enum(['local', 'stripe'])
    .default('local')
    .describe(
      'Who hosts checkout and billing-details pages and reports payments: `local` is Berth itself, with test cards; `stripe` is Stripe.',
    ),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
    .optional()
    .describe(
      'Required with `BILLING_PROVIDER=stripe`: the Stripe API key (`sk_…`, or a restricted `rk_…` with write access to Checkout Sessions, Customer Portal sessions, Subscriptions and Refunds, and read access to Invoices).',
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional()
    .describe(
      'Required with `BILLING_PROVIDER=stripe`: signing secret (`whsec_…`) of the webhook endpoint `$PUBLIC_URL/billing/webhooks/stripe`.',
    ),
  STRIPE_PRICES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean),
    )
    .refine(
      (pairs) => pairs.length > 0 && pairs.every((pair) => STRIPE_PRICE_PAIR.test(pair)),
      'must be a comma-separated list of planId=price_… pairs',
    )
    .transform((pairs) => Object.fromEntries(pairs.map((pair) => pair.split('=') as [string, string])))
    .optional()
    .describe(
      'Required with `BILLING_PROVIDER=stripe`: our plan id → Stripe price id, comma-separated `plan=price_…` pairs (e.g. `serverless-containers-EUR-Monthly=price_123,cloud-databases-EUR-Monthly=price_456`); every plan sold by checkout needs one.',
    ),
  STRIPE_API_BASE: z
    .url()
    .optional()
    .describe(
      "Another Stripe API base than Stripe's (`http(s)://host:port`): a proxy, or the tests' stand-in.",
    ),
  REGISTRY_VERIFY_ALLOW_PRIVATE: booleanFlag
    .default(false)
    .describe(
      'Let the registry sign-in check (`verify: true`) reach loopback, private and link-local addresses, and plain `http://` registries (tests, local registries).',
    ),
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
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.'),
});

const STRIPE_REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES'] as const;

export type Environment = z.infer<typeof environmentSchema> & { PUBLIC_URL: string };

export class EnvironmentError extends Error {}

/** Reads and validates the environment; throws EnvironmentError with one line naming the variable. */
export function readEnvironment(source: Record<string, string | undefined> = process.env): Environment {
  const values = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new EnvironmentError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const env = parsed.data;
  // Elsewhere a generated key kept in the database will do; in production it must come from outside it.
  if (env.NODE_ENV === 'production' && !env.SECRETS_KEY) {
    throw new EnvironmentError(
      'Invalid environment variable SECRETS_KEY: required when NODE_ENV=production (openssl rand -base64 32)',
    );
  }
  if (env.BILLING_PROVIDER === 'stripe') {
    const missing = STRIPE_REQUIRED.find((name) => env[name] === undefined);
    if (missing) {
      throw new EnvironmentError(
        `Invalid environment variable ${missing}: required when BILLING_PROVIDER=stripe`,
      );
    }
  }
  if (env.DATABASE_CLUSTERS_DRIVER === 'postgres' && !env.DATABASE_CLUSTERS_ADMIN_URL) {
    throw new EnvironmentError(
      'Invalid environment variable DATABASE_CLUSTERS_ADMIN_URL: required when DATABASE_CLUSTERS_DRIVER=postgres',
    );
  }
  const kubernetes = env.PROVISIONER_DRIVER === 'kubernetes' || env.DATABASE_CLUSTERS_DRIVER === 'kubernetes';
  if (kubernetes && !env.KUBECONFIG && !env.KUBERNETES_SERVICE_HOST) {
    throw new EnvironmentError(
      'Invalid environment variable KUBECONFIG: required for the kubernetes drivers outside a cluster (the path of a kubeconfig file)',
    );
  }
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}
