import { z } from 'zod';
import { booleanFlag } from './values.ts';

// Where resources run: the runtime and database-cluster drivers, Kubernetes, the apps domain, grace periods.

export const runtimeSettings = {
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
  REGISTRY_VERIFY_ALLOW_PRIVATE: booleanFlag
    .default(false)
    .describe(
      'Let the registry sign-in check (`verify: true`) reach loopback, private and link-local addresses, and plain `http://` registries (tests, local registries).',
    ),
};
