import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/browser.ts';
import { uniqueEmail } from '../support/customers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, platformApi, refreshGrant, tokenFor } from '../support/http.ts';
import { createdNamespace, waitForNamespace } from '../support/namespaces.ts';
import { freePort } from '../support/ports.ts';
import {
  grantAsOperator,
  runAdmin,
  runServerMain,
  spawnServer,
  type ServerProcess,
} from '../support/process.ts';
import { CREATE_NAMESPACE, NAMESPACES } from '../support/queries.ts';

describe('start-up with a bad environment', () => {
  it.each([
    ['PORT', { PORT: 'abc' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
  ])('stops with one line naming %s and a non-zero exit', async (variable, env) => {
    const { code, stdout, stderr } = await runServerMain({
      DATA_DIR: '/nonexistent/berth-never-created',
      ...env,
    });
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
    expect(stdout).not.toContain('Berth is running');
  });
});

describe('the server as a process, across restarts', () => {
  let database: TestDatabase;
  let port: number;
  let server: ServerProcess | undefined;
  const account = { name: 'Restart Tester', email: uniqueEmail('restart'), password: 'restart-password' };

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
  });
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
    await database.drop();
  });

  const namespaces = async (url: string, token: string) =>
    (await platformApi(url, token).data(NAMESPACES)).namespaces;

  it('keeps data, signing keys and sessions; SIGTERM exits 0; a change cut off by SIGKILL is finished after the next start; SIGINT exits 0', async () => {
    // First run: an account, a namespace, tokens; then a graceful stop.
    server = await spawnServer(database, port);
    const running = server;
    await eventually('the start-up message', async () =>
      running.stdout().includes(`Berth is running on ${running.url}`) ? true : undefined,
    );
    await signUp(server.url, account);
    const before = await tokenFor(server.url, account.email, account.password);
    const kept = await createdNamespace(platformApi(server.url, before.access_token), 'kept');
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    // Second run, provisioning slowed down: everything from before is still valid.
    server = await spawnServer(database, port, { SIMULATED_DELAY_MS: '2000' });
    expect(await namespaces(server.url, before.access_token)).toEqual([kept]); // the access token of the first run
    const refreshed = await refreshGrant(server.url, before.refresh_token); // a session of the first run
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.access_token;
    const api = platformApi(server.url, token);
    expect((await api.gql('{ account { email } }')).body.data).toEqual({
      account: { email: account.email },
    });

    // A namespace still `creating` when the process is killed ...
    await subscribe(account.email);
    const created = await api.data(CREATE_NAMESPACE, {
      name: 'interrupted',
    });
    expect(created.namespaceCreate).toMatchObject({ state: 'creating', locked: true });
    expect((await server.stop('SIGKILL')).signal).toBe('SIGKILL');

    // ... is `created` after the next start.
    server = await spawnServer(database, port, { SIMULATED_DELAY_MS: '2000' });
    const finished = await waitForNamespace(platformApi(server.url, token), 'interrupted', 'created');
    expect(finished.id).toBe(created.namespaceCreate.id);
    expect(await server.stop('SIGINT')).toEqual({ code: 0, signal: null });
    server = undefined;

    // The database was closed cleanly: it opens again (here from the admin command line) with everything in it.
    const list = await admin(['customer', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(account.email);
    // Four server starts and an admin command: more than the default 30 s on a busy machine.
  }, 90_000);

  const admin = (args: string[]) => runAdmin(database, args);

  const subscribe = (email: string) => grantAsOperator(database, email);
});
