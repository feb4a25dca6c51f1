import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { readEnvironment } from '../../apps/server/src/environment.ts';

/**
 * The real server in this process, on PGlite in a temporary folder (or DATABASE_URL), with limits that
 * would otherwise throttle a load test lifted. Counts the SQL statements it runs.
 */
export async function startPlatform(overrides: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'berth-bench-'));
  const env = readEnvironment({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_ACCOUNT: 'false',
    SIMULATED_DELAY_MS: '0',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
    ...overrides,
  });
  const counter = { statements: 0 };
  const berth = await buildApp(env, { onQuery: () => (counter.statements += 1) });
  return {
    berth,
    counter,
    async listen() {
      const port = await berth.listen();
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      await berth.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Platform = Awaited<ReturnType<typeof startPlatform>>;

let customers = 0;

/** A subscribed customer with `count` settled namespaces, and an access token for it. */
export async function seedCustomer(platform: Platform, url: string, count: number) {
  const { services, provisioner } = platform.berth;
  customers += 1;
  const email = `bench-${customers}-${count}-${Date.now()}@example.com`;
  const password = 'bench-password';
  const id = await services.accounts.create({ name: 'Bench', email, password }, { verified: true });
  await services.accounts.setSubscription(email, 'serverless-container', true);
  const account = await services.accounts.findById(id);
  if (!account) throw new Error('seed account missing');
  for (let index = 0; index < count; index += 1) {
    await services.namespaces.create(account, {
      name: `namespace-${index}`,
      description: `Namespace number ${index}`,
    });
  }
  while ((await provisioner.runDue()) > 0);
  const response = await fetch(`${url}/realms/berth/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', client_id: 'berth-cli', username: email, password }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { account, token };
}

/** Runs autocannon in a second process and returns its requests per second (mean). */
export function autocannon(args: {
  url: string;
  token: string;
  body?: string;
  seconds: number;
}): Promise<number> {
  const bin = path.resolve(import.meta.dirname, '../../node_modules/.bin/autocannon');
  const flags = ['-j', '-c', '10', '-d', String(args.seconds), '-H', `authorization=Bearer ${args.token}`];
  if (args.body) flags.push('-m', 'POST', '-H', 'content-type=application/json', '-b', args.body);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...flags, args.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as { requests: { average: number }; non2xx: number; errors: number };
      if (result.non2xx > 0 || result.errors > 0)
        return reject(new Error(`autocannon saw ${result.non2xx} non-2xx and ${result.errors} errors`));
      resolve(result.requests.average);
    });
  });
}

/** A GraphQL request of the API; its data, or an Error naming the errors. */
export async function graphql<T>(url: string, token: string, query: string, variables: object = {}) {
  const response = await fetch(`${url}/graphql/platform`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data || body.errors) throw new Error(`GraphQL request failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * Runs provisioning tasks and runtime steps until no resource is changing (SIMULATED_DELAY_MS=0: every
 * step is due at once). The caller stops the provisioner's own loop first.
 */
export async function settle(platform: Platform) {
  const { provisioner, database } = platform.berth;
  for (;;) {
    const tasks = await provisioner.runDue();
    await provisioner.reconcileRuntime();
    const busy = (await database.db.execute(
      'SELECT 1 FROM containers WHERE locked UNION ALL SELECT 1 FROM volumes WHERE locked ' +
        'UNION ALL SELECT 1 FROM private_registries WHERE locked UNION ALL SELECT 1 FROM namespaces WHERE locked ' +
        "UNION ALL SELECT 1 FROM container_jobs WHERE locked UNION ALL SELECT 1 FROM container_job_runs WHERE status IN ('pending', 'running')",
    )) as unknown as { rows: unknown[] };
    if (tasks === 0 && busy.rows.length === 0) return;
  }
}

export interface NamespaceSize {
  registries: number;
  volumes: number;
  /** Each with 5 variables (one secret), 2 addresses (one on its own domain), 1 mount and a health check. */
  containers: number;
  /** Each with 2 variables and 1 mount, on a daily schedule, with one finished run. */
  containerJobs?: number;
}

let namespaces = 0;

/** Whose namespace, under which name. */
export interface SeedTarget {
  token: string;
  namespace: string;
}

/**
 * Settled namespaces of this size, one per target, created through the API as customers would: each step
 * for all targets at once, then the runtime settles.
 */
export async function seedNamespaces(
  platform: Platform,
  url: string,
  targets: SeedTarget[],
  size: NamespaceSize,
) {
  const mount = (index: number) => ({
    path: '/data',
    volume: { name: `volume-${index % size.volumes}`, autoCreate: false },
  });
  const jobNames = Array.from({ length: size.containerJobs ?? 0 }, (_, index) => `job-${index}`);
  const steps = [
    async ({ token, namespace }: SeedTarget) => {
      await graphql(
        url,
        token,
        'mutation($input: NamespaceCreateInput!) { namespaceCreate(namespaceInput: $input) { id } }',
        {
          input: { name: namespace, description: `Namespace ${namespace}` },
        },
      );
    },
    async ({ token, namespace }: SeedTarget) => {
      for (let index = 0; index < size.registries; index += 1) {
        await graphql(
          url,
          token,
          'mutation($input: RegistryCreateInput!) { registryConnectionCreate(registryInput: $input) { id } }',
          {
            input: {
              namespace,
              name: `registry-${index}`,
              source: `registry${index}.example.com`,
              username: 'bench',
              password: 'bench-password',
              verify: false,
            },
          },
        );
      }
      for (let index = 0; index < size.volumes; index += 1) {
        await graphql(
          url,
          token,
          'mutation($input: VolumeCreateInput) { volumeCreate(volumeInput: $input) { id } }',
          {
            input: { namespace, name: `volume-${index}`, size: 10 },
          },
        );
      }
    },
    async ({ token, namespace }: SeedTarget) => {
      const site = (namespaces += 1); // custom domains are unique across customers
      for (let index = 0; index < size.containers; index += 1) {
        await graphql(
          url,
          token,
          'mutation($input: ContainerCreateInput) { containerCreate(containerInput: $input) { id } }',
          {
            input: {
              namespace,
              name: `app-${index}`,
              image: 'nginx:1.27',
              registry: size.registries > 0 ? `registry-${index % size.registries}` : null,
              ports: ['80', '8080'],
              environmentVariables: [
                ...['MODE', 'LEVEL', 'REGION', 'FEATURE'].map((variable) => ({
                  name: variable,
                  value: `${variable}-${index}`,
                })),
                { name: 'TOKEN', value: 'not-for-your-eyes', secret: true },
              ],
              ingresses: [
                { port: 80 },
                {
                  port: 8080,
                  domainName: `app-${index}.${namespace}-${site}.example.com`,
                  enableTLS: true,
                  whitelist: ['10.0.0.0/8'],
                },
              ],
              mounts: size.volumes > 0 ? [mount(index)] : [],
              healthCheck: { port: 80, path: '/health' },
            },
          },
        );
      }
      for (const [index, name] of jobNames.entries()) {
        await graphql(
          url,
          token,
          'mutation($input: ContainerJobCreateInput!) { containerJobCreate(scheduledJob: $input) { name } }',
          {
            input: {
              namespace,
              name,
              image: 'busybox:1.37',
              resources: 'CPU_250_RAM_500',
              command: ['sh', '-c', 'echo done'],
              schedule: '0 3 * * *',
              environmentVariables: [
                { name: 'MODE', value: 'nightly' },
                { name: 'TOKEN', value: 'not-for-your-eyes', secret: true },
              ],
              mounts: size.volumes > 0 ? [mount(index)] : [],
            },
          },
        );
      }
    },
    async ({ token, namespace }: SeedTarget) => {
      for (const name of jobNames) {
        await graphql(
          url,
          token,
          'mutation($job: ResourceNameInput!) { containerJobRun(scheduledJob: $job) { name } }',
          {
            job: { namespace, name },
          },
        );
      }
    },
  ];
  for (const step of steps) {
    await Promise.all(targets.map(step));
    await settle(platform);
  }
}
