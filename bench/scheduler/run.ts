// The container job scheduler with 10,000 enabled jobs on varied crontab schedules, all stale (next_run_at a
// day in the past, as after downtime): the wall time of the start-up plan (scheduler.plan()), the CPU of the
// scheduler's polling over one idle minute (no run falls due in it), and memory. Only the scheduler runs: no
// HTTP server, no provisioner.
// Run: node --import tsx bench/scheduler/run.ts [--seconds N]   (DATABASE_URL=... to measure PostgreSQL)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { getFields, type CronField } from '@berth/cron';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { containerJobs, customers, namespaces } from '../../apps/server/src/db/schema.ts';
import { nextRunAfter } from '../../apps/server/src/modules/container-jobs/schedule.ts';
import { createRunStarter } from '../../apps/server/src/modules/container-jobs/runs.ts';
import { createRuntimeReports } from '../../apps/server/src/modules/runtime-reports/reports.ts';
import { createSimulatedDriver } from '../../apps/server/src/provisioning/simulated/driver.ts';
import { createScheduler } from '../../apps/server/src/modules/container-jobs/scheduler/scheduler.ts';
import { createSecretBox, SECRET_KEY_BYTES } from '../../apps/server/src/secrets/crypto.ts';

const JOBS = 10_000;
const INSERT_BATCH = 1_000;
const PLAN_BUDGET_MS = 1_000;
const CPU_BUDGET_PERCENT = 1;
const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
const SECONDS = Number(args.seconds);
if (!(SECONDS > 0)) throw new Error(`--seconds must be a positive number, not ${args.seconds}`);
// No schedule may run from the bench's start until the idle measurement ends; seeding and planning come first.
const QUIET_MS = SECONDS * 1000 + 120_000;

// A fixed seed keeps the drawn schedules the same from run to run (mulberry32); which of them are kept
// depends on the time of day (see quietSchedules).
let seed = 0x5c4ed;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

/** A value, a range, a step over the field or a step over a range. */
function item(field: CronField): string {
  const a = between(field.min, field.max);
  const b = between(a, field.max);
  const step = between(2, Math.ceil((field.max - field.min + 1) / 3));
  switch (between(0, 3)) {
    case 0:
      return String(a);
    case 1:
      return `${a}-${b}`;
    case 2:
      return `*/${step}`;
    default:
      return `${a}-${b}/${step}`;
  }
}

// How often each field (minute, hour, day of month, month, day of week) is left at `*`, as in real crontabs:
// minutes hardly ever, months mostly.
const ANY_SHARE = [0.05, 0.35, 0.7, 0.8, 0.7];

function schedule(): string {
  return getFields('crontab')
    .map((field, index) => {
      if (random() < (ANY_SHARE[index] ?? 0)) return '*';
      if (random() < 0.75) return item(field);
      return Array.from({ length: between(2, 4) }, () => item(field)).join(',');
    })
    .join(' ');
}

/** JOBS drawn schedules whose first run after `from` comes after the quiet span; the others are redrawn. */
function quietSchedules(from: Date) {
  const kept: string[] = [];
  let redrawn = 0;
  while (kept.length < JOBS) {
    const drawn = schedule();
    const next = nextRunAfter(drawn, from);
    if (next && next.getTime() > from.getTime() + QUIET_MS) kept.push(drawn);
    else redrawn += 1;
  }
  return { kept, redrawn };
}

/** PGlite in a temporary folder, or a fresh database on the DATABASE_URL server; migrated. */
async function openBenchDatabase(onQuery: () => void) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'berth-bench-'));
  const serverUrl = process.env.DATABASE_URL || undefined;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `berth_bench_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const drop = async () => {
    if (serverUrl) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const database = await openDatabase({ dataDir, databaseUrl, onQuery });
    return {
      database,
      async close() {
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function count(database: Database, query: string): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/**
 * CPU milliseconds so far of each server process serving this database, read from /proc: PostgreSQL on this
 * machine only (on another one, or on PGlite, undefined).
 */
async function serverCpu(database: Database): Promise<Map<number, number> | undefined> {
  if (database.kind !== 'postgres') return undefined;
  const result = (await database.db.execute(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  )) as unknown as { rows: { pid: number }[] };
  const cpu = new Map<number, number>();
  for (const { pid } of result.rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (!stat?.startsWith(`${pid} (postgres)`)) return undefined;
    // After the command name: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
  }
  return cpu;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
function memory() {
  const { rss, heapUsed } = process.memoryUsage();
  return `RSS ${megabytes(rss)}, heap used ${megabytes(heapUsed)}`;
}
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

const start = new Date();
const { kept, redrawn } = quietSchedules(start);
let statements = 0;
const { database, close } = await openBenchDatabase(() => (statements += 1));
const failures: string[] = [];
const log = {
  error(payload: object, message: string) {
    console.error(message, payload);
    failures.push(`the scheduler logged an error: ${message}`);
  },
};
const scheduler = createScheduler({
  database,
  startRun: createRunStarter({
    driver: createSimulatedDriver({ delayMs: 1000, reports: createRuntimeReports() }),
    secretBox: createSecretBox(randomBytes(SECRET_KEY_BYTES)),
  }),
  log,
});

try {
  const memoryBeforeSeeding = memory();
  const seedStart = performance.now();
  const { db } = database;
  const [customer] = await db.insert(customers).values({ name: 'Bench' }).returning();
  if (!customer) throw new Error('seed customer missing');
  const [namespace] = await db
    .insert(namespaces)
    .values({
      customerId: customer.id,
      name: 'bench',
      internalName: 'ns-bench',
      state: 'created',
      locked: false,
    })
    .returning();
  if (!namespace) throw new Error('seed namespace missing');
  const missedRun = new Date(start.getTime() - 24 * 3600_000);
  for (let offset = 0; offset < JOBS; offset += INSERT_BATCH) {
    await db.insert(containerJobs).values(
      kept.slice(offset, offset + INSERT_BATCH).map((cron, index) => ({
        namespaceId: namespace.id,
        name: `job-${offset + index}`,
        image: 'busybox:1.37',
        resources: 'CPU_250_RAM_500',
        command: ['sh', '-c', 'date'],
        schedule: cron,
        enabled: true,
        nextRunAt: missedRun,
        state: 'created',
        locked: false,
      })),
    );
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const planStart = performance.now();
  const planned = await scheduler.plan();
  const planMs = performance.now() - planStart;
  const unplanned = await count(
    database,
    'SELECT count(*)::int AS count FROM container_jobs WHERE next_run_at IS NULL OR next_run_at <= now()',
  );
  if (planned !== JOBS) failures.push(`plan() planned ${planned} jobs, not ${JOBS}`);
  if (unplanned > 0) failures.push(`${unplanned} jobs have no future next_run_at after plan()`);
  const memoryAfterPlanning = memory();
  // The part of planning spent outside the database: the same schedule arithmetic without any SQL.
  const computeStart = performance.now();
  for (const cron of kept) nextRunAfter(cron, new Date());
  const computeMs = performance.now() - computeStart;
  if (Date.now() + SECONDS * 1000 >= start.getTime() + QUIET_MS) {
    throw new Error('seeding and planning took so long that runs may fall due during the idle measurement');
  }

  const distinct = new Set(kept).size;
  console.log(
    `database: ${database.kind}; ${JOBS} enabled jobs, ${distinct} distinct crontab schedules ` +
      `(${redrawn} drawn ones redrawn: a run within ${QUIET_MS / 1000} s of the start, or none)`,
  );
  console.log('only the scheduler runs: no HTTP server, no provisioner');
  console.log(`seeding: ${seedSeconds.toFixed(1)} s`);
  console.log(
    `planning ${JOBS} jobs: ${planMs.toFixed(0)} ms (budget < ${PLAN_BUDGET_MS} ms: ${verdict(planMs < PLAN_BUDGET_MS)}); ` +
      `planned ${planned}, without a future next_run_at afterwards: ${unplanned}`,
  );
  console.log(
    `  of which schedule arithmetic (nextRunAfter for every job, no SQL): ~${computeMs.toFixed(0)} ms`,
  );

  await scheduler.start(); // plans again (nothing is stale now), then polls every pollMs
  const serverBefore = await serverCpu(database);
  statements = 0;
  const cpuBefore = process.cpuUsage();
  const idleStart = performance.now();
  await sleep(SECONDS * 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const idleMs = performance.now() - idleStart;
  const idleStatements = statements;
  const serverAfter = await serverCpu(database);
  await scheduler.stop();
  const memoryAfterIdle = memory();
  const runs = await count(database, 'SELECT count(*)::int AS count FROM container_job_runs');
  if (runs > 0) failures.push(`${runs} runs started during the idle span`);
  if (idleStatements === 0) failures.push('the scheduler did not poll during the idle span');

  const cpuPercent = ((cpu.user + cpu.system) / 1000 / idleMs) * 100;
  console.log(
    `idle CPU over ${(idleMs / 1000).toFixed(0)} s: ${cpuPercent.toFixed(2)} % of one core ` +
      `(budget < ${CPU_BUDGET_PERCENT} %: ${verdict(cpuPercent < CPU_BUDGET_PERCENT)}); this process` +
      `${database.kind === 'pglite' ? ', PGlite included' : ''}; ${idleStatements} SQL statements issued`,
  );
  if (serverBefore && serverAfter) {
    const serverMs = [...serverAfter].reduce((sum, [pid, ms]) => sum + ms - (serverBefore.get(pid) ?? 0), 0);
    const gone = [...serverBefore.keys()].filter((pid) => !serverAfter.has(pid)).length;
    console.log(
      `  PostgreSQL server processes of the bench database: ${((serverMs / idleMs) * 100).toFixed(2)} % of one core` +
        `${gone > 0 ? ` (${gone} exited meanwhile, not counted)` : ''}, outside the budget`,
    );
  }
  console.log(`runs started during the idle span (container_job_runs rows): ${runs} (must be 0)`);
  console.log(`memory before seeding:      ${memoryBeforeSeeding}`);
  console.log(`memory after planning:      ${memoryAfterPlanning}`);
  console.log(`memory after the idle span: ${memoryAfterIdle}`);
} finally {
  await scheduler.stop();
  await close();
}
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAILED: ${failure}`);
  process.exitCode = 1;
}
