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
export async function startPlatform() {
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

/** A subscribed customer with `count` settled namespaces, and an access token for it. */
export async function seedCustomer(
  platform: Awaited<ReturnType<typeof startPlatform>>,
  url: string,
  count: number,
) {
  const { services, provisioner } = platform.berth;
  const email = `bench-${count}-${Date.now()}@example.com`;
  const password = 'bench-password';
  const id = await services.accounts.create({ name: 'Bench', email, password });
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
