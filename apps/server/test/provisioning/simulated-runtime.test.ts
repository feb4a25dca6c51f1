import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  containerByName,
  createContainer,
  waitForContainer,
  waitUntilContainerGone,
  type ContainerView,
} from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The simulated runtime: replicas come up one by one, roll on change, scale, log, and go on delete.

let server: TestServer;
let alice: TestCustomer;

beforeAll(async () => {
  server = await startServer({ SIMULATED_DELAY_MS: '100' });
  ({ customer: alice } = await seed(server)
    .customer({ subscriptions: ['serverless-container'] })
    .namespace('runtime'));
});
afterAll(() => server.close());

const REPLICA_NAME = (container: string) => new RegExp(`^${container}-[a-z0-9]{5}-[0-9]+$`);
const revisionOf = (name: string) => name.split('-').at(-2);

async function replicaLogs(container: string) {
  return queryRows<{ replica: string; line: string }>(
    server.berth.database.db,
    sql`SELECT r.name AS replica, l.line FROM log_lines l JOIN container_replicas r ON r.id = l.source_id
        JOIN containers c ON c.id = r.container_id
        WHERE l.source_kind = 'replica' AND c.name = ${container} ORDER BY l.id`,
  );
}

/**
 * Resolves once the container has work due: its provisioning task, or its next simulated step. The simulated
 * runtime schedules steps on the database's clock (next_step_at against now()), so a test driving the loop
 * by hand waits for that condition rather than for a number of milliseconds.
 */
async function workDue(container: string) {
  await eventually(
    `work of ${container} to be due`,
    async () => {
      const [row] = await queryRows<{ due: boolean }>(
        server.berth.database.db,
        sql`SELECT EXISTS (SELECT 1 FROM simulated_containers s JOIN containers c ON c.id = s.container_id
                           WHERE c.name = ${container} AND s.next_step_at <= now())
                OR EXISTS (SELECT 1 FROM provisioning_tasks t JOIN containers c ON c.id = t.resource_id
                           WHERE t.resource_kind = 'container' AND c.name = ${container}
                             AND t.not_before <= now()) AS due`,
      );
      return row?.due ? true : undefined;
    },
    { intervalMs: 5 },
  );
}

describe('simulated runtime', () => {
  it('brings replicas up one by one to running, rolls them on modify and removes everything on delete', async () => {
    const created = await createContainer(alice, {
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
      const container = await containerByName(alice, 'runtime', 'web');
      const pulling = container.replicas.find((replica) => replica.status === 'pending');
      return pulling && container.replicas.length < 3 ? { container, pulling } : undefined;
    });
    expect(partway.pulling.statusMessage).toBe('Pulling image nginx:1.27');
    expect(partway.container.state).toBe('creating');

    const running = await waitForContainer(alice, 'runtime', 'web', 'running');
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
    await alice.data(MODIFY_CONTAINER, {
      input: { name: 'web', namespace: 'runtime', image: 'nginx:1.28', scaling: { manual: { replicas: 2 } } },
    });
    const rolled = await waitForContainer(alice, 'runtime', 'web', 'running');
    expect(rolled.replicas).toHaveLength(2);
    expect(rolled.availableReplicas).toBe(2);
    const secondRevision = revisionOf(rolled.replicas[0]?.name ?? '');
    expect(secondRevision).not.toBe(firstRevision);
    expect(rolled.replicas.every((replica) => revisionOf(replica.name) === secondRevision)).toBe(true);
    expect(rolled.replicas.map((replica) => replica.image)).toEqual(['nginx:1.28', 'nginx:1.28']);

    await alice.data(DELETE_CONTAINER, { name: 'web', namespace: 'runtime' });
    const deleting = await containerByName(alice, 'runtime', 'web');
    expect(deleting).toMatchObject({ state: 'deleting', locked: true });
    await waitUntilContainerGone(alice, 'runtime', 'web');
    expect(await replicaLogs('web')).toEqual([]);
    const leftovers = await queryRows<{ count: number }>(
      server.berth.database.db,
      sql`SELECT count(*)::int AS count FROM container_replicas r LEFT JOIN containers c ON c.id = r.container_id WHERE c.id IS NULL OR c.name = 'web'`,
    );
    expect(leftovers[0]?.count).toBe(0);
  });

  it('fills a mounted volume slowly while the container runs, never beyond its size', async () => {
    await createContainer(alice, {
      name: 'writer',
      namespace: 'runtime',
      image: 'nginx',
      mounts: [{ path: '/var/data', volume: { name: 'writer-data', size: 1 } }],
    });
    await waitForContainer(alice, 'runtime', 'writer', 'running');
    const usage = await eventually('the volume to fill', async () => {
      const [row] = await queryRows<{ usage: string; size: number }>(
        server.berth.database.db,
        sql`SELECT usage_bytes::text AS usage, size_gb AS size FROM volumes WHERE name = 'writer-data'`,
      );
      return row && Number(row.usage) > 0 ? row : undefined;
    });
    expect(Number(usage.usage)).toBeLessThanOrEqual(usage.size * 1_000_000_000);
  });

  it('runs a container scaled to zero with no replicas', async () => {
    await createContainer(alice, {
      name: 'idle',
      namespace: 'runtime',
      image: 'nginx',
      scaling: { manual: { replicas: 0 } },
    });
    const idle = await waitForContainer(alice, 'runtime', 'idle', 'running');
    expect(idle).toMatchObject({ numberOfReplicas: 0, availableReplicas: 0, replicas: [] });
  });

  it('keeps an autoscaled container between its minimum and maximum', async () => {
    const created = await createContainer(alice, {
      name: 'scaled',
      namespace: 'runtime',
      image: 'nginx',
      scaling: { auto: { replicas: { minimum: 2, maximum: 4 }, triggers: [{ type: 'CPU', threshold: 60 }] } },
    });
    expect(created).toMatchObject({
      numberOfReplicas: 2,
      autoScaling: { replicas: { minimum: 2, maximum: 4 }, triggers: [{ type: 'CPU', threshold: 60 }] },
    });
    await waitForContainer(alice, 'runtime', 'scaled', 'running', (found) => found.availableReplicas === 2);
    // Sampled until the simulated load has crossed the trigger and the count moved (not only stayed put),
    // every sample within the bounds: a condition, not a fixed number of samples a fixed time apart.
    const counts = new Set<number>();
    await eventually('the replica count to move', async () => {
      const container = await containerByName(alice, 'runtime', 'scaled');
      const live = container.replicas.filter((replica) => replica.status !== 'terminating').length;
      expect(live).toBeGreaterThanOrEqual(2);
      expect(live).toBeLessThanOrEqual(4);
      counts.add(live);
      return counts.size > 1 ? true : undefined;
    });
  });

  it('counts what the autoscaler wants, and never more available replicas than that, through a scale-up and a rolling update', async () => {
    // The loop is driven by hand, one step at a time, so that every state in between is looked at.
    const seen: ContainerView[] = [];
    async function step() {
      await workDue('surge'); // a rollout step is due 33 ms after the last, a steady one 133 ms
      await server.berth.provisioner.runDue();
      await server.berth.provisioner.reconcileRuntime();
      const container = await containerByName(alice, 'runtime', 'surge');
      expect(container.availableReplicas).toBeLessThanOrEqual(container.numberOfReplicas);
      expect(container.numberOfReplicas).toBeGreaterThanOrEqual(1);
      expect(container.numberOfReplicas).toBeLessThanOrEqual(3);
      seen.push(container);
      return container;
    }
    async function stepUntil(what: string, done: (container: ContainerView) => boolean) {
      for (let count = 0; count < 300; count += 1) {
        const container = await step();
        if (done(container)) return container;
      }
      throw new Error(`no step reached ${what}`);
    }

    await whileProvisionerPaused(server, async () => {
      await createContainer(alice, {
        name: 'surge',
        namespace: 'runtime',
        image: 'nginx:1.27',
        ports: ['80'],
        scaling: {
          auto: { replicas: { minimum: 1, maximum: 3 }, triggers: [{ type: 'CPU', threshold: 60 }] },
        },
      });
      // The simulated load crosses the threshold within a few seconds: the wanted count rises above the
      // minimum, and the replicas follow it.
      // At rest after it: every wanted replica available, none still starting (one that was would join the
      // rollout with the old image, as a replica of the running revision).
      const scaledUp = await stepUntil(
        'a scale-up',
        (container) =>
          container.availableReplicas >= 2 &&
          container.availableReplicas === container.numberOfReplicas &&
          !container.locked,
      );
      expect(scaledUp.state).toBe('running');
      expect(seen.some((container) => container.availableReplicas < container.numberOfReplicas)).toBe(true);

      await alice.data(MODIFY_CONTAINER, {
        input: { name: 'surge', namespace: 'runtime', image: 'nginx:1.28' },
      });
      seen.length = 0;
      const rolled = await stepUntil(
        'the end of the rolling update',
        (container) => container.state === 'running' && !container.locked,
      );
      // A rolling update keeps the autoscaled count instead of falling back to the minimum.
      expect(seen.every((container) => container.numberOfReplicas >= 2)).toBe(true);
      // New replicas showed the new image beside old ones still running the previous one.
      const mixed = seen.find(
        (container) => new Set(container.replicas.map((replica) => replica.image)).size > 1,
      );
      expect(mixed).toBeDefined();
      for (const replica of mixed?.replicas ?? []) {
        const isNew = !scaledUp.replicas.some((old) => old.name === replica.name);
        expect(replica.image).toBe(isNew ? 'nginx:1.28' : 'nginx:1.27');
      }
      expect(
        rolled.replicas.filter((replica) => replica.status !== 'terminating').map((replica) => replica.image),
      ).toEqual(Array.from({ length: rolled.numberOfReplicas }, () => 'nginx:1.28'));
    });
  });

  it('scales the running revision from its own image while a saved change waits to be rolled out', async () => {
    await createContainer(alice, {
      name: 'pending-change',
      namespace: 'runtime',
      image: 'nginx:1.27',
      scaling: { manual: { replicas: 1 } },
    });
    const before = await waitForContainer(alice, 'runtime', 'pending-change', 'running');
    await whileProvisionerPaused(server, async () => {
      await alice.data(MODIFY_CONTAINER, {
        input: {
          name: 'pending-change',
          namespace: 'runtime',
          image: 'nginx:1.28',
          scaling: { manual: { replicas: 2 } },
        },
      });
      // The runtime steps on before the change is handed to it: the running revision grows by one.
      const grown = await eventually('the running revision to add a replica', async () => {
        await workDue('pending-change');
        await server.berth.provisioner.reconcileRuntime();
        const container = await containerByName(alice, 'runtime', 'pending-change');
        return container.replicas.length === 2 ? container : undefined;
      });
      const revision = revisionOf(before.replicas[0]?.name ?? '');
      expect(grown.replicas.map((replica) => [revisionOf(replica.name), replica.image])).toEqual([
        [revision, 'nginx:1.27'],
        [revision, 'nginx:1.27'],
      ]);
    });
    const rolled = await waitForContainer(alice, 'runtime', 'pending-change', 'running');
    expect(rolled.replicas.map((replica) => replica.image)).toEqual(['nginx:1.28', 'nginx:1.28']);
  });

  it('stands still while the loop is stopped, and carries on from the database once it starts again', async () => {
    await server.berth.provisioner.stop();
    await createContainer(alice, {
      name: 'resumed',
      namespace: 'runtime',
      image: 'nginx',
      scaling: { manual: { replicas: 2 } },
    });
    // Nothing advances while stopped, but one reconcile pass can be driven by hand. Once the first step is
    // due it is still there to take: the stopped loop left it (no replica yet).
    await server.berth.provisioner.runDue();
    await workDue('resumed');
    expect((await containerByName(alice, 'runtime', 'resumed')).replicas).toEqual([]);
    await server.berth.provisioner.runDue();
    await server.berth.provisioner.reconcileRuntime();
    const stepped = await containerByName(alice, 'runtime', 'resumed');
    expect(stepped.state).toBe('creating');
    server.berth.provisioner.start();
    const resumed = await waitForContainer(alice, 'runtime', 'resumed', 'running');
    expect(resumed.availableReplicas).toBe(2);
  });
});
