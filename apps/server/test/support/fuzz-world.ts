import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { CREATE_CONTAINER } from './containers.ts';
import { CREATE_JOB } from './container-jobs.ts';
import { CREATE_CLUSTER } from './database-clusters.ts';
import { createCustomer, type TestCustomer } from './customers.ts';
import type { FuzzCase } from './fuzz-cases.ts';
import { requestOf } from './fuzz-requests.ts';
import { FRESH, placeholder } from './fuzz-valid-values.ts';
import { CREATE_NAMESPACE } from './queries.ts';
import type { TestServer } from './server.ts';

// The world the fuzz cases run in: a subscribed customer whose namespace `shop` holds a volume `data`, a
// registry `private`, a container `web` (ports, address, variables, secret, mount, health check), a
// container job `backup`, a database cluster `orders` (database `app`, user `app_user`) and a legacy
// database `legacy`, all created through the API. The provisioner and the scheduler stand still
// between cases, so the database changes only by the requests themselves.

/** Tables the runtime or the identity provider write on their own, not the customer's requests. */
const NOT_CUSTOMER_TABLES = new Set([
  'schema_migrations',
  'identity_secrets',
  'oidc_payloads',
  'sign_in_failures',
  'log_lines',
  'simulated_containers',
  'simulated_job_runs',
]);

/** The seeded resources the cases name, by table: the world has settled when none of them is locked. */
const SEEDED: Record<string, string[]> = {
  namespaces: ['shop'],
  containers: ['web'],
  container_jobs: ['backup'],
  private_registries: ['private'],
  volumes: ['data'],
  database_clusters: ['orders'],
  legacy_cloud_databases: ['legacy'],
};

interface GraphQLBody {
  errors?: { message: string; path?: unknown[]; extensions?: { code?: string } }[];
}

export interface CaseOutcome {
  /** What went wrong, or undefined when the server behaved. */
  failure?: string;
  /** The error code of a refusal, or `ok`. */
  outcome: string;
}

export class FuzzWorld {
  private snapshotQuery = '';
  private lastSnapshot = '';
  private fresh = 0;
  private values: Record<string, unknown> = {};

  private constructor(
    private readonly server: TestServer,
    private readonly customer: TestCustomer,
  ) {}

  static async seed(server: TestServer): Promise<FuzzWorld> {
    await server.berth.provisioner.stop();
    await server.berth.scheduler.stop();
    const customer = await createCustomer(server, {
      subscriptions: ['serverless-container', 'cloud-database'],
    });
    const world = new FuzzWorld(server, customer);
    const tables = await queryRows<{ name: string }>(
      server.berth.database.db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const parts = tables
      .map((table) => table.name)
      .filter((name) => !NOT_CUSTOMER_TABLES.has(name))
      .map((name) => `'${name}', (SELECT coalesce(json_agg(t ORDER BY t::text), '[]') FROM "${name}" t)`);
    world.snapshotQuery = `SELECT json_build_object(${parts.join(', ')})::text AS snapshot`;
    const { namespaceCreate: shop } = await customer.data<{ namespaceCreate: { id: string } }>(
      CREATE_NAMESPACE,
      { name: 'shop' },
    );
    await world.settle();
    const { volumeCreate } = await customer.data<{ volumeCreate: { id: string } }>(
      `mutation { volumeCreate(volumeInput: {name: "data", namespace: "shop", size: 10}) { id } }`,
    );
    await customer.data(`mutation { registryConnectionCreate(registryInput: {namespace: "shop",
      name: "private", source: "registry.example.com", username: "robot", password: "hunter22",
      verify: false}) { id } }`);
    await customer.data(CREATE_CONTAINER, {
      input: {
        name: 'web',
        namespace: 'shop',
        image: 'nginx:1.27',
        registry: 'private',
        ports: ['8080'],
        ingresses: [{ port: 8080, whitelist: ['10.0.0.0/8'] }],
        environmentVariables: [
          { name: 'MODE', value: 'production' },
          { name: 'TOKEN', value: 'hunter22', secret: true },
        ],
        mounts: [{ path: '/data', volume: { name: 'data' } }],
        healthCheck: { port: 8080, path: '/health' },
      },
    });
    await customer.data(CREATE_JOB, {
      input: {
        name: 'backup',
        namespace: 'shop',
        image: 'alpine:3.20',
        resources: 'CPU_250_RAM_500',
        schedule: '0 4 * * 1',
        enabled: false,
        mounts: [{ path: '/backup', volume: { name: 'data' } }],
      },
    });
    await customer.data(CREATE_CLUSTER, {
      input: {
        name: 'orders',
        namespace: 'shop',
        spec: { type: 'postgresql', version: '17' },
        plan: 's-1',
        databases: [{ name: 'app' }],
        users: [{ name: 'app_user', permissions: [{ databaseName: 'app', permission: 'READ_WRITE' }] }],
      },
    });
    const { createCloudDatabase } = await customer.data<{ createCloudDatabase: { id: string } }>(
      `mutation { createCloudDatabase(customerId: "${customer.customerId}", name: "legacy", username: "owner",
        password: "legacy-password", version: "postgresql-16", nodeType: "db.small", location: 1,
        whitelist: ["10.0.0.0/8"]) { id } }`,
    );
    world.values = {
      [placeholder('cloudDatabaseId')]: createCloudDatabase.id,
      [placeholder('volumeId')]: volumeCreate.id,
      [placeholder('namespaceId')]: Number(shop.id),
      [placeholder('customerId')]: String(customer.customerId),
    };
    await world.settle();
    return world;
  }

  private async locked(): Promise<boolean> {
    const counts = Object.entries(SEEDED)
      .map(([table, names]) => {
        const list = names.map((name) => `'${name}'`).join(', ');
        return `(SELECT count(*) FROM ${table} WHERE locked AND name IN (${list}))`;
      })
      .join(' + ');
    const [row] = await queryRows<{ locked: number | string }>(
      this.server.berth.database.db,
      sql.raw(`SELECT ${counts} AS locked`),
    );
    return Number(row?.locked) > 0;
  }

  private async snapshot(): Promise<string> {
    const [row] = await queryRows<{ snapshot: string }>(
      this.server.berth.database.db,
      sql.raw(this.snapshotQuery),
    );
    return row?.snapshot ?? '';
  }

  /**
   * After a change was accepted: the provisioner applies what it must for the next case to find the
   * seeded resources unlocked (new ones, which no case names again, wait for a later round).
   */
  private async settle(): Promise<void> {
    const { provisioner } = this.server.berth;
    for (let round = 0; await this.locked(); round += 1) {
      if (round === 200) throw new Error('the seeded resources stay locked');
      await provisioner.runDue();
      await provisioner.reconcileRuntime();
    }
    this.lastSnapshot = await this.snapshot();
  }

  /** Placeholders replaced: seeded ids, and a name of its own for FRESH. */
  private filled(value: unknown): unknown {
    if (value === FRESH) return `fz-${(this.fresh += 1)}`;
    if (typeof value === 'string' && value in this.values) return this.values[value];
    if (Array.isArray(value)) return value.map((item) => this.filled(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.filled(item)]));
    }
    return value;
  }

  /** Sends the case over HTTP and checks the answer and, for a refused mutation, the database. */
  async run(fuzzCase: FuzzCase): Promise<CaseOutcome> {
    const { operation, mode } = fuzzCase;
    const args = this.filled(fuzzCase.args) as Record<string, unknown>;
    const response = await fetch(`${this.server.url}/graphql/${operation.api}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await this.customer.token()}` },
      body: JSON.stringify(requestOf(operation, args, mode)),
    });
    const text = await response.text();
    const body = (() => {
      try {
        return JSON.parse(text) as GraphQLBody;
      } catch {
        return { errors: [{ message: text.slice(0, 200) }] };
      }
    })();
    const errors = body.errors ?? [];
    const outcome = errors.length > 0 ? (errors[0]?.extensions?.code ?? `HTTP ${response.status}`) : 'ok';
    const internal = errors.find((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR');
    if (response.status >= 500 || internal) {
      await this.settle();
      return { outcome, failure: `HTTP ${response.status}: ${errors[0]?.message ?? text.slice(0, 200)}` };
    }
    if (operation.kind === 'query') return { outcome };
    if (errors.length === 0) {
      await this.settle();
      return { outcome };
    }
    // Refused before anything ran (parse, validation, variable coercion: errors without a path).
    if (errors.every((error) => !error.path)) return { outcome };
    const after = await this.snapshot();
    if (after === this.lastSnapshot) return { outcome };
    const changed = changedTables(this.lastSnapshot, after);
    this.lastSnapshot = after;
    return { outcome, failure: `refused (${outcome}) but the database changed: ${changed.join(', ')}` };
  }
}

function changedTables(before: string, after: string): string[] {
  const old = JSON.parse(before) as Record<string, unknown>;
  const now = JSON.parse(after) as Record<string, unknown>;
  return Object.keys(now).filter((table) => JSON.stringify(old[table]) !== JSON.stringify(now[table]));
}
