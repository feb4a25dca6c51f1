import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// Berth's own health in Prometheus' text format (`GET /metrics`, see metrics-routes.ts): what an operator
// alerts on (deploy/kubernetes/monitoring) and graphs (deploy/grafana). Names follow Prometheus' conventions:
// a `berth_` prefix, base units (seconds), `_total` for counters.

/** Request and query durations: from a millisecond up to the 10 s a slow request may take. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Clients name their GraphQL operations: past this many distinct names, further ones count as `other`. */
const MAX_OPERATION_NAMES = 500;
const MAX_OPERATION_NAME_LENGTH = 100;

export type SignInOutcome = 'success' | 'failure' | 'locked';
export type WebhookOutcome = 'processed' | 'rejected' | 'failed';

/** A webhook call's outcome by its answer: taken (applied or not ours), refused (4xx), or failed (5xx). */
export const webhookOutcomeOf = (status: number): WebhookOutcome =>
  status < 400 ? 'processed' : status < 500 ? 'rejected' : 'failed';

/** Readings taken when Prometheus scrapes, from the parts that know them. */
export interface MetricSources {
  /** Provisioning tasks waiting, and the age in seconds of the oldest (0 when none waits). */
  provisioningBacklog(): Promise<{ tasks: number; oldestAgeSeconds: number }>;
  /** How late, in seconds, the oldest due run of a scheduled job is (0 when none is due). */
  schedulerLagSeconds(): Promise<number>;
  /** Live log tails open now. */
  openLogTails(): number;
  /** Whether the database answers now. */
  databaseAnswers(): Promise<boolean>;
  /** The database pool's connections (PostgreSQL); undefined for PGlite, which has no pool. */
  databasePool(): { total: number; idle: number; waiting: number } | undefined;
}

/**
 * A reading that needs the database: NaN (unknown) while it does not answer, so that /metrics still answers
 * then, with `berth_database_up` 0.
 */
const readOrNaN = (read: () => Promise<number>) => read().catch(() => NaN);

export function createMetrics() {
  const registry = new Registry();
  // Node's own: CPU, memory, event loop lag, garbage collection, open handles.
  collectDefaultMetrics({ register: registry, prefix: 'berth_' });
  const registers = [registry];

  const httpRequestDuration = new Histogram({
    name: 'berth_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its pattern) and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const graphqlOperationDuration = new Histogram({
    name: 'berth_graphql_operation_duration_seconds',
    help: 'GraphQL operations executed, by API, operation name and type.',
    labelNames: ['api', 'operation', 'type'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const graphqlErrors = new Counter({
    name: 'berth_graphql_errors_total',
    help: 'Errors in GraphQL answers, by API, operation name and error code.',
    labelNames: ['api', 'operation', 'code'] as const,
    registers,
  });
  const databaseQueryDuration = new Histogram({
    name: 'berth_database_query_duration_seconds',
    help: "Berth's own SQL statements, by outcome (ok or error).",
    labelNames: ['outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const webhooks = new Counter({
    name: 'berth_billing_webhooks_total',
    help: "The payment provider's webhook calls, by outcome: processed, rejected (bad signature or body), failed.",
    labelNames: ['outcome'] as const,
    registers,
  });
  const signIns = new Counter({
    name: 'berth_sign_ins_total',
    help: 'Password checks of the built-in identity provider, by outcome: success, failure, locked (throttled).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const operationNames = new Set<string>();

  return {
    registry,

    /** Starts the readings taken at scrape time. */
    readFrom: (sources: MetricSources) => {
      // A scrape collects every metric at once: the queue's two gauges share one query.
      let inFlight: ReturnType<MetricSources['provisioningBacklog']> | undefined;
      const backlog = () =>
        (inFlight ??= sources.provisioningBacklog().finally(() => {
          inFlight = undefined;
        }));
      new Gauge({
        name: 'berth_provisioning_queue_tasks',
        help: 'Provisioning tasks waiting to be applied.',
        registers,
        async collect() {
          this.set(await readOrNaN(async () => (await backlog()).tasks));
        },
      });
      new Gauge({
        name: 'berth_provisioning_oldest_task_age_seconds',
        help: 'Age of the oldest provisioning task waiting (0 when none waits).',
        registers,
        async collect() {
          this.set(await readOrNaN(async () => (await backlog()).oldestAgeSeconds));
        },
      });
      new Gauge({
        name: 'berth_scheduler_lag_seconds',
        help: 'How late the oldest due run of a scheduled job is (0 when none is due).',
        registers,
        async collect() {
          this.set(await readOrNaN(sources.schedulerLagSeconds));
        },
      });
      new Gauge({
        name: 'berth_log_tails_open',
        help: 'Live log tails open now.',
        registers,
        collect() {
          this.set(sources.openLogTails());
        },
      });
      new Gauge({
        name: 'berth_database_up',
        help: 'Whether the database answers (1) or not (0), as /healthz asks it.',
        registers,
        async collect() {
          this.set((await sources.databaseAnswers()) ? 1 : 0);
        },
      });
      new Gauge({
        name: 'berth_database_pool_connections',
        help: "The PostgreSQL pool's connections, by state: total, idle, waiting (requests waiting for one).",
        labelNames: ['state'] as const,
        registers,
        collect() {
          const pool = sources.databasePool();
          if (!pool) return;
          for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
        },
      });
    },

    observeHttpRequest: (method: string, route: string, status: number, seconds: number) => {
      httpRequestDuration.observe({ method, route, status: String(status) }, seconds);
    },

    observeGraphqlOperation: (
      api: string,
      name: string | undefined,
      type: string,
      seconds: number,
      errorCodes: string[],
    ) => {
      const operation = boundedName(name);
      graphqlOperationDuration.observe({ api, operation, type }, seconds);
      for (const code of errorCodes) graphqlErrors.inc({ api, operation, code });
    },

    observeDatabaseQuery: (seconds: number, ok: boolean) => {
      databaseQueryDuration.observe({ outcome: ok ? 'ok' : 'error' }, seconds);
    },

    countWebhook: (outcome: WebhookOutcome) => {
      webhooks.inc({ outcome });
    },

    countSignIn: (outcome: SignInOutcome) => {
      signIns.inc({ outcome });
    },
  };

  function boundedName(name: string | undefined): string {
    if (!name) return 'anonymous';
    if (operationNames.has(name)) return name;
    if (operationNames.size >= MAX_OPERATION_NAMES || name.length > MAX_OPERATION_NAME_LENGTH) return 'other';
    operationNames.add(name);
    return name;
  }
}

export type Metrics = ReturnType<typeof createMetrics>;
