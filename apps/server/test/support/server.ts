import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../src/app.ts';
import { readEnvironment } from '../../src/environment.ts';
import type { Services } from '../../src/services.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { freePort } from './ports.ts';

export interface TestServer {
  /** Origin the server listens on, e.g. http://127.0.0.1:40123 (also its PUBLIC_URL). */
  url: string;
  berth: App;
  services: Services;
  database: TestDatabase;
  /** Closes the server and drops its database. */
  close(): Promise<void>;
}

/** Settings every test server gets; a test passes more (or other) variables to startServer. */
export function testEnvironment(database: TestDatabase, port: number): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    // Other suites rely on the demo account: these throwaway databases do without it.
    DEMO_ACCOUNT: 'false',
    SIMULATED_DELAY_MS: '100',
    // Errors only: an unexpected failure shows up in the test output.
    LOG_LEVEL: 'error',
  };
}

/** The whole platform service in this process, on real HTTP and its own fresh database. */
export async function startServer(
  overrides: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const port = await freePort();
  let berth: App;
  try {
    berth = await buildApp(readEnvironment({ ...testEnvironment(database, port), ...overrides }), options);
    await berth.listen();
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    berth,
    services: berth.services,
    database,
    async close() {
      try {
        await berth.close();
      } finally {
        await database.drop();
      }
    },
  };
}

/**
 * A server for the tests of the file (or of the describe block) calling this: started before them, closed after.
 * Tests read it as `suite.server`.
 */
export function useServer(overrides: Record<string, string> = {}, options: AppOptions = {}) {
  const suite = {} as { server: TestServer };
  beforeAll(async () => {
    suite.server = await startServer(overrides, options);
  });
  afterAll(() => suite.server.close());
  return suite;
}
