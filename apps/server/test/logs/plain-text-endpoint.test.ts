import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { WEB, useLogsWorld } from './setup.ts';

// The plain-text endpoint of existing clients.

const { world, containerLines } = useLogsWorld();

describe('GET /logs/container/{containerId}/{replicaName}', () => {
  const get = (path: string, token?: string) =>
    fetch(`${world.server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("answers a replica's recent lines as plain text, oldest first", async () => {
    const web = await queryRows<{ id: number }>(
      world.server.berth.database.db,
      sql`SELECT id FROM containers WHERE name = 'web'`,
    );
    const path = `/logs/container/${web[0]?.id}/${world.replica.name}`;
    const response = await get(path, await world.alice.token());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    const newest = await containerLines({ limit: 200 }, { ...WEB, replica: world.replica.name });
    expect(text).toBe(
      newest
        .reverse()
        .map((line) => `${line.occurredAt} ${line.line}\n`)
        .join(''),
    );

    expect((await get(path)).status).toBe(401);
    expect((await get(path, await world.bob.token())).status).toBe(404);
    expect((await get(`/logs/container/${web[0]?.id}/web-zzzzz-1`, await world.alice.token())).status).toBe(
      404,
    );
    expect(
      (await get(`/logs/container/2147483000/${world.replica.name}`, await world.alice.token())).status,
    ).toBe(404);
    const malformed = await get(`/logs/container/web/${world.replica.name}`, await world.alice.token());
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: 'BAD_USER_INPUT',
      message: 'web is not a container id',
      requestId: malformed.headers.get('x-request-id'),
    });
  });
});
