import { UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { runAdmin } from '../support/process.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The embedded flags service: the Unleash frontend API the portal's client calls, and the operators' switches.

const KEY = 'default:development.berth-portal';
let server: TestServer;
let alice: TestCustomer;
let bob: TestCustomer;

beforeAll(async () => {
  server = await startServer();
  [alice, bob] = await Promise.all([createCustomer(server), createCustomer(server)]);
});
afterAll(() => server.close());

/** An operator command as the running server's admin endpoint runs it (the command line itself: below). */
const admin = (...args: string[]) => runAdminCommand(args, server.services);
const userIdOf = async (customer: TestCustomer) =>
  String((await server.services.accounts.requireByEmail(customer.email)).id);

async function frontend(init: { userId?: string; key?: string | null; etag?: string; post?: boolean } = {}) {
  const { userId, key = KEY, etag, post } = init;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key !== null) headers.authorization = key;
  if (etag) headers['if-none-match'] = etag;
  const query = !post && userId ? `?appName=berth-portal&userId=${encodeURIComponent(userId)}` : '';
  const response = await fetch(`${server.url}/api/frontend${query}`, {
    method: post ? 'POST' : 'GET',
    headers: post ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(post
      ? { body: JSON.stringify({ context: { appName: 'berth-portal', ...(userId ? { userId } : {}) } }) }
      : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    body: text ? (JSON.parse(text) as unknown) : null,
  };
}

const names = (body: unknown) =>
  (body as { toggles: { name: string }[] }).toggles.map((toggle) => toggle.name);

describe('the Unleash frontend API at /api/frontend', () => {
  it('answers only with the frontend key, GET or POST, and says which', async () => {
    for (const post of [false, true]) {
      for (const key of [null, 'wrong-key']) {
        const refused = await frontend({ key, post });
        expect(refused).toMatchObject({
          status: 401,
          body: {
            error: 'UNAUTHORIZED',
            message: 'A valid frontend API key is required',
            requestId: expect.stringMatching(/^[\w.-]{1,64}$/),
          },
        });
      }
    }
  });

  it('lists the enabled flags as Unleash does: the portal route flags start on', async () => {
    const answer = await frontend();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      toggles: ['audit-log', 'database-clusters'].map((name) => ({
        name,
        enabled: true,
        variant: { name: 'disabled', enabled: false, feature_enabled: true },
        impressionData: false,
      })),
    });
  });

  it('answers 304 to an unchanged ETag, and the new list once a flag changes', async () => {
    const first = await frontend();
    expect(first.etag).toMatch(/^".+"$/);
    expect(await frontend({ etag: first.etag ?? '' })).toMatchObject({ status: 304, body: null });
    expect((await admin('flag', 'disable', 'audit-log')).exitCode).toBe(0);
    const changed = await frontend({ etag: first.etag ?? '' });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(names(changed.body)).toEqual(['database-clusters']);
    expect((await admin('flag', 'enable', 'audit-log')).exitCode).toBe(0);
  });

  it('targets users: a flag enabled for one customer is on in their context only', async () => {
    // Through the operators' command line, as an operator types it.
    const enabled = await runAdmin(server.database, [
      'flag',
      'enable',
      'new-dashboard',
      '--email',
      alice.email,
    ]);
    expect(enabled).toMatchObject({ code: 0, stdout: `Enabled new-dashboard for ${alice.email}\n` });
    const [aliceId, bobId] = await Promise.all([userIdOf(alice), userIdOf(bob)]);
    for (const post of [false, true]) {
      expect(names((await frontend({ userId: aliceId, post })).body)).toContain('new-dashboard');
      expect(names((await frontend({ userId: bobId, post })).body)).not.toContain('new-dashboard');
      expect(names((await frontend({ post })).body)).not.toContain('new-dashboard');
    }
    const list = await admin('flag', 'list');
    expect(list.output).toContain(`new-dashboard\ton for users ${aliceId}`);
    expect(list.output).toContain('audit-log\ton');

    // Disabling a flag that is on for everyone for one user is refused: nothing changes.
    const refused = await admin('flag', 'disable', 'audit-log', '--email', bob.email);
    expect(refused).toEqual({
      exitCode: 1,
      output:
        'Error: audit-log is on for everyone: disable it for everyone, or enable it for chosen users first',
    });
    expect(names((await frontend({ userId: bobId })).body)).toContain('audit-log');

    expect((await admin('flag', 'disable', 'new-dashboard', '--email', alice.email)).exitCode).toBe(0);
    expect(names((await frontend({ userId: aliceId })).body)).not.toContain('new-dashboard');
    expect((await admin('flag', 'list')).output).toContain('new-dashboard\toff');
  });

  it('refuses names Unleash would not take and unknown accounts, changing nothing', async () => {
    const before = (await admin('flag', 'list')).output;
    expect(await admin('flag', 'enable', 'has space')).toEqual({
      exitCode: 1,
      output: 'Error: has space is not a flag name (letters, digits, ".", "_", "~", "-"; at most 100)',
    });
    expect((await admin('flag', 'enable', 'x'.repeat(101))).output).toMatch(/is not a flag name/);
    expect(await admin('flag', 'enable', 'beta', '--email', 'nobody@test.berth.example')).toEqual({
      exitCode: 1,
      output: 'Error: Account nobody@test.berth.example not found',
    });
    expect(await admin('flag', 'enable')).toMatchObject({ exitCode: 2 });
    expect(await admin('flag', 'enable', 'beta', 'gamma')).toMatchObject({ exitCode: 2 });
    expect((await admin('flag', 'list')).output).toBe(before);
  });

  it("serves what Unleash's own browser client understands", async () => {
    const client = new UnleashClient({
      url: `${server.url}/api/frontend`,
      clientKey: KEY,
      appName: 'berth-portal',
      refreshInterval: 0,
      disableMetrics: true,
      usePOSTrequests: true,
      context: { userId: await userIdOf(alice) },
    });
    await new Promise<void>((resolve, reject) => {
      client.on('ready', resolve);
      client.on('error', reject);
      void client.start();
    });
    expect(client.isEnabled('database-clusters')).toBe(true);
    expect(client.isEnabled('no-such-flag')).toBe(false);
    client.stop();
  });
});
