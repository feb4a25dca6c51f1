import { z } from 'zod';

// The only reader of process.env: every setting is validated here so a bad value stops start-up at once
// with one line naming the variable, instead of failing later in some request.

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const STRIPE_PRICE_PAIR = /^[A-Za-z0-9_-]+=price_[A-Za-z0-9_]+$/;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('berth-demo'),
  DEMO_ACCOUNT: booleanFlag.default(true),
  REALM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, hyphen and underscore only')
    .default('berth'),
  PORTAL_CLIENT_ID: z.string().min(1).default('berth-portal'),
  CLI_CLIENT_ID: z.string().min(1).default('berth-cli'),
  API_AUDIENCE: z.string().min(1).default('berth-platform'),
  EXTERNAL_ISSUER: z.url().optional(),
  PORTAL_DEV_URL: z.url().default('http://localhost:5173'),
  // Further browser origins allowed to call the API (comma-separated); PUBLIC_URL and PORTAL_DEV_URL always are.
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins (https://host[:port])' }))),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  PROVISIONER_DRIVER: z.enum(['simulated', 'kubernetes']).default('simulated'),
  // Who runs database clusters: `simulated`, `postgres` (real databases and roles on the PostgreSQL server
  // of DATABASE_CLUSTERS_ADMIN_URL, a role allowed to create roles and databases), or `kubernetes`
  // (CloudNativePG clusters).
  DATABASE_CLUSTERS_DRIVER: z.enum(['simulated', 'postgres', 'kubernetes']).default('simulated'),
  // The cluster of the kubernetes drivers: the kubeconfig file of KUBECONFIG, else the service account of
  // the pod Berth runs in (Kubernetes sets KUBERNETES_SERVICE_HOST there).
  KUBECONFIG: z.string().min(1).optional(),
  KUBERNETES_SERVICE_HOST: z.string().min(1).optional(),
  // The storage class of volumes and database clusters (it must allow expansion); else the cluster's default.
  KUBERNETES_STORAGE_CLASS: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, 'must be a storage class name')
    .optional(),
  DATABASE_CLUSTERS_ADMIN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Days a resource with a plan of its own (a database cluster) runs unpaid before it is stopped.
  UNPAID_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  SIMULATED_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  // Default web addresses of containers are `{container}-{namespace}.$APPS_DOMAIN`.
  APPS_DOMAIN: z
    .string()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
      'must be a lowercase domain name',
    )
    .default('apps.localhost'),
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  TRUST_PROXY: booleanFlag.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // How long a stop (SIGTERM, Ctrl-C) keeps serving after /healthz turns 503, so that load balancers take the
  // process out of rotation before it stops listening: behind one, more than their health checks take to notice.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  // base64 of 32 bytes: the AES-256 key of secrets at rest (registry passwords, secret variables).
  SECRETS_KEY: z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be base64 of 32 bytes (openssl rand -base64 32)',
    )
    .optional(),
  // Who hosts checkout and billing-details pages and reports payments: `local` is Berth itself (test cards).
  BILLING_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  // BILLING_PROVIDER=stripe: the API key, the webhook endpoint's signing secret, our plan id → Stripe price id
  // (`plan=price_…,plan=price_…`), and an API base other than Stripe's (a proxy; tests' stand-in).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
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
    .optional(),
  STRIPE_API_BASE: z.url().optional(),
  // Lets the registry sign-in check reach private and loopback addresses, over plain http too (tests).
  REGISTRY_VERIFY_ALLOW_PRIVATE: booleanFlag.default(false),
  // Feature flags: the portal reads them from the Unleash frontend API at /api/frontend. Without FLAGS_URL Berth
  // answers from its own flags (`npm run admin -- flag …`); with FLAGS_URL (a real Unleash's frontend API, e.g.
  // https://unleash.example.com/api/frontend, or an Unleash proxy) it forwards there. FLAGS_CLIENT_KEY is the
  // frontend key the portal sends and Unleash expects (a frontend token, visible to browsers: not a secret).
  FLAGS_URL: z.url().optional(),
  FLAGS_CLIENT_KEY: z.string().min(1).default('default:development.berth-portal'),
  // Error reporting to Sentry (or any service that takes Sentry's envelopes): off without SENTRY_DSN. The
  // environment defaults to NODE_ENV (production, test; development is `local`); the release to the checkout's
  // git commit when there is one. VITE_SENTRY_DSN is the portal's (a build setting): its origin is let through
  // the portal's content security policy.
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z
    .string()
    .regex(/^[^\s/]{1,64}$/, 'at most 64 characters, no spaces or slashes')
    .optional(),
  SENTRY_RELEASE: z
    .string()
    .regex(/^[^\s/]{1,200}$/, 'at most 200 characters, no spaces or slashes')
    .optional(),
  VITE_SENTRY_DSN: z.url().optional(),
  // The portal's session analytics (build settings, read here for its content security policy): with a key,
  // the browser may send to the PostHog host (POSTHOG_* are what `npm run build` maps onto VITE_POSTHOG_*).
  VITE_POSTHOG_KEY: z.string().optional(),
  POSTHOG_KEY: z.string().optional(),
  VITE_POSTHOG_HOST: z.url().optional(),
  POSTHOG_HOST: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const STRIPE_REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES'] as const;

export type Environment = z.infer<typeof schema> & { PUBLIC_URL: string };

export class EnvironmentError extends Error {}

/** Reads and validates the environment; throws EnvironmentError with one line naming the variable. */
export function readEnvironment(source: Record<string, string | undefined> = process.env): Environment {
  const values = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(values);
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
