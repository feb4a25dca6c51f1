import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, REALM_PATH } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { spawnServer, start, type Child } from '../support/process.ts';
import { startServer, testEnvironment } from '../support/server.ts';

// A stop as a load balancer sees it (two-servers-one-database.test.ts runs the whole of it on PostgreSQL):
// first out of rotation while still serving, then in-flight requests finish, each answer closing its connection.

const DISCOVERY = `${REALM_PATH}/.well-known/openid-configuration`;

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A request on a kept-alive connection of agent, as load balancers keep theirs. */
function request(agent: http.Agent, url: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { agent, method }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('closing the server', () => {
  it.each([
    ['the identity provider, which writes its own answers', DISCOVERY, 'GET'],
    ['the API, answered through Fastify', '/graphql/platform', 'POST'],
  ])(
    'lets an answer in progress finish and close its connection (%s), so closing does not wait for the keep-alive timeout',
    async (_what, path, method) => {
      const server = await startServer();
      const agent = new http.Agent({ keepAlive: true });
      try {
        // The connection is kept alive by a first answer, then the next request is the one in progress.
        expect((await request(agent, `${server.url}${DISCOVERY}`)).connection).toBe('keep-alive');
        let closed: Promise<number> | undefined;
        server.berth.app.server.once('request', () => {
          const started = Date.now();
          closed = server.close().then(() => Date.now() - started);
        });
        const answer = await request(agent, `${server.url}${path}`, method);
        expect(answer.status).toBeLessThan(500);
        expect(answer.connection).toBe('close');
        // Node would keep the answered connection open for its keep-alive timeout (72 s), and closing with it.
        expect(await closed).toBeLessThan(5000);
      } finally {
        agent.destroy();
      }
    },
  );

  it('while draining answers /healthz with 503 and still serves requests, each closing its connection', async () => {
    const server = await startServer();
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect(await request(agent, `${server.url}/healthz`)).toMatchObject({
        status: 200,
        connection: 'keep-alive',
      });
      const draining = server.berth.drain(1000);
      const health = await request(agent, `${server.url}/healthz`);
      expect(health).toMatchObject({ status: 503, connection: 'close' });
      expect(JSON.parse(health.body)).toEqual({ status: 'stopping' });
      expect(await request(agent, `${server.url}${DISCOVERY}`)).toMatchObject({
        status: 200,
        connection: 'close',
      });
      await draining;
    } finally {
      agent.destroy();
      await server.close();
    }
  });
});

describe('SIGTERM', () => {
  let database: TestDatabase;
  let server: Child | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (server?.process.exitCode === null) server.process.kill('SIGKILL');
    await database.drop();
  });

  it('takes the process out of rotation at once, serves for SHUTDOWN_DRAIN_MS, then exits 0', async () => {
    const running = await spawnServer(database, await freePort(), { SHUTDOWN_DRAIN_MS: '3000' });
    server = running;
    const sentAt = Date.now();
    const exited = running.stop('SIGTERM');
    const outAt = await eventually(
      '/healthz to answer 503',
      async () => ((await fetch(`${running.url}/healthz`)).status === 503 ? Date.now() : undefined),
      { timeoutMs: 2000, intervalMs: 20 },
    );
    expect(outAt - sentAt).toBeLessThan(1000);
    // Well within the drain time, everything but /healthz is served as before.
    let served = 0;
    while (Date.now() - sentAt < 2000) {
      expect((await fetch(`${running.url}/healthz`)).status).toBe(503);
      expect((await fetch(`${running.url}${DISCOVERY}`)).status).toBe(200);
      served++;
    }
    expect(served).toBeGreaterThan(0);
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(3000);
  });

  it('is graceful as soon as /healthz answers, while the start is still being finished', async () => {
    const port = await freePort();
    server = start(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      ...testEnvironment(database, port),
      LOG_LEVEL: 'warn',
    });
    // Polled closely: the signal goes the moment a load balancer would first send a request.
    await eventually(
      '/healthz to answer',
      async () =>
        (await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (response) => response.status === 200,
          () => false,
        )) || undefined,
      { timeoutMs: 30_000, intervalMs: 2 },
    );
    server.process.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
