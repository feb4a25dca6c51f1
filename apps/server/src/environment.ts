import { z } from 'zod';
import { billingSettings } from './environment/billing-settings.ts';
import { mailSettings } from './environment/mail-settings.ts';
import { runtimeSettings } from './environment/runtime-settings.ts';
import { serverSettings } from './environment/server-settings.ts';
import { telemetrySettings } from './environment/telemetry-settings.ts';

// The only reader of process.env: every setting is validated here so a bad value stops start-up at once
// with one line naming the variable, instead of failing later in some request.

// Each variable's `.describe()` is its one-line meaning: `npm run docs:config` renders docs/configuration.md
// from this schema (names, defaults, descriptions), and a test keeps that page equal to what it renders.
export const environmentSchema = z.object({
  ...serverSettings,
  ...runtimeSettings,
  ...billingSettings,
  ...mailSettings,
  ...telemetrySettings,
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
  if (env.MESSAGE_QUEUES_DRIVER === 'rabbitmq' && !env.MESSAGE_QUEUES_ADMIN_URL) {
    throw new EnvironmentError(
      'Invalid environment variable MESSAGE_QUEUES_ADMIN_URL: required when MESSAGE_QUEUES_DRIVER=rabbitmq',
    );
  }
  const kubernetes = [
    env.PROVISIONER_DRIVER,
    env.DATABASE_CLUSTERS_DRIVER,
    env.MESSAGE_QUEUES_DRIVER,
  ].includes('kubernetes');
  if (kubernetes && !env.KUBECONFIG && !env.KUBERNETES_SERVICE_HOST) {
    throw new EnvironmentError(
      'Invalid environment variable KUBECONFIG: required for the kubernetes drivers outside a cluster (the path of a kubeconfig file)',
    );
  }
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}
