import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { createRunStarter } from '../../src/modules/container-jobs/runs.ts';
import { createRuntimeReports } from '../../src/modules/runtime-reports/reports.ts';
import { createSimulatedDriver } from '../../src/provisioning/simulated/driver.ts';
import { createScheduler, type Scheduler } from '../../src/modules/container-jobs/scheduler/scheduler.ts';
import { STARTING_DEADLINE_MS } from '../../src/provisioning/runtime-state.ts';
import { createSecretBox, SECRET_KEY_BYTES } from '../../src/secrets/crypto.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

// The scheduler against a real database with an injected clock: simulated hours pass in milliseconds.

let testDatabase: TestDatabase;
let database: Database;
let namespaceId: number;
const errors: unknown[] = [];
const log = { error: (payload: object) => errors.push(payload) };

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase({ dataDir: testDatabase.dataDir, databaseUrl: testDatabase.databaseUrl });
  const [customer] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO customers (name) VALUES ('Scheduler test') RETURNING id`,
  );
  const [namespace] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO namespaces (customer_id, name, internal_name, state, locked)
        VALUES (${customer?.id}, 'cron', 'cron-internal', 'created', false) RETURNING id`,
  );
  namespaceId = namespace?.id ?? 0;
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});
afterEach(async () => {
  expect(errors).toEqual([]);
  await database.db.execute(sql`DELETE FROM container_jobs`);
});

/** A clock the test moves by hand. */
function manualClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    set: (time: string) => (now = new Date(time)),
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

function scheduler(clock: { now: () => Date }, db: Database = database): Scheduler {
  return createScheduler({
    database: db,
    startRun: createRunStarter({
      driver: createSimulatedDriver({ delayMs: 0, reports: createRuntimeReports() }),
      secretBox: createSecretBox(randomBytes(SECRET_KEY_BYTES)),
    }),
    log,
    clock: clock.now,
  });
}

/** A created job straight in the database; next_run_at null: the scheduler's start plans it. */
async function insertJob(name: string, schedule: string, enabled = true) {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO container_jobs (namespace_id, name, image, resources, schedule, enabled, state, locked)
        VALUES (${namespaceId}, ${name}, 'alpine:3.20', 'CPU_250_RAM_500', ${schedule}, ${enabled}, 'created', false)
        RETURNING id`,
  );
  return row?.id ?? 0;
}

async function scheduledTimes(name: string) {
  const rows = await queryRows<{ scheduled_at: Date | string; trigger: string }>(
    database.db,
    sql`SELECT r.scheduled_at, r.trigger FROM container_job_runs r JOIN container_jobs j ON j.id = r.job_id
        WHERE j.name = ${name} ORDER BY r.scheduled_at`,
  );
  expect(rows.every((row) => row.trigger === 'schedule')).toBe(true);
  return rows.map((row) => new Date(row.scheduled_at).toISOString());
}

/** Every `stepMs` from now up to `until`, one pass of each scheduler (together, as separate processes). */
async function runUntil(
  clock: ReturnType<typeof manualClock>,
  until: string,
  stepMs: number,
  schedulers: Scheduler[],
) {
  let started = 0;
  while (clock.now().getTime() < Date.parse(until)) {
    clock.advance(stepMs);
    const passes = await Promise.all(schedulers.map((each) => each.runDue()));
    started += passes.reduce((sum, pass) => sum + pass.started, 0);
  }
  return started;
}

const fiveMinutesFrom = (start: string, count: number) =>
  Array.from({ length: count }, (_, index) =>
    new Date(Date.parse(start) + (index + 1) * 300_000).toISOString(),
  );

describe('scheduler', () => {
  it('runs a */5 job 12 times over an hour, at each scheduled time, and an hourly job once', async () => {
    await insertJob('every-five', '*/5 * * * *');
    await insertJob('hourly', '0 * * * *');
    const clock = manualClock('2030-01-07T00:00:00Z');
    const one = scheduler(clock);
    expect(await one.plan()).toBe(2);
    const started = await runUntil(clock, '2030-01-07T01:00:00Z', 20_000, [one]);
    expect(started).toBe(13);
    expect(await scheduledTimes('every-five')).toEqual(fiveMinutesFrom('2030-01-07T00:00:00Z', 12));
    expect(await scheduledTimes('hourly')).toEqual(['2030-01-07T01:00:00.000Z']);
  });

  it('starts each run exactly once when two schedulers share the database', async () => {
    for (let index = 0; index < 15; index++) await insertJob(`shared-${index}`, '*/5 * * * *');
    // Two processes: on PostgreSQL two connection pools racing for the same rows; PGlite has one connection.
    const second = testDatabase.databaseUrl
      ? await openDatabase({ dataDir: testDatabase.dataDir, databaseUrl: testDatabase.databaseUrl })
      : database;
    try {
      const clock = manualClock('2030-01-07T00:00:00Z');
      const [one, two] = [scheduler(clock), scheduler(clock, second)];
      await Promise.all([one.plan(), two.plan()]);
      const started = await runUntil(clock, '2030-01-07T00:30:00Z', 15_000, [one, two]);
      expect(started).toBe(15 * 6);
      for (let index = 0; index < 15; index++) {
        expect(await scheduledTimes(`shared-${index}`)).toEqual(fiveMinutesFrom('2030-01-07T00:00:00Z', 6));
      }
    } finally {
      if (second !== database) await second.close();
    }
  });

  it('does not run disabled jobs', async () => {
    await insertJob('paused', '* * * * *', false);
    const clock = manualClock('2030-01-07T00:00:00Z');
    const one = scheduler(clock);
    expect(await one.plan()).toBe(0);
    expect(await runUntil(clock, '2030-01-07T00:10:00Z', 30_000, [one])).toBe(0);
    expect(await scheduledTimes('paused')).toEqual([]);
  });

  it('after a restart skips the runs missed while no process was up and goes on at the next time', async () => {
    await insertJob('resilient', '*/5 * * * *');
    const clock = manualClock('2030-01-07T00:00:00Z');
    const before = scheduler(clock);
    await before.plan();
    await runUntil(clock, '2030-01-07T00:10:00Z', 30_000, [before]);
    // Down from 00:10 to 01:02: eleven runs fall in the gap.
    clock.set('2030-01-07T01:02:00Z');
    const after = scheduler(clock);
    expect(await after.plan()).toBe(1);
    expect((await after.runDue()).started).toBe(0);
    await runUntil(clock, '2030-01-07T01:10:00Z', 30_000, [after]);
    expect(await scheduledTimes('resilient')).toEqual([
      '2030-01-07T00:05:00.000Z',
      '2030-01-07T00:10:00.000Z',
      '2030-01-07T01:05:00.000Z',
      '2030-01-07T01:10:00.000Z',
    ]);
  });

  it('still starts a run found late within the starting deadline, and skips one found later', async () => {
    await insertJob('late', '0 * * * *');
    const clock = manualClock('2030-01-07T00:30:00Z');
    const one = scheduler(clock);
    await one.plan();
    clock.set(new Date(Date.parse('2030-01-07T01:00:00Z') + STARTING_DEADLINE_MS - 1000).toISOString());
    expect((await one.runDue()).started).toBe(1);
    clock.set(new Date(Date.parse('2030-01-07T02:00:00Z') + STARTING_DEADLINE_MS + 1000).toISOString());
    expect(await one.runDue()).toEqual({ due: 1, started: 0 });
    expect(await scheduledTimes('late')).toEqual(['2030-01-07T01:00:00.000Z']);
  });
});
