import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, platformApi, tokenFor } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { REPO_ROOT, run, start, type Child } from '../support/process.ts';
import { CREATE_NAMESPACE, NAMESPACES } from '../support/queries.ts';
import { testEnvironment } from '../support/server.ts';

// What `npm start` builds before it runs the server: with nothing changed, the next start touches none.
const BUILD_OUTPUTS = [
  'apps/server/src/generated/resolvers-types.ts',
  'apps/server/dist/.tsbuildinfo',
  'packages/cron/dist/.tsbuildinfo',
  'apps/portal/dist/index.html',
];
const modifiedTimes = () => BUILD_OUTPUTS.map((file) => statSync(path.join(REPO_ROOT, file)).mtimeMs);

/** `npm start` as a terminal runs it: its own process group, which Ctrl-C signals as a whole. */
function npmStart(env: Record<string, string>) {
  const child = start('npm', ['start'], env, { detached: true });
  return {
    ...child,
    interrupt() {
      process.kill(-(child.process.pid ?? 0), 'SIGINT');
      return child.exited;
    },
  };
}

async function answering(child: Child, url: string) {
  let ended = false;
  void child.exited.then(() => (ended = true));
  // A first start compiles the server and builds the portal before it listens.
  await eventually(
    'npm start to answer /healthz',
    async () => {
      if (ended) throw new Error(`npm start ended: ${child.stdout()}\n${child.stderr()}`);
      const response = await fetch(`${url}/healthz`).catch(() => undefined);
      return response?.status === 200 ? true : undefined;
    },
    { timeoutMs: 170_000, intervalMs: 200 },
  );
}

describe('npm start', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let url: string;
  let running: ReturnType<typeof npmStart> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = { ...testEnvironment(database, port), DEMO_ACCOUNT: 'true', DEMO_PASSWORD: 'compiled-start' };
  });
  afterAll(async () => {
    // A failed test may leave npm start running.
    const child = running?.process;
    if (child?.exitCode === null && child.signalCode === null) process.kill(-(child.pid ?? 0), 'SIGKILL');
    await database.drop();
  });

  it('serves the portal, sign-in and the API from its build; Ctrl-C stops it; the next build changes nothing', async () => {
    running = npmStart(env);
    await answering(running, url);
    const page = await fetch(url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const { access_token } = await tokenFor(url, 'demo@example.com', 'compiled-start');
    const demo = platformApi(url, access_token);
    await demo.data(CREATE_NAMESPACE, { name: 'compiled' });
    const { namespaces } = await demo.data(NAMESPACES);
    expect(namespaces.map((namespace) => namespace.name)).toEqual(['compiled']);
    await running.interrupt();
    expect(running.stderr()).not.toMatch(/shutdown (timed out|failed)/);

    // What the next `npm start` runs before the server: with nothing changed, no step builds.
    const built = modifiedTimes();
    const build = await run('npm', ['run', 'build'], {});
    expect(build.code).toBe(0);
    for (const part of ['codegen', 'server', 'portal']) expect(build.stdout).toContain(`${part}: up to date`);
    expect(modifiedTimes()).toEqual(built);
  }, 240_000);
});
