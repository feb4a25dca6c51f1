import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, platformApi, tokenFor, type PlatformApi } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { spawnServer, type ServerProcess } from '../support/process.ts';
import { CREATE_NAMESPACE } from '../support/queries.ts';
import { startTcpProxy, throughProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { startServer } from '../support/server.ts';
import { createCustomer } from '../support/customers.ts';
import { describeNeeding, withoutDatabaseUrl } from '../support/postgres-server.ts';

// A PostgreSQL server going away and coming back (a restart, a failover) while Berth runs: clients get
// 503 with Retry-After meanwhile, never a 500, the process keeps running, and it answers correctly again
// within seconds. PGlite runs in the process and cannot go away on its own: PostgreSQL only.

const NAMESPACE_NAMES = graphql(`
  query NamespaceNames {
    namespaces {
      name
    }
  }
`);

describeNeeding(withoutDatabaseUrl, 'a PostgreSQL outage', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let api: PlatformApi;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.databaseUrl) throw new Error('expected a PostgreSQL test database');
    const target = new URL(database.databaseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // The customer is seeded through an in-process server on the same database, then it steps aside.
    const seeding = await startServer({ DATABASE_URL: database.databaseUrl });
    const customer = await createCustomer(seeding, { subscriptions: ['serverless-container'] });
    await seeding.berth.close();
    server = await spawnServer(database, await freePort(), {
      DATABASE_URL: throughProxy(database.databaseUrl, proxy),
    });
    const { access_token } = await tokenFor(server.url, customer.email, customer.password);
    api = platformApi(server.url, access_token);
    await api.data(CREATE_NAMESPACE, { name: 'before' });
  });

  afterAll(async () => {
    if (server?.process.exitCode !== null) console.log(server?.stderr());
    await server?.stop('SIGTERM');
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 with Retry-After during the outage, never 500, and is correct again after it', async () => {
    const statuses = new Map<number, number>();
    let loading = true;
    // Steady load from four clients over the whole outage: reads and writes.
    const load = Promise.all(
      Array.from({ length: 4 }, async (_, client) => {
        for (let round = 0; loading; round++) {
          const response =
            round % 2 === 0
              ? await api.gql(NAMESPACE_NAMES)
              : await api.gql(CREATE_NAMESPACE, { name: `load-${client}-${round}` });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 503) {
            expect(response.headers.get('retry-after')).toBe('5');
            expect(JSON.stringify(response.body)).not.toMatch(/\n\s+at |ECONNREFUSED|postgres/);
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );

    const seen = (status: number) => async () => ((statuses.get(status) ?? 0) >= 8 ? true : undefined);
    await eventually('the load to be answered before the outage', seen(200));
    await proxy.cut();
    await eventually('the load to be answered with 503 during the outage', seen(503));

    const during = await api.gql(NAMESPACE_NAMES);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(during.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      status: 'unavailable',
      reason: expect.stringMatching(/^database does not answer: /),
    });

    await proxy.restore();
    const recovered = Date.now();
    await eventually(
      'the API to answer again after the database came back',
      async () => ((await api.gql(NAMESPACE_NAMES)).status === 200 ? true : undefined),
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(Date.now() - recovered).toBeLessThan(10_000);
    loading = false;
    await load;

    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    const names = (await api.data(NAMESPACE_NAMES)).namespaces.map((namespace) => namespace.name);
    expect(names).toContain('before');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // The process never exited.
    expect(server.process.exitCode).toBeNull();
  });
});
