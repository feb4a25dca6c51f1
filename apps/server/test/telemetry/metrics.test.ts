import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/telemetry/metrics.ts';
import { checkoutCompleted, useStripeProvider } from '../billing/stripe-provider-setup.ts';
import { createCustomer } from '../support/customers.ts';
import { passwordGrant } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { parsePrometheusText, sampleValue, type Family } from '../support/prometheus-text.ts';
import { CREATE_NAMESPACE, NAMESPACE_BY_NAME, NAMESPACES } from '../support/queries.ts';
import { startServer } from '../support/server.ts';

// Berth's own metrics as Prometheus scrapes them: `GET /metrics` behind METRICS_TOKEN on the server's port, or
// on METRICS_PORT of its own, in the text format a real parser reads, with each family after traffic.

const TOKEN = randomBytes(24).toString('hex');

type Families = Map<string, Family>;

async function scrape(url: string, token?: string): Promise<Families> {
  const response = await fetch(
    `${url}/metrics`,
    token ? { headers: { authorization: `Bearer ${token}` } } : {},
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

/** Fails unless the family is there with this type; its samples. */
function expectFamily(families: Families, name: string, type: Family['type']) {
  expect(families.get(name)?.type, name).toBe(type);
  return families.get(name)?.samples ?? [];
}

describe('GET /metrics with METRICS_TOKEN', () => {
  const { suite, deliver } = useStripeProvider({ METRICS_TOKEN: TOKEN });

  it('answers 401 without the token, or with another, and shows nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await fetch(`${suite.server.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      const body = await response.text();
      expect(body).not.toContain('berth_');
      expect(JSON.parse(body)).toEqual({
        error: 'UNAUTHORIZED',
        message: 'A metrics token is needed',
        requestId: response.headers.get('x-request-id'),
      });
    }
  });

  it('holds each family after traffic, in the text format', async () => {
    const { url } = suite.server;
    const alice = await createCustomer(suite.server, { subscriptions: ['serverless-container'] });
    // Sign-ins: one right, one wrong; another account locked after five wrong passwords.
    await alice.token();
    expect((await passwordGrant(url, alice.email, 'not-the-password')).status).toBe(400);
    const mallory = await createCustomer(suite.server);
    for (let attempt = 0; attempt < 6; attempt += 1) await passwordGrant(url, mallory.email, 'guess');
    // GraphQL: a query, a mutation that leaves a provisioning task, an error, a document that does not validate.
    await alice.data(CREATE_NAMESPACE, { name: 'metrics' });
    await alice.data(NAMESPACES);
    expect(
      (await alice.gql(NAMESPACE_BY_NAME, { name: 'nothing-here' })).body.errors?.[0]?.extensions?.code,
    ).toBe('NOT_FOUND');
    expect((await alice.gql('query Broken { noSuchField }')).body.errors?.[0]?.extensions?.code).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    // A REST path that does not exist; the payment provider's webhook, refused once and taken once.
    expect((await fetch(`${url}/billing/nothing`)).status).toBe(404);
    expect((await deliver(checkoutCompleted(alice), 'bad-signature')).status).toBe(400);
    expect((await deliver(checkoutCompleted(alice))).status).toBe(200);

    const families = await scrape(url, TOKEN);
    const value = (name: string, labels: Record<string, string> = {}) => sampleValue(families, name, labels);

    expectFamily(families, 'berth_http_request_duration_seconds', 'histogram');
    const httpCount = 'berth_http_request_duration_seconds_count';
    expect(
      value(httpCount, { method: 'POST', route: '/graphql/platform', status: '200' }),
    ).toBeGreaterThanOrEqual(4);
    expect(value(httpCount, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(value(httpCount, { method: 'POST', route: '/billing/webhooks/stripe', status: '400' })).toBe(1);

    expectFamily(families, 'berth_graphql_operation_duration_seconds', 'histogram');
    const operationCount = 'berth_graphql_operation_duration_seconds_count';
    const platform = { api: '/graphql/platform' };
    expect(value(operationCount, { ...platform, operation: 'Namespaces', type: 'query' })).toBe(1);
    expect(value(operationCount, { ...platform, operation: 'CreateNamespace', type: 'mutation' })).toBe(1);
    expectFamily(families, 'berth_graphql_errors_total', 'counter');
    const errors = 'berth_graphql_errors_total';
    expect(value(errors, { ...platform, operation: 'NamespaceByName', code: 'NOT_FOUND' })).toBe(1);
    expect(value(errors, { ...platform, operation: 'Broken', code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);

    expectFamily(families, 'berth_database_query_duration_seconds', 'histogram');
    expect(value('berth_database_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(10);

    expectFamily(families, 'berth_sign_ins_total', 'counter');
    expect(value('berth_sign_ins_total', { outcome: 'success' })).toBe(1);
    expect(value('berth_sign_ins_total', { outcome: 'failure' })).toBe(6);
    expect(value('berth_sign_ins_total', { outcome: 'locked' })).toBe(1);

    expectFamily(families, 'berth_billing_webhooks_total', 'counter');
    expect(value('berth_billing_webhooks_total', { outcome: 'rejected' })).toBe(1);
    expect(value('berth_billing_webhooks_total', { outcome: 'processed' })).toBe(1);

    for (const gauge of [
      'berth_provisioning_queue_tasks',
      'berth_provisioning_oldest_task_age_seconds',
      'berth_scheduler_lag_seconds',
      'berth_log_tails_open',
      'berth_database_up',
      'berth_database_pool_connections',
      'berth_nodejs_eventloop_lag_p99_seconds',
    ]) {
      expectFamily(families, gauge, 'gauge');
    }
    // Read at the scrape: the namespace's task may already be applied, so the queue holds 0 or 1.
    expect(value('berth_provisioning_queue_tasks')).toBeLessThanOrEqual(1);
    expect(value('berth_provisioning_oldest_task_age_seconds')).toBeLessThan(60);
    expect(value('berth_scheduler_lag_seconds')).toBe(0);
    expect(value('berth_log_tails_open')).toBe(0);
    expect(value('berth_database_up')).toBe(1);
    // PostgreSQL's pool; PGlite has none.
    if (process.env.DATABASE_URL)
      expect(value('berth_database_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(value('berth_database_pool_connections', { state: 'total' })).toBeUndefined();
    expectFamily(families, 'berth_process_cpu_user_seconds_total', 'counter');
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  it('is served there without a token, and not on the main port; while the database is down too', async () => {
    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
    const server = await startServer({ METRICS_PORT: String(metricsPort) });
    try {
      const families = await scrape(metricsUrl);
      expectFamily(families, 'berth_http_request_duration_seconds', 'histogram');
      expect(sampleValue(families, 'berth_database_up')).toBe(1);
      expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(404);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);

      // Background work stops first: it would only log that the database is gone.
      await server.berth.provisioner.stop();
      await server.berth.scheduler.stop();
      await server.berth.database.close();
      const withoutDatabase = await scrape(metricsUrl);
      expect(sampleValue(withoutDatabase, 'berth_database_up')).toBe(0);
      expect(sampleValue(withoutDatabase, 'berth_provisioning_queue_tasks')).toBeNaN();
      expect(sampleValue(withoutDatabase, 'berth_scheduler_lag_seconds')).toBeNaN();
    } finally {
      // The database is closed already: closing it again fails, which is not what this test is about.
      await server.berth.close().catch(() => undefined);
      await server.database.drop();
    }
    // Closed with the server.
    await expect(fetch(`${metricsUrl}/metrics`)).rejects.toThrow();
  });
});

describe('operation names', () => {
  it('keeps at most 500 distinct names and counts the rest as `other`, so clients cannot grow the series', async () => {
    const metrics = createMetrics();
    for (let index = 0; index < 502; index += 1) {
      metrics.observeGraphqlOperation('/graphql/platform', `Operation${index}`, 'query', 0.01, []);
    }
    metrics.observeGraphqlOperation('/graphql/platform', 'Operation7', 'query', 0.01, []);
    metrics.observeGraphqlOperation('/graphql/platform', 'x'.repeat(101), 'query', 0.01, []);
    const families = parsePrometheusText(await metrics.registry.metrics());
    const counts = expectFamily(families, 'berth_graphql_operation_duration_seconds', 'histogram').filter(
      (sample) => sample.name === 'berth_graphql_operation_duration_seconds_count',
    );
    expect(new Set(counts.map((sample) => sample.labels.operation)).size).toBe(501);
    const countOf = (operation: string) =>
      sampleValue(families, 'berth_graphql_operation_duration_seconds_count', { operation });
    expect(countOf('other')).toBe(3);
    expect(countOf('Operation7')).toBe(2);
  });
});
