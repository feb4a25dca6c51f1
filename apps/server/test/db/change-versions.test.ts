import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { customers } from '../../src/db/schema.ts';
import {
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  waitForContainer,
  waitUntilContainerGone,
} from '../support/containers.ts';
import { RUN_JOB } from '../support/container-jobs.ts';
import { eventually } from '../support/http.ts';
import { namespaceNames } from '../support/namespaces.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// Every customer has a change version (migration 0033), advanced by triggers in the transaction of every
// change to what their namespaces hold: what customers change, what the runtime reports, what waits for the
// runtime. Reads change nothing, nor do reports that repeat what is recorded, nor other customers' changes.

const suite = useServer();

describe("a customer's change version", () => {
  it('advances with their changes and the runtime’s news of them, and only with those', async () => {
    const shop = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('shop');
    const other = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('other');
    const { db } = suite.server.berth.database;
    const versionOf = async (customerId: number) => {
      const [row] = await db
        .select({ version: customers.changeVersion })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.version ?? -1;
    };
    const alice = shop.customer;
    const bob = other.customer;
    /** Runs `change` (which waits until what it changed has settled) and resolves with how far alice's version moved. */
    async function advanceOf(change: () => Promise<unknown>) {
      const before = await versionOf(alice.customerId);
      await change();
      return (await versionOf(alice.customerId)) - before;
    }

    const bobBefore = await versionOf(bob.customerId);
    expect(
      await advanceOf(() => shop.container({ name: 'web', image: 'nginx:1.27', ports: ['80'] })),
    ).toBeGreaterThan(0);
    expect(await advanceOf(() => shop.volume('data', 10))).toBeGreaterThan(0);
    expect(
      await advanceOf(() => shop.registry({ name: 'private', source: 'registry.example.com' })),
    ).toBeGreaterThan(0);
    expect(
      await advanceOf(async () => {
        await shop.job({
          name: 'nightly',
          image: 'busybox:1.36',
          resources: 'CPU_250_RAM_500',
          schedule: '0 3 * * *',
          command: ['true'],
        });
        // A run the runtime carries out: recorded, started and finished by its reports.
        const { containerJobRun } = await alice.data(RUN_JOB, { name: 'nightly', namespace: 'shop' });
        await eventually('the run finished', async () => {
          const [run] = await queryRows<{ status: string }>(
            db,
            sql`SELECT status FROM container_job_runs WHERE name = ${containerJobRun.name}`,
          );
          return run?.status === 'succeeded' || run?.status === 'failed' ? run : undefined;
        });
      }),
    ).toBeGreaterThan(0);

    // A change rolled out by the runtime: the change, its queued task, the new replica, the old one's stop.
    const modified = await advanceOf(async () => {
      await alice.data(MODIFY_CONTAINER, { input: { namespace: 'shop', name: 'web', image: 'nginx:1.28' } });
      await waitForContainer(alice, 'shop', 'web', 'running');
    });
    expect(modified).toBeGreaterThan(1);

    // Reading changes nothing; nor did any of it move bob's version.
    expect(
      await advanceOf(async () => {
        await namespaceNames(alice);
        await alice
          .data(MODIFY_CONTAINER, { input: { namespace: 'shop', name: 'nope', image: 'x' } })
          .catch(() => undefined);
      }),
    ).toBe(0);
    expect(await versionOf(bob.customerId)).toBe(bobBefore);

    // What decides what the customer may see is a change too: its standing (and its subscriptions, below).
    expect(
      await advanceOf(() =>
        db.update(customers).set({ suspendedReason: 'unpaid' }).where(eq(customers.id, alice.customerId)),
      ),
    ).toBe(1);
    expect(
      await advanceOf(() =>
        db.update(customers).set({ suspendedReason: null }).where(eq(customers.id, alice.customerId)),
      ),
    ).toBe(1);

    // A report that repeats what is recorded is no change.
    const unchanged = await advanceOf(() =>
      db.execute(sql`UPDATE containers SET image = image WHERE name = 'web'`),
    );
    expect(unchanged).toBe(0);

    expect(
      await advanceOf(async () => {
        await alice.data(DELETE_CONTAINER, { namespace: 'shop', name: 'web' });
        await waitUntilContainerGone(alice, 'shop', 'web');
      }),
    ).toBeGreaterThan(0);
    expect(
      await advanceOf(() =>
        db.execute(
          sql`DELETE FROM entitlements WHERE customer_id = ${alice.customerId} AND product = 'serverless-container'`,
        ),
      ),
    ).toBe(1);
    expect(await versionOf(bob.customerId)).toBe(bobBefore);
  });

  it("is kept by every table that holds a part of a customer's namespaces, or says why not", async () => {
    // Tables that refer to a customer's resources and change nothing a namespace's pages show: the runtime's
    // output and the events (read through their own APIs: logs, paged events), the simulated runtime's own
    // state, and billing's checkouts and subscriptions (the billing pages').
    const unwatched = new Set([
      'log_lines',
      'resource_events',
      'simulated_containers',
      'billing_sessions',
      'billing_subscriptions',
    ]);
    const rows = await queryRows<{ table_name: string; watched: boolean }>(
      suite.server.berth.database.db,
      sql`SELECT c.table_name,
                 EXISTS (SELECT 1 FROM information_schema.triggers t
                         WHERE t.event_object_table = c.table_name
                           AND t.action_statement LIKE '%advance_change_version%') AS watched
          FROM information_schema.columns c
          WHERE c.table_schema = current_schema()
            AND c.column_name IN ('namespace_id', 'container_id', 'job_id', 'cluster_id', 'queue_id',
                                  'connection_id', 'resource_id')
          GROUP BY c.table_name ORDER BY c.table_name`,
    );
    const unexplained = rows
      .filter((row) => !row.watched && !unwatched.has(row.table_name))
      .map((row) => row.table_name);
    expect(unexplained).toEqual([]);
  });
});
