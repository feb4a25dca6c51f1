import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { logLines } from '../../src/db/schema.ts';
import { graphql } from '../generated/console-logs/gql.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { consoleLogsApi, type PlatformApi } from '../support/http.ts';
import { seed, type SeededNamespace } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// What the console-logs API's tests (/graphql/console-logs) share: its documents, and a world of two customers
// on a server of the file's own: alice's namespace `logs` with the container `web` (one replica) and the job
// `broken` (exits 3), and bob, who has neither.

graphql(`
  fragment LogLineFields on LogLine {
    id
    occurredAt
    stream
    line
    replica
    run
  }
`);
export const CONTAINER_LOGS = graphql(`
  query ContainerLogs($source: ContainerLogSource!, $query: LogQuery) {
    containerLogs(source: $source, query: $query) {
      ...LogLineFields
    }
  }
`);
export const JOB_RUN_LOGS = graphql(`
  query JobRunLogs($source: JobRunLogSource!, $query: LogQuery) {
    jobRunLogs(source: $source, query: $query) {
      ...LogLineFields
    }
  }
`);
export const CONTAINER_LOG_TAIL = graphql(`
  subscription ContainerLogTail($source: ContainerLogSource!, $afterId: ID, $filter: String) {
    containerLogTail(source: $source, afterId: $afterId, filter: $filter) {
      ...LogLineFields
    }
  }
`);
export const JOB_RUN_LOG_TAIL = graphql(`
  subscription JobRunLogTail($source: JobRunLogSource!) {
    jobRunLogTail(source: $source) {
      ...LogLineFields
    }
  }
`);

export const NAMESPACE = 'logs';
export const WEB = { namespace: NAMESPACE, container: 'web' };

/** Set up before the file's tests (the server closed after them): read as `world.alice` and so on in a test. */
export interface LogsWorld {
  server: TestServer;
  shop: SeededNamespace;
  alice: TestCustomer;
  bob: TestCustomer;
  aliceLogs: PlatformApi;
  bobLogs: PlatformApi;
  /** Alice's container `web`, by its row id. */
  web: { id: number };
  /** The one replica of alice's container `web` (no health check: the runtime writes nothing after start-up). */
  replica: { id: number; name: string };
}

/** The world of the file's tests, and how they write and read its lines. */
export function useLogsWorld() {
  const world = {} as LogsWorld;

  const tailEndpoint = () => `${world.server.url}/graphql/console-logs`;

  /**
   * Writes lines as the runtime does (this replica's, on stdout unless said; a replica's lines name its
   * container and itself, when it exists); returns their ids in order.
   */
  async function write(
    source: { kind?: 'replica' | 'job-run'; id: number },
    lines: { line: string; stream?: 'stdout' | 'stderr'; occurredAt?: Date }[],
  ): Promise<number[]> {
    const { db } = world.server.berth.database;
    const kind = source.kind ?? 'replica';
    const [replica] =
      kind === 'replica'
        ? await queryRows<{ container_id: number; name: string }>(
            db,
            sql`SELECT container_id, name FROM container_replicas WHERE id = ${source.id}`,
          )
        : [];
    const rows = await db
      .insert(logLines)
      .values(
        lines.map((line) => ({
          sourceKind: kind,
          sourceId: source.id,
          stream: line.stream ?? 'stdout',
          line: line.line,
          ...(line.occurredAt ? { occurredAt: line.occurredAt } : {}),
          ...(replica ? { containerId: replica.container_id, replica: replica.name } : {}),
        })),
      )
      .returning({ id: logLines.id });
    return rows.map((row) => row.id);
  }

  async function replicasOf(container: string) {
    return queryRows<{ id: number; name: string; container_id: number }>(
      world.server.berth.database.db,
      sql`SELECT r.id, r.name, r.container_id FROM container_replicas r JOIN containers c ON c.id = r.container_id
        WHERE c.name = ${container} ORDER BY r.id`,
    );
  }

  async function containerLines(query: Record<string, unknown> = {}, source: object = WEB) {
    const { containerLogs } = await world.aliceLogs.data(CONTAINER_LOGS, {
      source: source as typeof WEB,
      query,
    });
    return containerLogs;
  }

  beforeAll(async () => {
    world.server = await startServer();
    world.shop = await seed(world.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace(NAMESPACE);
    world.alice = world.shop.customer;
    world.bob = await createCustomer(world.server, { subscriptions: ['serverless-container'] });
    world.aliceLogs = consoleLogsApi(world.server.url, () => world.alice.token());
    world.bobLogs = consoleLogsApi(world.server.url, () => world.bob.token());
    const web = await world.shop.container({ name: 'web', image: 'nginx:1.27', ports: ['80'] });
    const [only] = await replicasOf('web');
    if (!only || web.replicas.length !== 1) throw new Error('web should run one replica');
    world.replica = { id: only.id, name: only.name };
    world.web = { id: only.container_id };
    await world.shop.job({
      name: 'broken',
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 0 1 1 *',
      entrypoint: ['sh', '-c'],
      command: ['exit 3'],
    });
  }, 60_000);
  afterAll(() => world.server.close());

  return { world, tailEndpoint, write, replicasOf, containerLines };
}
