import { z } from 'zod';
import { parsePool, type Family } from '../modules/external-connections/pools.ts';
import { booleanFlag } from './values.ts';

// Where resources run: the runtime, database-cluster and message-queue drivers, Kubernetes, the apps domain, grace periods.

/** Comma-separated CIDRs of one family: the addresses external connections are given, lowest first. */
const addressPool = (family: Family, fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, context) => {
      try {
        return parsePool(family, text);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          message: `must be IPv${family} CIDRs separated by commas: ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    })
    .describe(
      `IPv${family} ranges (CIDRs, separated by commas) external connections get their addresses from; the documentation ranges by default.`,
    );

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
  MESSAGE_QUEUES_DRIVER: z
    .enum(['simulated', 'rabbitmq', 'kubernetes'])
    .default('simulated')
    .describe(
      'Who runs message queues: `simulated`, `rabbitmq` (a virtual host with its users on the RabbitMQ broker of `MESSAGE_QUEUES_ADMIN_URL`), or `kubernetes` (RabbitmqCluster objects of the RabbitMQ cluster and topology operators).',
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
  KUBERNETES_METRICS_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(60_000)
    .describe(
      "How often the `kubernetes` runtime samples containers' CPU and memory from the cluster's metrics API (`metrics.k8s.io`, metrics-server), and their requests per second from `KUBERNETES_PROMETHEUS_URL`, in milliseconds; tests sample faster.",
    ),
  KUBERNETES_PROMETHEUS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .describe(
      "Base URL of a Prometheus (its HTTP API, e.g. `http://prometheus.monitoring:9090`) that scrapes Knative's queue-proxy: the `kubernetes` runtime asks it for containers' requests per second. Without it they are not measured, and the API says so.",
    ),
  KUBERNETES_PROMETHEUS_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'must be a Kubernetes namespace name')
    .max(63)
    .optional()
    .describe(
      "Namespace of the Prometheus that scrapes Knative's queue-proxy (`KUBERNETES_PROMETHEUS_URL`): customers' namespaces let it reach their pods' metrics port (9091); without it their default-deny policy keeps it out.",
    ),
  DATABASE_CLUSTERS_ADMIN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .describe(
      '`postgres://…` of a role allowed to create roles and databases (`CREATEROLE CREATEDB`); required with `DATABASE_CLUSTERS_DRIVER=postgres`.',
    ),
  MESSAGE_QUEUES_ADMIN_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .describe(
      "`http://user:password@host:15672` of the broker's management HTTP API, a user tagged `administrator`; required with `MESSAGE_QUEUES_DRIVER=rabbitmq`.",
    ),
  EXTERNAL_IPV4_POOL: addressPool(4, '192.0.2.0/24,198.51.100.0/24,203.0.113.0/24'),
  EXTERNAL_IPV6_POOL: addressPool(6, '2001:db8::/32'),
  IP_ADDRESS_LOAD_BALANCER_CLASS: z
    .string()
    .min(1)
    .optional()
    .describe(
      "On Kubernetes, the `loadBalancerClass` of external connections' Services (e.g. MetalLB's); without it the cluster's default load balancer, given the address as `loadBalancerIP`.",
    ),
  UNPAID_GRACE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365)
    .default(7)
    .describe(
      'Days a resource with a plan of its own (a database cluster, a message queue) runs unpaid before it is stopped (never deleted); paying starts it again.',
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
