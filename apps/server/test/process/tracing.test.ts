import { trace } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../../src/environment.ts';
import { startTracing } from '../../src/telemetry/tracing.ts';
import { signUp } from '../support/browser.ts';
import { uniqueEmail } from '../support/customers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, tokenFor } from '../support/http.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.ts';
import { freePort } from '../support/ports.ts';
import { grantAsOperator, spawnServer, type ServerProcess } from '../support/process.ts';
import type { SentryReceiver } from '../support/sentry-receiver.ts';
import { startStripeStandIn } from '../support/stripe-stand-in.ts';

// The server as `npm start` runs it, sending its traces to a local stand-in of an OpenTelemetry collector:
// a customer's mutation is one trace, the request's span with the operation's under it and the operation's
// SQL statements under that, and nothing the customer sent is in it. With Sentry on as well, the spans still
// arrive (one tracer provider) and Sentry files its error under the same trace.

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

/** What the customer sends: it must not reach a span. */
const DESCRIPTION = 'the-customers-own-words-7f3a';
const QUERY_VALUE = 'a-token-in-the-query-91c2';

const MUTATION = `mutation CreateNamespace($name: String!, $description: String) {
  namespaceCreate(namespaceInput: { name: $name, description: $description }) { id name }
}`;

interface Started {
  server: ServerProcess;
  token: string;
}

/** A server with these variables and a subscribed customer's token. */
async function startWithCustomer(database: TestDatabase, env: Record<string, string>): Promise<Started> {
  const server = await spawnServer(database, await freePort(), {
    // Spans leave every 100 ms instead of 5 s; request lines are logged at info.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    LOG_LEVEL: 'info',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    ...env,
  });
  const account = { name: 'Traced', email: uniqueEmail('traced'), password: 'traced-password' };
  await signUp(server.url, account);
  await grantAsOperator(database, account.email);
  return { server, token: (await tokenFor(server.url, account.email, account.password)).access_token };
}

/** The JSON lines the server logged for this request id. */
const logLinesOf = (server: ServerProcess, requestId: string) =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.reqId === requestId);

/** The request's trace: its id from the request's log lines, its spans once they are all received. */
async function traceOf(receiver: OtlpReceiver, server: ServerProcess, requestId: string, until: RegExp) {
  const traceId = await eventually(
    'a log line of the request with its trace id',
    async () =>
      logLinesOf(server, requestId).find((line) => typeof line.trace_id === 'string')?.trace_id as
        string | undefined,
    { timeoutMs: 20_000 },
  );
  const spans = () => receiver.spans.filter((span) => span.traceId === traceId);
  await eventually(
    `the spans of trace ${traceId}`,
    async () =>
      spans().some((span) => until.test(span.name)) && spans().some((span) => span.kind === SERVER)
        ? true
        : undefined,
    { timeoutMs: 20_000 },
  );
  return { traceId, spans: spans() };
}

/** A namespace created by the customer: the trace of its request. */
async function createNamespaceTraced(receiver: OtlpReceiver, { server, token }: Started, name: string) {
  const response = await fetch(`${server.url}/graphql/platform?marker=${QUERY_VALUE}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: MUTATION, variables: { name, description: DESCRIPTION } }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
  const requestId = response.headers.get('x-request-id') ?? '';
  const { spans, traceId } = await traceOf(receiver, server, requestId, /^INSERT$/);
  return { spans, traceId, requestId };
}

/** The spans of the mutation's trace are the request's, the operation's under it and its SQL under that. */
function expectMutationTrace(spans: ReceivedSpan[], service: string) {
  const [root, ...others] = spans.filter((span) => !span.parentSpanId);
  expect(others).toEqual([]);
  expect(root).toMatchObject({
    name: 'POST /graphql/platform',
    kind: SERVER,
    service,
    attributes: {
      'http.route': '/graphql/platform',
      'http.request.method': 'POST',
      'http.response.status_code': 200,
      'url.query': 'marker=REDACTED',
    },
  });
  const operation = spans.find((span) => span.name === 'mutation CreateNamespace');
  expect(operation).toMatchObject({
    parentSpanId: root?.spanId,
    attributes: { 'graphql.operation.type': 'mutation', 'graphql.operation.name': 'CreateNamespace' },
  });
  const statements = spans.filter((span) => span.parentSpanId === operation?.spanId);
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    expect(statement).toMatchObject({ kind: CLIENT, attributes: { 'db.system.name': 'postgresql' } });
    expect(statement.name).toBe(statement.attributes['db.operation.name']);
    expect(statement.attributes['db.query.text']).toMatch(new RegExp(`^\\s*${statement.name}`, 'i'));
  }
  const insert = statements.find((span) =>
    /^insert into "namespaces"/i.test(String(span.attributes['db.query.text'])),
  );
  expect(insert?.name).toBe('INSERT');
  expect(insert?.attributes['db.query.text']).toMatch(/\$1/);
  // The statements of authentication run in the request, before the operation.
  expect(spans.some((span) => span.parentSpanId === root?.spanId && span.attributes['db.system.name'])).toBe(
    true,
  );
  // Nothing the customer sent: no description (a parameter of the INSERT), no value of the query string.
  expect(JSON.stringify(spans)).not.toContain(DESCRIPTION);
  expect(JSON.stringify(spans)).not.toContain(QUERY_VALUE);
}

describe('tracing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('does not start, and no span is recorded', async () => {
    const env = readEnvironment({ NODE_ENV: 'test', DATA_DIR: '/nonexistent/berth-never-created' });
    expect(await startTracing(env)).toBe(false);
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);
  });
});

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let database: TestDatabase;
  let receiver: OtlpReceiver;
  let started: Started | undefined;

  beforeAll(async () => {
    [database, receiver] = await Promise.all([createTestDatabase(), startOtlpReceiver()]);
  });
  afterEach(async () => {
    await started?.server.stop('SIGKILL');
    started = undefined;
  });
  afterAll(async () => {
    await Promise.all([database?.drop(), receiver?.close()]);
  });

  it('sends a mutation as one trace: request, operation, SQL; and its log lines name the request and the trace', async () => {
    started = await startWithCustomer(database, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_SERVICE_NAME: 'berth-test',
    });
    const { spans, traceId, requestId } = await createNamespaceTraced(receiver, started, 'traced');
    expectMutationTrace(spans, 'berth-test');
    expect(spans.every((span) => span.traceId === traceId)).toBe(true);
    const lines = logLinesOf(started.server, requestId);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(lines.every((line) => line.trace_id === traceId)).toBe(true);
  }, 90_000);
});

describe('tracing with Sentry on as well', () => {
  let database: TestDatabase;
  let receiver: OtlpReceiver;
  let sentry: SentryReceiver;
  let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
  let started: Started | undefined;

  beforeAll(async () => {
    const { startSentryReceiver } = await import('../support/sentry-receiver.ts');
    [database, receiver, sentry, stripeApi] = await Promise.all([
      createTestDatabase(),
      startOtlpReceiver(),
      startSentryReceiver(),
      startStripeStandIn(),
    ]);
  });
  afterAll(async () => {
    await started?.server.stop('SIGKILL');
    await Promise.all([database?.drop(), receiver?.close(), sentry?.close(), stripeApi?.close()]);
  });

  it('still sends every span to the collector, and files the error under its trace', async () => {
    started = await startWithCustomer(database, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      SENTRY_DSN: sentry.dsn,
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_berth',
      STRIPE_WEBHOOK_SECRET: 'whsec_berth_test_secret',
      STRIPE_PRICES:
        'serverless-containers-EUR-Monthly=price_containers,cloud-databases-EUR-Monthly=price_databases',
      STRIPE_API_BASE: stripeApi.url,
    });
    const { spans } = await createNamespaceTraced(receiver, started, 'traced-too');
    expectMutationTrace(spans, 'berth');

    // A failure of ours: Stripe refuses the checkout call, the customer gets a 500 and Sentry an error event.
    stripeApi.failNext(400, { type: 'invalid_request_error', message: 'No such price: price_containers' });
    const checkout = await fetch(`${started.server.url}/billing/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${started.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ planId: 'serverless-containers-EUR-Monthly' }),
    });
    expect(checkout.status).toBe(500);
    const requestId = checkout.headers.get('x-request-id') ?? '';
    const failed = await traceOf(receiver, started.server, requestId, /^POST$/);
    const root = failed.spans.find((span) => !span.parentSpanId);
    expect(root).toMatchObject({ name: 'POST /billing/subscriptions', statusCode: ERROR });
    // The call to Stripe (node's https in Stripe's SDK) is a span of the request.
    expect(failed.spans).toContainEqual(
      expect.objectContaining({
        kind: CLIENT,
        name: 'POST',
        attributes: expect.objectContaining({ 'server.address': '127.0.0.1' }),
      }),
    );
    const event = await eventually('the error event', async () => sentry.events.at(0));
    expect(event.contexts?.trace?.trace_id).toBe(failed.traceId);
  }, 90_000);
});
