import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ApiTokenType, LogLevel, start } from 'unleash-server';
import { freePort } from './ports.ts';
import { postgresServerUrl } from './postgres-server.ts';

// A real Unleash (unleash-server 8) on a throwaway database of the PostgreSQL server the other driver tests use, with an admin token to change flags and the frontend token Berth's
// default FLAGS_CLIENT_KEY names. Its frontend API refreshes from its database every half second.

export const FRONTEND_KEY = 'default:development.berth-portal';
const ADMIN_KEY = '*:*.berth-test-admin';

export interface TestUnleash {
  /** The frontend API, what FLAGS_URL names. */
  frontendUrl: string;
  /** Creates the flag (if new) and turns it on or off in the development environment. */
  setFlag(name: string, enabled: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startUnleash(): Promise<TestUnleash> {
  const database = `unleash_${randomBytes(4).toString('hex')}`;
  await onServer(`CREATE DATABASE ${database}`);
  const server = new URL(postgresServerUrl);
  const port = await freePort();
  // Unleash's migrator leaves DATABASE_URL set (to "undefined" when it was not): keep this process's own.
  const databaseUrl = process.env.DATABASE_URL;
  const unleash = await start({
    db: {
      host: server.hostname,
      port: Number(server.port || 5432),
      user: decodeURIComponent(server.username),
      password: decodeURIComponent(server.password),
      database,
      ssl: false,
    },
    server: { port, enableRequestLogger: false },
    logLevel: LogLevel.error,
    authentication: {
      initApiTokens: [
        {
          tokenName: 'berth-tests',
          type: ApiTokenType.ADMIN,
          environment: '*',
          projects: ['*'],
          secret: ADMIN_KEY,
        },
        {
          tokenName: 'berth-portal',
          type: ApiTokenType.FRONTEND,
          environment: 'development',
          projects: ['default'],
          secret: FRONTEND_KEY,
        },
      ],
    },
    frontendApi: { refreshIntervalInMs: 500 },
  });
  if (databaseUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = databaseUrl;
  const base = `http://127.0.0.1:${port}/api/admin/projects/default/features`;
  const admin = async (path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: ADMIN_KEY, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`Unleash ${path}: HTTP ${response.status} ${await response.text()}`);
  };
  const known = new Set<string>();
  return {
    frontendUrl: `http://127.0.0.1:${port}/api/frontend`,
    async setFlag(name, enabled) {
      if (!known.has(name)) {
        await admin('', { name });
        await admin(`/${name}/environments/development/strategies`, { name: 'default' });
        known.add(name);
      }
      await admin(`/${name}/environments/development/${enabled ? 'on' : 'off'}`);
    },
    async stop() {
      await unleash.stop();
      await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
