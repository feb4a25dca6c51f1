import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, refreshGrant } from '../support/http.ts';
import { startLoadBalancer, type LoadBalancer } from '../support/load-balancer.ts';
import { freePort } from '../support/ports.ts';
import { describeNeeding, withoutDatabaseUrl } from '../support/postgres-server.ts';
import { spawnServer, type Exit, type ServerProcess } from '../support/process.ts';
import { AUDIT_ENTRIES_LISTED, change, read, signUpCustomer } from './replicas-customers.ts';
import { described, sleep, tally, type Customer } from './replicas-model.ts';
import { snapshot } from './replicas-snapshot.ts';
import { Traffic } from './replicas-traffic.ts';

// Berth as it runs in production: two server processes on one PostgreSQL database behind a round-robin load
// balancer with health checks (support/load-balancer.ts says what it does and does not retry). Customers
// sign up, take tokens and change namespaces, containers, container jobs ("run now" included, every job on
// an every-minute schedule) and volumes for a minute while reading what they have; meanwhile each process is
// stopped with SIGTERM, as Kubernetes stops a pod, and started again. No request may fail, every change must
// be there exactly once (state, audit log, the runtime's events), and every run start exactly once and finish.
// PGlite lives inside one process and cannot be shared by two: PostgreSQL only (CI's second pass). What the
// customers do is replicas-customers.ts's, what they see once it is over replicas-snapshot.ts's.

const title = 'two server processes on one PostgreSQL database behind a load balancer';

const CUSTOMERS = 4;
const LOAD_MS = 60_000;
/** When each process is stopped, from the start of the load: a restart takes a few seconds. */
const STOPS = [
  { backend: 0, atMs: 12_000 },
  { backend: 1, atMs: 34_000 },
];
/** The balancer's health checks: a stopping process has to be out of rotation within its drain time. */
const HEALTH_INTERVAL_MS = 200;
const DRAIN_MS = 1500;
/** A little: resources settle within the load, so they are changed again. */
const SIMULATED_DELAY_MS = 300;
/** The scheduler polls every second and a run is pulled in a third of the delay: a due run is there by then. */
const RUN_STARTS_WITHIN_MS = 3000;
/** Between a customer's changes: a steady load, the same on a faster machine, within replicas-customers.ts's limits. */
const CHANGE_PAUSE_MS = 100;

describeNeeding(withoutDatabaseUrl, title, () => {
  let database: TestDatabase;
  let balancer: LoadBalancer;
  const ports: number[] = [];
  const servers: (ServerProcess | undefined)[] = [];
  let serverEnv: Record<string, string>;
  const customers: Customer[] = [];
  const traffic = new Traffic();

  beforeAll(async () => {
    database = await createTestDatabase();
    ports.push(await freePort(), await freePort());
    balancer = await startLoadBalancer(
      ports.map((port) => ({ host: '127.0.0.1', port })),
      { intervalMs: HEALTH_INTERVAL_MS },
    );
    // Both processes have the balancer's address (the identity provider's issuer) and the same secrets key,
    // as replicas of one deployment do; they start together on the empty database.
    serverEnv = {
      PUBLIC_URL: balancer.url,
      TRUST_PROXY: 'true',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      SIMULATED_DELAY_MS: String(SIMULATED_DELAY_MS),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    servers.push(...(await Promise.all(ports.map((port) => spawnServer(database, port, serverEnv)))));
    await eventually(
      'both processes in rotation',
      async () => (balancer.isUp(0) && balancer.isUp(1)) || undefined,
    );

    // Customers sign up and sign in through the balancer; a subscription lets them have several namespaces.
    const signedUp = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, index) => signUpCustomer(traffic, balancer.url, database, index)),
    );
    customers.push(...signedUp);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server?.stop('SIGKILL')));
    await balancer?.close();
    await database?.drop();
  });

  it('applies every change once, starts every run once and fails no request while each process is stopped with SIGTERM and started again', async () => {
    const loadStart = Date.now();
    let loading = true;
    const stops: { backend: number; sentAt: number; exit: Exit; exitedAt: number; answeredBefore: number }[] =
      [];

    const load = customers.flatMap((customer) => [
      (async () => {
        while (loading) {
          await change(traffic, customer);
          await sleep(CHANGE_PAUSE_MS);
        }
      })(),
      (async () => {
        for (let round = 0; loading; round++) {
          await read(traffic, customer, round);
          await sleep(50);
        }
      })(),
      // A fresh access token every 10 s, by the refresh grant, through the balancer like the rest.
      (async () => {
        for (let last = Date.now(); loading; await sleep(250)) {
          if (Date.now() - last < 10_000) continue;
          last = Date.now();
          const refreshed = await traffic.tokenRequest(customer.index, () =>
            refreshGrant(balancer.url, customer.tokens.refresh_token),
          );
          if (refreshed) customer.tokens = refreshed;
        }
      })(),
    ]);

    for (const stop of STOPS) {
      await sleep(Math.max(0, loadStart + stop.atMs - Date.now()));
      const server = servers[stop.backend];
      if (!server) throw new Error(`process ${stop.backend} is not running`);
      const sentAt = Date.now();
      const exit = await server.stop('SIGTERM');
      const exitedAt = Date.now();
      // Gone: not killed again at the end should the start fail.
      servers[stop.backend] = undefined;
      servers[stop.backend] = await spawnServer(database, ports[stop.backend] ?? 0, serverEnv);
      await eventually(
        `process ${stop.backend} back in rotation`,
        async () => balancer.isUp(stop.backend) || undefined,
      );
      const answeredBefore = balancer.stats().answered[stop.backend] ?? 0;
      stops.push({ backend: stop.backend, sentAt, exit, exitedAt, answeredBefore });
    }
    await sleep(Math.max(0, loadStart + LOAD_MS - Date.now()));
    loading = false;
    await Promise.all(load);
    const loadEnd = Date.now();
    const requestsInLoad = traffic.figures.requests;

    // Everything settles: namespaces, containers, jobs and volumes unlocked in their final state, every run
    // finished, every task of the provisioner done.
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const { snapshots, readFrom, readUntil } = await eventually(
        'everything to settle',
        async () => {
          const from = Date.now();
          const { rows } = await client.query<{ tasks: number; runs: number }>(
            `SELECT (SELECT count(*) FROM provisioning_tasks)::int AS tasks,
                    (SELECT count(*) FROM container_job_runs WHERE status NOT IN ('succeeded', 'failed'))::int AS runs`,
          );
          if (rows[0]?.tasks !== 0 || rows[0].runs !== 0) return undefined;
          const all = await Promise.all(customers.map((customer) => snapshot(traffic, customer)));
          return all.every((each) => each?.settled)
            ? { snapshots: all, readFrom: from, readUntil: Date.now() }
            : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 500 },
      );

      const byBackend = balancer.stats();
      const runs = snapshots.flatMap((each) => each?.runs ?? []);
      // Every run started, of the jobs deleted since too.
      const { rows: started } = await client.query<{ total: number; scheduled: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE message LIKE '% started on schedule')::int AS scheduled
         FROM resource_events WHERE resource_kind = 'container-job' AND type = 'RUN_STARTED'`,
      );
      console.log(
        [
          `replicas: ${requestsInLoad} requests through the balancer in the ${Math.round((loadEnd - loadStart) / 1000)} s of load, ${traffic.figures.requests} in all`,
          `(${traffic.figures.queries} queries, ${traffic.figures.tokenRequests} token requests, ${[...traffic.figures.mutations.values()].reduce((a, b) => a + b, 0)} mutations: ${JSON.stringify(Object.fromEntries(traffic.figures.mutations))})`,
          `answered by process 0: ${byBackend.answered[0]}, process 1: ${byBackend.answered[1]}; retried on the other: ${byBackend.retried}, lost: ${byBackend.lost}, no backend: ${byBackend.noBackend}`,
          `runs started: ${started[0]?.total} (${started[0]?.scheduled} on schedule); of the jobs left: ${runs.length} (${runs.filter((run) => run.trigger === 'SCHEDULE').length} on schedule, ${runs.filter((run) => run.trigger === 'MANUAL').length} run now)`,
          `stops: ${stops.map((stop) => `process ${stop.backend} exited ${JSON.stringify(stop.exit)} ${stop.exitedAt - stop.sentAt} ms after SIGTERM`).join('; ')}`,
          `balancer: ${balancer
            .transitions()
            .map(
              (each) =>
                `+${each.at - loadStart} ms process ${each.backend} ${each.up ? 'in' : 'out'} (${each.reason})`,
            )
            .join('; ')}`,
          `failures: ${traffic.failures.length}`,
        ].join('\n  '),
      );

      // No request failed: not one answer other than 200 without errors, through both stops.
      expect(traffic.failures).toEqual([]);
      expect(byBackend.lost + byBackend.noBackend).toBe(0);

      // Each process stopped gracefully, and was out of rotation (its health check said so) before it exited.
      for (const stop of stops) {
        expect(stop.exit).toEqual({ code: 0, signal: null });
        const out = balancer
          .transitions()
          .find((each) => each.backend === stop.backend && !each.up && each.at >= stop.sentAt);
        expect(out?.reason, `process ${stop.backend} out of rotation before it exited`).toBe(
          'health check answered 503',
        );
        expect(out?.at).toBeLessThan(stop.exitedAt);
      }
      // Each process took its share again once started again.
      for (const stop of stops) {
        expect(byBackend.answered[stop.backend]).toBeGreaterThan(stop.answeredBefore);
      }

      for (const [index, customer] of customers.entries()) {
        const seen = snapshots[index];
        if (!seen) throw new Error(`no snapshot of customer ${index}`);

        // What the customer made and did not delete is there, once, as last changed; nothing else is.
        expect(seen.namespaces).toEqual(
          Object.fromEntries(
            [...customer.namespaces].map(([name, namespace]) => [
              name,
              {
                containers: described([...namespace.containers].map(([each, known]) => [each, known.image])),
                jobs: described([...namespace.jobs].map(([each, known]) => [each, known.command])),
                volumes: described([...namespace.volumes].map(([each, known]) => [each, known.size])),
              },
            ]),
          ),
        );
        expect(seen.namespaceList).toEqual([...customer.namespaces.keys()].sort());

        // One audit entry per change answered, none more: no change was applied twice, none lost. (Within
        // what the API lists: were that reached, entries would be missing for want of room, not of changes.)
        expect(customer.audited.length).toBeLessThan(AUDIT_ENTRIES_LISTED);
        expect(seen.audited).toEqual(tally(customer.audited));

        // The runtime applied each change once: a deploy per create and update of a container, growth per
        // increase of a volume.
        for (const namespace of customer.namespaces.values()) {
          for (const [name, container] of namespace.containers) {
            expect(seen.containerEvents[name], `deploys of ${name}`).toEqual({
              DEPLOY_STARTED: container.deploys,
              DEPLOY_FINISHED: container.deploys,
            });
          }
          for (const [name, volume] of namespace.volumes) {
            expect(seen.volumeGrowth[name] ?? 0, `growth of ${name}`).toBe(volume.grown);
          }
        }

        // Runs: every "run now" answered is one run; the schedule started one run per minute the job lived
        // through, none twice; each run started and finished once, successfully.
        for (const [namespaceName, namespace] of customer.namespaces) {
          for (const [name, job] of namespace.jobs) {
            const jobRuns = seen.runsByJob[`${namespaceName}/${name}`] ?? [];
            const manual = jobRuns.filter((run) => run.trigger === 'MANUAL').map((run) => run.name);
            expect(manual.sort(), `runs now of ${name}`).toEqual([...job.manualRuns].sort());
            const minutes = jobRuns
              .filter((run) => run.trigger === 'SCHEDULE')
              .map((run) => Number(run.name.slice(name.length + 1)))
              .sort((a, b) => a - b);
            expect(minutes, `scheduled runs of ${name}, each once`).toEqual([...new Set(minutes)]);
            // Every minute that began after the create was answered, long enough ago for its run to be
            // there (one that began while the create was on its way may have been planned or not) ...
            const missed = [];
            for (let minute = Math.floor(job.answeredAt / 60_000) + 1; ; minute++) {
              if (minute * 60_000 + RUN_STARTS_WITHIN_MS >= readFrom) break;
              if (!minutes.includes(minute)) missed.push(minute);
            }
            expect(missed, `minutes ${name} missed`).toEqual([]);
            // ... and none before the job or after now.
            const outside = minutes.filter(
              (minute) => minute * 60_000 <= job.sentAt || minute * 60_000 > readUntil,
            );
            expect(outside, `scheduled runs of ${name} outside its life`).toEqual([]);
            for (const run of jobRuns) {
              expect(run.status, `run ${run.name}`).toBe('succeeded');
              expect(seen.runEvents[`${namespaceName}/${run.name}`], `events of run ${run.name}`).toEqual({
                RUN_STARTED: 1,
                RUN_FINISHED: 1,
              });
            }
          }
        }
      }
      // Every permanent job lived through at least one whole minute of the load: the schedule was tested.
      expect(runs.filter((run) => run.trigger === 'SCHEDULE').length).toBeGreaterThanOrEqual(CUSTOMERS);

      // The same in the database for every job, deleted ones too: no run was started or finished twice.
      const { rows: doubled } = await client.query(
        `SELECT resource_id, type, message, count(*)::int AS times FROM resource_events
         WHERE resource_kind = 'container-job' AND type IN ('RUN_STARTED', 'RUN_FINISHED')
         GROUP BY resource_id, type, message HAVING count(*) > 1`,
      );
      expect(doubled).toEqual([]);
    } finally {
      await client.end();
    }
  }, 150_000);
});
