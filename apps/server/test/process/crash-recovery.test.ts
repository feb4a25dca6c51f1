import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/browser.ts';
import { graphql } from '../generated/gql.ts';
import { CREATE_JOB, JOB, RUN_JOB } from '../support/container-jobs.ts';
import {
  CONTAINER_BY_NAME,
  CREATE_CONTAINER,
  MODIFY_CONTAINER,
  waitForContainer,
} from '../support/containers.ts';
import { uniqueEmail } from '../support/customers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, platformApi, tokenFor, type GraphQLBody, type JsonResponse } from '../support/http.ts';
import { createdNamespace } from '../support/namespaces.ts';
import { freePort } from '../support/ports.ts';
import { grantAsOperator, spawnServer, type ServerProcess } from '../support/process.ts';
import { auditLogs, CREATE_NAMESPACE, NAMESPACES } from '../support/queries.ts';

// kill -9 while mutations are in flight, then a restart on the same data: every change that was answered
// is there once, every change cut off is either wholly there or wholly absent, and nothing stays stuck
// (locked, creating, a run forever running). On PGlite and on PostgreSQL.

const SETTLE_MS = 30_000;

const CUSTOMER_ID = graphql(`
  query CustomerId {
    customer {
      id
    }
  }
`);

describe('kill -9 during mutations', () => {
  let database: TestDatabase;
  let port: number;
  let server: ServerProcess | undefined;
  const account = { name: 'Crash Tester', email: uniqueEmail('crash'), password: 'crash-password' };
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
    server = await spawnServer(database, port, { SIMULATED_DELAY_MS: '400' });
    await signUp(server.url, account);
    await grantAsOperator(database, account.email);
    token = (await tokenFor(server.url, account.email, account.password)).access_token;
  });
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
    await database.drop();
  });

  /** The API of the server running now (the port stays the same across restarts). */
  const api = () => platformApi(server?.url ?? '', token);

  it('keeps each answered change once, finishes or drops the cut-off ones, and leaves nothing stuck', async () => {
    await createdNamespace(api(), 'shop');
    await api().data(CREATE_CONTAINER, {
      input: { name: 'web', namespace: 'shop', image: 'nginx', ports: ['80'], ingresses: [{ port: 80 }] },
    });
    await api().data(CREATE_JOB, {
      input: {
        name: 'nightly',
        namespace: 'shop',
        image: 'busybox',
        resources: 'CPU_250_RAM_500',
        schedule: '0 3 * * *',
        command: ['true'],
      },
    });
    await waitForContainer(api(), 'shop', 'web', 'running');

    // A burst of changes, and the process killed while they are being answered.
    const attempt = (request: Promise<JsonResponse<GraphQLBody<unknown>>>) => request.catch(() => undefined);
    const sent = [
      ...Array.from({ length: 6 }, (_, index) => ({
        kind: 'namespace',
        name: `burst-${index}`,
        request: attempt(api().gql(CREATE_NAMESPACE, { name: `burst-${index}` })),
      })),
      {
        kind: 'modify',
        name: 'web',
        request: attempt(
          api().gql(MODIFY_CONTAINER, { input: { name: 'web', namespace: 'shop', image: 'nginx:1.29' } }),
        ),
      },
      {
        kind: 'run',
        name: 'nightly',
        request: attempt(api().gql(RUN_JOB, { name: 'nightly', namespace: 'shop' })),
      },
    ];
    // Killed as the first answer arrives: the rest are being worked on.
    await Promise.race(sent.map((change) => change.request));
    expect((await server?.stop('SIGKILL'))?.signal).toBe('SIGKILL');
    const answers = await Promise.all(
      sent.map(async (change) => {
        const answer = await change.request;
        return { ...change, answered: Boolean(answer?.body.data && !answer.body.errors) };
      }),
    );

    // Some changes were answered before the kill and some cut off (the test is about both).
    const answered = answers.filter((answer) => answer.answered).length;
    expect(answered).toBeGreaterThan(0);
    server = await spawnServer(database, port, { SIMULATED_DELAY_MS: '400' });

    // Nothing stays stuck: every namespace settles, web runs unlocked, every run of the job ends.
    const namespaces = await eventually(
      'every namespace to settle',
      async () => {
        const { namespaces: all } = await api().data(NAMESPACES);
        return all.every((namespace) => namespace.state === 'created' && !namespace.locked) ? all : undefined;
      },
      { timeoutMs: SETTLE_MS, intervalMs: 200 },
    );
    const web = await eventually(
      'web to settle',
      async () => {
        const { container } = await api().data(CONTAINER_BY_NAME, {
          name: 'web',
          namespace: 'shop',
        });
        return container.state === 'running' && !container.locked ? container : undefined;
      },
      { timeoutMs: SETTLE_MS, intervalMs: 200 },
    );
    const job = await eventually(
      'every run to end',
      async () => {
        const { containerJob } = await api().data(JOB, {
          name: 'nightly',
          namespace: 'shop',
        });
        return containerJob.runs.every((run) => run.status === 'succeeded' || run.status === 'failed')
          ? containerJob
          : undefined;
      },
      { timeoutMs: SETTLE_MS, intervalMs: 200 },
    );

    // Each answered change is there, and nothing is there twice.
    const names = namespaces.map((namespace) => namespace.name);
    expect(new Set(names).size).toBe(names.length);
    for (const change of answers.filter((answer) => answer.answered)) {
      if (change.kind === 'namespace') expect(names).toContain(change.name);
      if (change.kind === 'modify') expect(web.image).toBe('nginx:1.29');
      if (change.kind === 'run') expect(job.runs.length).toBe(1);
    }
    expect(job.runs.length).toBeLessThanOrEqual(1);
    expect(web.replicas.every((replica) => replica.status === 'running')).toBe(true);

    // One audit entry per namespace created: none lost with a change that stayed, none doubled.
    const { customer } = await api().data(CUSTOMER_ID);
    if (!customer) throw new Error(`${account.email} has no customer`);
    const creations = (await auditLogs({ ...api(), customerId: customer.id })).filter(
      (entry) => entry.modelName === 'Namespace' && entry.eventType === 'create',
    );
    expect(creations).toHaveLength(names.length);
  });
});
