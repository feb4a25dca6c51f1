import { z } from 'zod';
import { booleanFlag } from './values.ts';

// The server itself: its address, database, identity provider, limits, shutdown and secrets.

export const serverSettings = {
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
  REQUIRE_EMAIL_VERIFICATION: booleanFlag
    .default(true)
    .describe(
      'Whether a new account confirms its email address by a mailed link before it may subscribe or create paid resources. `false` for operators who verify addresses elsewhere.',
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
};
