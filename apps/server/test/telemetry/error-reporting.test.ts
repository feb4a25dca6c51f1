import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../../src/environment.ts';
import { beforeSend, startErrorReporting } from '../../src/telemetry/error-reporting.ts';
import { signUp } from '../support/browser.ts';
import { uniqueEmail } from '../support/customers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, platformApi, tokenFor } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { spawnServer, type ServerProcess } from '../support/process.ts';
import type { SentryReceiver } from '../support/sentry-receiver.ts';
import { startServer } from '../support/server.ts';
import { startStripeStandIn } from '../support/stripe-stand-in.ts';

// The server as `npm start` runs it, reporting to a local stand-in of Sentry's ingestion. A real failure of
// ours: Stripe (a local stand-in) refusing a checkout call, which the customer gets as a 500.

const STRIPE_SETTINGS = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_berth',
  STRIPE_WEBHOOK_SECRET: 'whsec_berth_test_secret',
  STRIPE_PRICES:
    'serverless-containers-EUR-Monthly=price_containers,cloud-databases-EUR-Monthly=price_databases',
};

describe('error reporting without SENTRY_DSN', () => {
  // First, in a module graph where nothing else has loaded a Sentry package yet (the receiver does).
  it('does not start, and loads no SDK', async () => {
    const env = readEnvironment({ NODE_ENV: 'test', DATA_DIR: '/nonexistent/berth-never-created' });
    expect(await startErrorReporting(env)).toBe(false);
    expect('__SENTRY__' in globalThis).toBe(false);
  });
});

describe('error reporting with SENTRY_DSN', () => {
  let database: TestDatabase;
  let receiver: SentryReceiver;
  let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    const { startSentryReceiver } = await import('../support/sentry-receiver.ts');
    [database, receiver, stripeApi] = await Promise.all([
      createTestDatabase(),
      startSentryReceiver(),
      startStripeStandIn(),
    ]);
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await Promise.all([database?.drop(), receiver?.close(), stripeApi?.close()]);
  });

  it('sends a failure of ours with release and environment, nothing that says not found, no token', async () => {
    server = await spawnServer(database, await freePort(), {
      ...STRIPE_SETTINGS,
      STRIPE_API_BASE: stripeApi.url,
      SENTRY_DSN: receiver.dsn,
      SENTRY_ENVIRONMENT: 'staging',
      SENTRY_RELEASE: 'berth@1.2.3',
      // The new account subscribes at once: its address is taken as confirmed elsewhere.
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
    const account = { name: 'Reported', email: uniqueEmail('reported'), password: 'reported-password' };
    await signUp(server.url, account);
    const token = (await tokenFor(server.url, account.email, account.password)).access_token;
    const checkout = (planId: string) =>
      fetch(`${server?.url}/billing/subscriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ planId }),
      });

    // The customer's mistake: a namespace that does not exist.
    const missing = await platformApi(server.url, token).gql('{ namespace(name: "x") { id } }');
    expect(missing.body.errors?.[0]?.message).toBe('Namespace x not found');
    // A failure of ours that says "not found": dropped (SPEC §8).
    stripeApi.failNext(404, { type: 'invalid_request_error', message: 'Resource Not Found' });
    expect((await checkout('serverless-containers-EUR-Monthly')).status).toBe(500);
    // A failure of ours: reported.
    stripeApi.failNext(400, {
      type: 'invalid_request_error',
      message: 'No such price: price_containers',
    });
    expect((await checkout('serverless-containers-EUR-Monthly')).status).toBe(500);

    const arrived = await eventually('the error event', async () => receiver.events.at(0));
    expect(arrived).toMatchObject({
      release: 'berth@1.2.3',
      environment: 'staging',
      exception: { values: [{ value: expect.stringContaining('No such price: price_containers') }] },
      request: { method: 'POST', url: expect.stringMatching(/\/billing\/subscriptions$/) },
    });
    expect(arrived).not.toHaveProperty('user'); // not even the address
    // A graceful stop sends whatever was still queued: still that one event only.
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    server = undefined;
    expect(receiver.events).toHaveLength(1);
    expect(JSON.stringify(receiver.events)).not.toContain(token);
    expect(JSON.stringify(receiver.events)).not.toMatch(/not found/i);
  });
});

describe('what an error report may say', () => {
  const event = (value: string) => ({ type: undefined, exception: { values: [{ type: 'Error', value }] } });

  it('drops "not found" in any case', () => {
    for (const value of ['Namespace x not found', 'NOT FOUND', 'Resource Not Found'])
      expect(beforeSend(event(value), {})).toBeNull();
    expect(beforeSend(event('Found nothing to do'), {})).not.toBeNull();
  });

  it('takes the values of a failed SQL statement out of its message', () => {
    const params = ['alice-secret-password', 7];
    const failed = Object.assign(
      new Error(`Failed query: update t set p = $1 where id = $2\nparams: ${params.join(',')}`),
      { query: 'update t set p = $1 where id = $2', params },
    );
    const report = beforeSend(event(failed.message), { originalException: failed });
    expect(report?.exception?.values?.[0]?.value).toBe('Failed query: update t set p = $1 where id = $2');
  });
});

describe("the portal's error reports", () => {
  it('may reach the Sentry of VITE_SENTRY_DSN under the content security policy, and profile, only then', async () => {
    const headersOf = async (overrides: Record<string, string>) => {
      const server = await startServer(overrides);
      try {
        return (await fetch(`${server.url}/healthz`)).headers;
      } finally {
        await server.close();
      }
    };
    const reporting = await headersOf({ VITE_SENTRY_DSN: 'https://key@o1.ingest.sentry.example/42' });
    expect(reporting.get('content-security-policy')).toContain(
      "connect-src 'self' https://o1.ingest.sentry.example;",
    );
    expect(reporting.get('content-security-policy')).toContain("worker-src 'self' blob:;");
    expect(reporting.get('document-policy')).toBe('js-profiling');
    const quiet = await headersOf({});
    expect(quiet.get('content-security-policy')).toContain("connect-src 'self';");
    expect(quiet.get('content-security-policy')).toContain("worker-src 'self';");
    expect(quiet.has('document-policy')).toBe(false);
  });
});
