import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  containerByName,
  createContainer,
  waitForContainer,
  waitUntilContainerGone,
} from '../support/containers.ts';
import { eventually } from '../support/http.ts';
import { revisionOf, useRuntimeWorld } from './simulated-runtime-setup.ts';

// The simulated runtime: replicas come up one by one, roll on change, log, fill volumes, and go on delete.

const { world } = useRuntimeWorld();

const REPLICA_NAME = (container: string) => new RegExp(`^${container}-[a-z0-9]{5}-[0-9]+$`);

async function replicaLogs(container: string) {
  return queryRows<{ replica: string; line: string }>(
    world.server.berth.database.db,
    sql`SELECT r.name AS replica, l.line FROM log_lines l JOIN container_replicas r ON r.id = l.source_id
        JOIN containers c ON c.id = r.container_id
        WHERE l.source_kind = 'replica' AND c.name = ${container} ORDER BY l.id`,
  );
}

describe('simulated runtime', () => {
  it('brings replicas up one by one to running, rolls them on modify and removes everything on delete', async () => {
    const created = await createContainer(world.alice, {
      name: 'web',
      namespace: 'runtime',
      image: 'nginx:1.27',
      ports: ['80'],
      healthCheck: { port: 80, path: '/healthz' },
      scaling: { manual: { replicas: 3 } },
    });
    expect(created).toMatchObject({
      state: 'creating',
      locked: true,
      numberOfReplicas: 3,
      availableReplicas: 0,
    });
    // The runtime starts on the change as soon as it is committed, so the answer may already list the first
    // replica pulling its image; nothing runs yet.
    expect(created.replicas.filter((replica) => replica.status !== 'pending')).toEqual([]);

    // Replicas appear one at a time: some moment shows a pending one pulling the image, and fewer than 3.
    const partway = await eventually('a replica pulling its image', async () => {
      const container = await containerByName(world.alice, 'runtime', 'web');
      const pulling = container.replicas.find((replica) => replica.status === 'pending');
      return pulling && container.replicas.length < 3 ? { container, pulling } : undefined;
    });
    expect(partway.pulling.statusMessage).toBe('Pulling image nginx:1.27');
    expect(partway.container.state).toBe('creating');

    const running = await waitForContainer(world.alice, 'runtime', 'web', 'running');
    expect(running.availableReplicas).toBe(3);
    expect(running.numberOfReplicas).toBe(3);
    expect(running.replicas.map((replica) => replica.name).sort()).toEqual(
      [1, 2, 3].map((n) => expect.stringMatching(new RegExp(`^web-[a-z0-9]{5}-${n}$`))),
    );
    for (const replica of running.replicas) {
      expect(replica).toMatchObject({ status: 'running', statusMessage: 'Started', image: 'nginx:1.27' });
      expect(replica.name).toMatch(REPLICA_NAME('web'));
    }
    const firstRevision = revisionOf(running.replicas[0]?.name ?? '');
    expect(new Set(running.replicas.map((replica) => revisionOf(replica.name)))).toEqual(
      new Set([firstRevision]),
    );

    // Start-up lines, then the health check answering while running.
    await eventually('health check log lines', async () => {
      const lines = await replicaLogs('web');
      return lines.some((entry) => entry.line.startsWith('GET /healthz 200')) ? lines : undefined;
    });
    const lines = (await replicaLogs('web')).map((entry) => entry.line);
    expect(lines).toContain('Pulling image nginx:1.27');
    expect(lines).toContain('Started container web');

    // A modification rolls: a new set comes up, the old one terminates.
    await world.alice.data(MODIFY_CONTAINER, {
      input: { name: 'web', namespace: 'runtime', image: 'nginx:1.28', scaling: { manual: { replicas: 2 } } },
    });
    const rolled = await waitForContainer(world.alice, 'runtime', 'web', 'running');
    expect(rolled.replicas).toHaveLength(2);
    expect(rolled.availableReplicas).toBe(2);
    const secondRevision = revisionOf(rolled.replicas[0]?.name ?? '');
    expect(secondRevision).not.toBe(firstRevision);
    expect(rolled.replicas.every((replica) => revisionOf(replica.name) === secondRevision)).toBe(true);
    expect(rolled.replicas.map((replica) => replica.image)).toEqual(['nginx:1.28', 'nginx:1.28']);

    await world.alice.data(DELETE_CONTAINER, { name: 'web', namespace: 'runtime' });
    const deleting = await containerByName(world.alice, 'runtime', 'web');
    expect(deleting).toMatchObject({ state: 'deleting', locked: true });
    await waitUntilContainerGone(world.alice, 'runtime', 'web');
    expect(await replicaLogs('web')).toEqual([]);
    const leftovers = await queryRows<{ count: number }>(
      world.server.berth.database.db,
      sql`SELECT count(*)::int AS count FROM container_replicas r LEFT JOIN containers c ON c.id = r.container_id WHERE c.id IS NULL OR c.name = 'web'`,
    );
    expect(leftovers[0]?.count).toBe(0);
  });

  it('fills a mounted volume slowly while the container runs, never beyond its size', async () => {
    await createContainer(world.alice, {
      name: 'writer',
      namespace: 'runtime',
      image: 'nginx',
      mounts: [{ path: '/var/data', volume: { name: 'writer-data', size: 1 } }],
    });
    await waitForContainer(world.alice, 'runtime', 'writer', 'running');
    const usage = await eventually('the volume to fill', async () => {
      const [row] = await queryRows<{ usage: string; size: number }>(
        world.server.berth.database.db,
        sql`SELECT usage_bytes::text AS usage, size_gb AS size FROM volumes WHERE name = 'writer-data'`,
      );
      return row && Number(row.usage) > 0 ? row : undefined;
    });
    expect(Number(usage.usage)).toBeLessThanOrEqual(usage.size * 1_000_000_000);
  });

  it('runs a container scaled to zero with no replicas', async () => {
    await createContainer(world.alice, {
      name: 'idle',
      namespace: 'runtime',
      image: 'nginx',
      scaling: { manual: { replicas: 0 } },
    });
    const idle = await waitForContainer(world.alice, 'runtime', 'idle', 'running');
    expect(idle).toMatchObject({ numberOfReplicas: 0, availableReplicas: 0, replicas: [] });
  });
});
