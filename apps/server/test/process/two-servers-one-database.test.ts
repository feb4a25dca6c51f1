import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { signUp } from '../support/browser.ts';
import { CREATE_JOB, DELETE_JOB, MODIFY_JOB, RUN_JOB } from '../support/container-jobs.ts';
import { CREATE_CONTAINER, DELETE_CONTAINER, MODIFY_CONTAINER } from '../support/containers.ts';
import { uniqueEmail } from '../support/customers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  eventually,
  passwordGrant,
  platformApi,
  refreshGrant,
  type GraphQLBody,
  type JsonResponse,
  type PlatformApi,
  type TokenResponse,
} from '../support/http.ts';
import { startLoadBalancer, type LoadBalancer } from '../support/load-balancer.ts';
import { freePort } from '../support/ports.ts';
import { runAdmin, spawnServer, type Exit, type ServerProcess } from '../support/process.ts';
import { CREATE_NAMESPACE, DELETE_NAMESPACE, NAMESPACES } from '../support/queries.ts';
import { CREATE_VOLUME, DELETE_VOLUME } from '../support/volumes.ts';
import { describeNeeding, withoutDatabaseUrl } from '../support/postgres-server.ts';

// Berth as it runs in production: two server processes on one PostgreSQL database behind a round-robin load
// balancer with health checks (support/load-balancer.ts says what it does and does not retry). Customers
// sign up, take tokens and change namespaces, containers, container jobs ("run now" included, every job on
// an every-minute schedule) and volumes for a minute while reading what they have; meanwhile each process is
// stopped with SIGTERM, as Kubernetes stops a pod, and started again. No request may fail, every change must
// be there exactly once (state, audit log, the runtime's events), and every run start exactly once and finish.
// PGlite lives inside one process and cannot be shared by two: PostgreSQL only (CI's second pass).

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
/** Limits that keep one customer's audit log (the API lists 1000 entries) and runs (100 kept) whole. */
const MAX_PER_KIND = 2;
const MAX_MANUAL_RUNS = 8;
const MAX_VOLUME_GB = 6;
const AUDIT_ENTRIES_LISTED = 1000;
/** Between a customer's changes: a steady load, the same on a faster machine, within those limits. */
const CHANGE_PAUSE_MS = 100;

const NAMESPACE_CONTENTS = graphql(`
  query ReplicasNamespaceContents($name: String!) {
    namespace(name: $name) {
      name
      state
      locked
      containers {
        id
        name
        image
        state
        locked
      }
      containerJobs {
        name
        command
        state
        locked
      }
      volumes {
        id
        name
        size
        state
        locked
      }
    }
  }
`);

const JOB_RUNS_AND_EVENTS = graphql(`
  query ReplicasJobRuns($name: String!, $namespace: String!) {
    containerJob(name: $name, namespace: $namespace) {
      runs {
        name
        status
        trigger
      }
      events(limit: 200) {
        type
        message
      }
    }
  }
`);

const CONTAINER_EVENTS = graphql(`
  query ReplicasContainerEvents($id: ID!) {
    container(id: $id) {
      events(limit: 200) {
        type
      }
    }
  }
`);

const VOLUME_EVENTS = graphql(`
  query ReplicasVolumeEvents($id: ID!) {
    volume(id: $id) {
      events(limit: 200) {
        type
      }
    }
  }
`);

const INCREASE_VOLUME = graphql(`
  mutation ReplicasIncreaseVolume($name: String!, $namespace: String!, $size: Int!) {
    volumeIncrease(volumeInput: { name: $name, namespace: $namespace, size: $size }) {
      size
    }
  }
`);

const AUDIT_TAGS = graphql(`
  query ReplicasAuditTags($customerId: ID!) {
    auditLogs(customerId: $customerId) {
      eventType
      modelName
      tags
    }
  }
`);

const CUSTOMER = graphql(`
  query ReplicasCustomer {
    customer {
      id
    }
  }
`);

/** What one customer has made and not deleted, as the customer knows it from the answers it got. */
interface NamespaceModel {
  /** Made before the load and never deleted: its job's every minute is checked. */
  permanent: boolean;
  containers: Map<string, { id: string; image: string; deploys: number }>;
  jobs: Map<string, JobModel>;
  volumes: Map<string, { id: string; size: number; grown: number }>;
}

interface JobModel {
  permanent: boolean;
  command: string[];
  /** Date.now() when containerJobCreate was sent and answered. */
  sentAt: number;
  answeredAt: number;
  /** Names of the runs containerJobRun answered. */
  manualRuns: string[];
}

interface Customer {
  index: number;
  email: string;
  password: string;
  tokens: TokenResponse;
  api: PlatformApi;
  customerId: string;
  namespaces: Map<string, NamespaceModel>;
  /** `Model event namespace/name` of every change answered: the audit log must hold exactly these. */
  audited: string[];
  /** Names are never used twice by a customer, so each audit entry and run names one resource. */
  counter: number;
}

interface Failure {
  at: string;
  customer: number;
  operation: string;
  answer: unknown;
}

const model = (permanent: boolean): NamespaceModel => ({
  permanent,
  containers: new Map(),
  jobs: new Map(),
  volumes: new Map(),
});

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resources as sorted `name: value` lines: two of one name would show, as they would not in an object. */
const described = (resources: [string, string | number | string[] | null][]) =>
  resources
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(' ') : String(value)}`)
    .sort();
const tally = (keys: string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
};

describeNeeding(withoutDatabaseUrl, title, () => {
  let database: TestDatabase;
  let balancer: LoadBalancer;
  const ports: number[] = [];
  const servers: (ServerProcess | undefined)[] = [];
  let serverEnv: Record<string, string>;
  const customers: Customer[] = [];
  const failures: Failure[] = [];
  const figures = { requests: 0, tokenRequests: 0, queries: 0, mutations: new Map<string, number>() };

  function fail(customer: number, operation: string, answer: unknown) {
    failures.push({ at: new Date().toISOString(), customer, operation, answer });
  }

  /** Sends one request through the balancer; any answer but a 200 without errors is a failure. */
  async function send<T>(
    customer: Customer,
    operation: string,
    request: () => Promise<JsonResponse<GraphQLBody<T>>>,
  ): Promise<T | undefined> {
    figures.requests++;
    try {
      const { status, body } = await request();
      if (status === 200 && body.data && !body.errors) return body.data;
      fail(customer.index, operation, { status, body });
    } catch (error) {
      fail(customer.index, operation, String(error));
    }
    return undefined;
  }

  async function query<T>(
    customer: Customer,
    operation: string,
    request: () => Promise<JsonResponse<GraphQLBody<T>>>,
  ) {
    figures.queries++;
    return send(customer, operation, request);
  }

  /** A mutation; counted once answered. */
  async function mutate<T>(
    customer: Customer,
    operation: string,
    request: () => Promise<JsonResponse<GraphQLBody<T>>>,
  ) {
    const data = await send(customer, operation, request);
    if (data) figures.mutations.set(operation, (figures.mutations.get(operation) ?? 0) + 1);
    return data;
  }

  /** A token request (sign-in or refresh) through the balancer; a failure is recorded like any other. */
  async function tokenRequest(customer: number, grant: () => ReturnType<typeof passwordGrant>) {
    figures.requests++;
    figures.tokenRequests++;
    try {
      const response = await grant();
      if (response.status === 200) return response.body;
      fail(customer, 'token', response);
    } catch (error) {
      fail(customer, 'token', String(error));
    }
    return undefined;
  }

  const nextName = (customer: Customer, prefix: string) => `${prefix}${++customer.counter}`;
  const auditKey = (model: string, event: string, namespace: string, name: string) =>
    `${model} ${event} ${namespace}/${name}`;

  async function createNamespace(customer: Customer, name: string, permanent: boolean) {
    if (await mutate(customer, 'namespaceCreate', () => customer.api.gql(CREATE_NAMESPACE, { name }))) {
      customer.namespaces.set(name, model(permanent));
      customer.audited.push(auditKey('Namespace', 'create', name, name));
    }
  }

  async function createJob(customer: Customer, namespace: string, name: string, permanent: boolean) {
    const command = ['true'];
    const sentAt = Date.now();
    const created = await mutate(customer, 'containerJobCreate', () =>
      customer.api.gql(CREATE_JOB, {
        input: {
          name,
          namespace,
          image: 'busybox',
          resources: 'CPU_250_RAM_500',
          schedule: '* * * * *',
          command,
        },
      }),
    );
    if (!created) return;
    customer.namespaces
      .get(namespace)
      ?.jobs.set(name, { permanent, command, sentAt, answeredAt: Date.now(), manualRuns: [] });
    customer.audited.push(auditKey('ContainerJob', 'create', namespace, name));
  }

  /**
   * One change of the customer's, chosen among those its resources allow now (read first): a resource being
   * changed refuses another change (CONFLICT), which would be the test's mistake, not the server's.
   */
  async function change(customer: Customer) {
    const names = [...customer.namespaces.keys()];
    if (names.length < 3 && Math.random() < 0.15) {
      await createNamespace(customer, nextName(customer, 'ns'), false);
      return;
    }
    const name = pick(names);
    const namespace = name === undefined ? undefined : customer.namespaces.get(name);
    if (name === undefined || !namespace) return;
    const read = await query(customer, 'namespace', () => customer.api.gql(NAMESPACE_CONTENTS, { name }));
    if (!read) return;
    const held = read.namespace;
    const containers = held.containers ?? [];
    const volumes = held.volumes ?? [];
    const actions: (() => Promise<void>)[] = [];

    if (namespace.containers.size < MAX_PER_KIND) {
      actions.push(async () => {
        const container = nextName(customer, 'web');
        const created = await mutate(customer, 'containerCreate', () =>
          customer.api.gql(CREATE_CONTAINER, {
            input: { name: container, namespace: name, image: 'nginx:1.27' },
          }),
        );
        if (!created) return;
        namespace.containers.set(container, {
          id: created.containerCreate.id,
          image: 'nginx:1.27',
          deploys: 1,
        });
        customer.audited.push(auditKey('Container', 'create', name, container));
      });
    }
    for (const container of containers.filter((each) => each.state === 'running' && !each.locked)) {
      const known = namespace.containers.get(container.name);
      if (!known) continue;
      actions.push(async () => {
        const image = known.image === 'nginx:1.27' ? 'nginx:1.28' : 'nginx:1.27';
        const input = { name: container.name, namespace: name, image };
        if (!(await mutate(customer, 'containerModify', () => customer.api.gql(MODIFY_CONTAINER, { input }))))
          return;
        known.image = image;
        known.deploys++;
        customer.audited.push(auditKey('Container', 'update', name, container.name));
      });
      actions.push(async () => {
        const input = { name: container.name, namespace: name };
        if (!(await mutate(customer, 'containerDelete', () => customer.api.gql(DELETE_CONTAINER, input))))
          return;
        namespace.containers.delete(container.name);
        customer.audited.push(auditKey('Container', 'delete', name, container.name));
      });
    }

    if (namespace.jobs.size < MAX_PER_KIND) {
      actions.push(() => createJob(customer, name, nextName(customer, 'job'), false));
    }
    for (const job of held.containerJobs.filter((each) => each.state === 'created' && !each.locked)) {
      const known = namespace.jobs.get(job.name);
      if (!known) continue;
      const input = { name: job.name, namespace: name };
      if (known.manualRuns.length < MAX_MANUAL_RUNS) {
        actions.push(async () => {
          const run = await mutate(customer, 'containerJobRun', () => customer.api.gql(RUN_JOB, input));
          if (run) known.manualRuns.push(run.containerJobRun.name);
        });
      }
      actions.push(async () => {
        const command = known.command[0] === 'true' ? ['echo', 'done'] : ['true'];
        const modified = await mutate(customer, 'containerJobModify', () =>
          customer.api.gql(MODIFY_JOB, { input: { ...input, command } }),
        );
        if (!modified) return;
        known.command = command;
        customer.audited.push(auditKey('ContainerJob', 'update', name, job.name));
      });
      if (!known.permanent) {
        actions.push(async () => {
          if (!(await mutate(customer, 'containerJobDelete', () => customer.api.gql(DELETE_JOB, input))))
            return;
          namespace.jobs.delete(job.name);
          customer.audited.push(auditKey('ContainerJob', 'delete', name, job.name));
        });
      }
    }

    if (namespace.volumes.size < MAX_PER_KIND) {
      actions.push(async () => {
        const volume = nextName(customer, 'vol');
        const created = await mutate(customer, 'volumeCreate', () =>
          customer.api.gql(CREATE_VOLUME, { name: volume, namespace: name, size: 1 }),
        );
        if (!created) return;
        namespace.volumes.set(volume, { id: created.volumeCreate.id, size: 1, grown: 0 });
        customer.audited.push(auditKey('Volume', 'create', name, volume));
      });
    }
    for (const volume of volumes.filter((each) => each.state === 'created' && !each.locked)) {
      const known = namespace.volumes.get(volume.name);
      if (!known) continue;
      if (known.size < MAX_VOLUME_GB) {
        actions.push(async () => {
          const size = known.size + 1;
          const grown = await mutate(customer, 'volumeIncrease', () =>
            customer.api.gql(INCREASE_VOLUME, { name: volume.name, namespace: name, size }),
          );
          if (!grown) return;
          known.size = size;
          known.grown++;
          customer.audited.push(auditKey('Volume', 'update', name, volume.name));
        });
      }
      actions.push(async () => {
        const input = { name: volume.name, namespace: name };
        if (!(await mutate(customer, 'volumeDelete', () => customer.api.gql(DELETE_VOLUME, input)))) return;
        namespace.volumes.delete(volume.name);
        customer.audited.push(auditKey('Volume', 'delete', name, volume.name));
      });
    }

    // A namespace goes with what it holds, which must all be settled (else CONFLICT): each of those is
    // deleted with an audit entry of its own. Settled namespaces are rare under this load: taken when they come.
    const settled = [...containers, ...held.containerJobs, ...volumes].every((each) => !each.locked);
    if (!namespace.permanent && held.state === 'created' && !held.locked && settled && Math.random() < 0.3) {
      const deleted = await mutate(customer, 'namespaceDelete', () =>
        customer.api.gql(DELETE_NAMESPACE, { name, deleteResources: true }),
      );
      if (!deleted) return;
      for (const container of namespace.containers.keys())
        customer.audited.push(auditKey('Container', 'delete', name, container));
      for (const job of namespace.jobs.keys())
        customer.audited.push(auditKey('ContainerJob', 'delete', name, job));
      for (const volume of namespace.volumes.keys())
        customer.audited.push(auditKey('Volume', 'delete', name, volume));
      customer.audited.push(auditKey('Namespace', 'delete', name, name));
      customer.namespaces.delete(name);
      return;
    }
    await pick(actions)?.();
  }

  /** What the customer reads meanwhile, as the portal polls it. */
  async function read(customer: Customer, round: number) {
    // What the customer keeps all along: a namespace being deleted meanwhile would rightly be NOT_FOUND.
    if (round % 4 === 0) await query(customer, 'namespaces', () => customer.api.gql(NAMESPACES));
    else if (round % 4 === 1)
      await query(customer, 'namespace', () => customer.api.gql(NAMESPACE_CONTENTS, { name: 'base' }));
    else if (round % 4 === 2)
      await query(customer, 'containerJob', () =>
        customer.api.gql(JOB_RUNS_AND_EVENTS, { name: 'tick', namespace: 'base' }),
      );
    else
      await query(customer, 'auditLogs', () =>
        customer.api.gql(AUDIT_TAGS, { customerId: customer.customerId }),
      );
  }

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
      Array.from({ length: CUSTOMERS }, async (_, index): Promise<Customer> => {
        const email = uniqueEmail(`replica-${index}`);
        const password = `pw-${randomBytes(6).toString('hex')}`;
        await signUp(balancer.url, { name: `Replica Customer ${index}`, email, password });
        const granted = await runAdmin(database, [
          'subscription',
          'grant',
          '--email',
          email,
          '--product',
          'serverless-container',
        ]);
        expect(granted.code, granted.stderr).toBe(0);
        const tokens = await tokenRequest(index, () => passwordGrant(balancer.url, email, password));
        if (!tokens) throw new Error(`${email} could not sign in: ${JSON.stringify(failures)}`);
        const customer: Customer = {
          index,
          email,
          password,
          tokens,
          api: platformApi(balancer.url, async () => customer.tokens.access_token),
          customerId: '',
          namespaces: new Map(),
          audited: [],
          counter: 0,
        };
        const found = await query(customer, 'customer', () => customer.api.gql(CUSTOMER));
        if (!found?.customer) throw new Error(`${email} has no customer: ${JSON.stringify(failures)}`);
        customer.customerId = found.customer.id;
        // A namespace and a job kept through the whole load: the job's every minute is checked at the end.
        await createNamespace(customer, 'base', true);
        await createJob(customer, 'base', 'tick', true);
        return customer;
      }),
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
          await change(customer);
          await sleep(CHANGE_PAUSE_MS);
        }
      })(),
      (async () => {
        for (let round = 0; loading; round++) {
          await read(customer, round);
          await sleep(50);
        }
      })(),
      // A fresh access token every 10 s, by the refresh grant, through the balancer like the rest.
      (async () => {
        for (let last = Date.now(); loading; await sleep(250)) {
          if (Date.now() - last < 10_000) continue;
          last = Date.now();
          const refreshed = await tokenRequest(customer.index, () =>
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
    const requestsInLoad = figures.requests;

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
          const all = await Promise.all(customers.map((customer) => snapshot(customer)));
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
          `replicas: ${requestsInLoad} requests through the balancer in the ${Math.round((loadEnd - loadStart) / 1000)} s of load, ${figures.requests} in all`,
          `(${figures.queries} queries, ${figures.tokenRequests} token requests, ${[...figures.mutations.values()].reduce((a, b) => a + b, 0)} mutations: ${JSON.stringify(Object.fromEntries(figures.mutations))})`,
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
          `failures: ${failures.length}`,
        ].join('\n  '),
      );

      // No request failed: not one answer other than 200 without errors, through both stops.
      expect(failures).toEqual([]);
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

  /** What a customer sees once the load is over, and whether it has all settled. */
  async function snapshot(customer: Customer) {
    let settled = true;
    const list = await query(customer, 'namespaces', () => customer.api.gql(NAMESPACES));
    if (!list) return undefined;
    const namespaces: Record<string, { containers: string[]; jobs: string[]; volumes: string[] }> = {};
    const containerEvents: Record<string, Record<string, number>> = {};
    const volumeGrowth: Record<string, number> = {};
    const runsByJob: Record<string, { name: string; status: string; trigger: string }[]> = {};
    const runEvents: Record<string, Record<string, number>> = {};
    for (const namespace of list.namespaces) {
      if (namespace.state !== 'created' || namespace.locked) settled = false;
      const read = await query(customer, 'namespace', () =>
        customer.api.gql(NAMESPACE_CONTENTS, { name: namespace.name }),
      );
      if (!read) return undefined;
      const held = read.namespace;
      const containers = held.containers ?? [];
      const volumes = held.volumes ?? [];
      if (containers.some((each) => each.state !== 'running' || each.locked)) settled = false;
      if (held.containerJobs.some((each) => each.state !== 'created' || each.locked)) settled = false;
      if (volumes.some((each) => each.state !== 'created' || each.locked)) settled = false;
      namespaces[namespace.name] = {
        containers: described(containers.map((each) => [each.name, each.image ?? null])),
        jobs: described(held.containerJobs.map((each) => [each.name, each.command ?? null])),
        volumes: described(volumes.map((each) => [each.name, each.size])),
      };
      for (const container of containers) {
        const events = await query(customer, 'container events', () =>
          customer.api.gql(CONTAINER_EVENTS, { id: container.id }),
        );
        if (!events) return undefined;
        const deploys = events.container.events
          .map((event) => event.type)
          .filter((type) => type === 'DEPLOY_STARTED' || type === 'DEPLOY_FINISHED');
        containerEvents[container.name] = tally(deploys);
      }
      for (const volume of volumes) {
        const events = await query(customer, 'volume events', () =>
          customer.api.gql(VOLUME_EVENTS, { id: volume.id }),
        );
        if (!events?.volume) return undefined;
        volumeGrowth[volume.name] = events.volume.events.filter(
          (event) => event.type === 'VOLUME_GROWN',
        ).length;
      }
      for (const job of held.containerJobs) {
        const read = await query(customer, 'job runs', () =>
          customer.api.gql(JOB_RUNS_AND_EVENTS, { name: job.name, namespace: namespace.name }),
        );
        if (!read) return undefined;
        const { runs, events } = read.containerJob;
        if (runs.some((run) => run.status !== 'succeeded' && run.status !== 'failed')) settled = false;
        runsByJob[`${namespace.name}/${job.name}`] = runs;
        for (const run of runs) {
          const about = events
            .filter((event) => event.message.startsWith(`Run ${run.name} `))
            .map((event) => event.type);
          runEvents[`${namespace.name}/${run.name}`] = tally(about);
        }
      }
    }
    const audit = await query(customer, 'auditLogs', () =>
      customer.api.gql(AUDIT_TAGS, { customerId: customer.customerId }),
    );
    if (!audit) return undefined;
    const audited = audit.auditLogs.map((entry) => {
      const tag = (prefix: string) =>
        entry?.tags.find((each) => each.startsWith(prefix))?.slice(prefix.length) ?? '?';
      return `${entry?.modelName} ${entry?.eventType} ${tag('namespace:')}/${tag('name:')}`;
    });
    return {
      settled,
      namespaceList: list.namespaces.map((namespace) => namespace.name).sort(),
      namespaces,
      containerEvents,
      volumeGrowth,
      runsByJob,
      runs: Object.values(runsByJob).flat(),
      runEvents,
      audited: tally(audited),
    };
  }
});
