import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../support/http.ts';
import { describeNeeding, withoutPostgresServer } from '../support/postgres-server.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { FRONTEND_KEY, startUnleash, type TestUnleash } from '../support/unleash.ts';

// The real twin of the embedded flags: with FLAGS_URL, /api/frontend answers what a real Unleash says,
// flags switched through Unleash's own admin API.

const missing = await withoutPostgresServer();
const title = 'feature flags from a real Unleash (FLAGS_URL)';

describeNeeding(missing, title, () => {
  let unleash: TestUnleash;
  let server: TestServer;
  beforeAll(async () => {
    unleash = await startUnleash();
    server = await startServer({ FLAGS_URL: unleash.frontendUrl, FLAGS_CLIENT_KEY: FRONTEND_KEY });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await unleash.stop();
  });

  const toggles = async (init: { etag?: string } = {}) => {
    const response = await fetch(`${server.url}/api/frontend?appName=berth-portal&userId=7`, {
      headers: { authorization: FRONTEND_KEY, ...(init.etag ? { 'if-none-match': init.etag } : {}) },
    });
    const text = await response.text();
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      names: text
        ? (JSON.parse(text) as { toggles: { name: string }[] }).toggles.map((toggle) => toggle.name)
        : [],
    };
  };

  it('passes on what Unleash answers as flags are switched there', async () => {
    await unleash.setFlag('audit-log', true);
    const on = await eventually('the flag on', async () => {
      const answer = await toggles();
      return answer.names.includes('audit-log') ? answer : undefined;
    });
    expect(on.status).toBe(200);

    await unleash.setFlag('audit-log', false);
    await eventually('the flag off', async () =>
      (await toggles()).names.includes('audit-log') ? undefined : true,
    );
  });

  it('still wants the frontend key, and answers 502 when Unleash does not', async () => {
    const refused = await fetch(`${server.url}/api/frontend`, { headers: { authorization: 'wrong' } });
    expect(refused.status).toBe(401);
    const nowhere = await startServer({ FLAGS_URL: 'http://127.0.0.1:9/api/frontend' });
    try {
      const response = await fetch(`${nowhere.url}/api/frontend`, {
        headers: { authorization: FRONTEND_KEY },
      });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: 'BAD_GATEWAY',
        message: 'The feature flags service did not answer',
        requestId: response.headers.get('x-request-id'),
      });
    } finally {
      await nowhere.close();
    }
  });
});
