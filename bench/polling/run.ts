// Open portal tabs polling a namespace screen: BENCH_TABS tabs (100), each its own signed-in customer (so
// nothing is shared between them, as with customers of a real cloud), each refreshing the five slices of
// its namespace screen (the namespace, its containers, container jobs, registries and volumes, with the
// portal's own queries) every BENCH_INTERVAL_MS (5000) for BENCH_SECONDS (60). Each namespace holds 5
// containers, 2 container jobs with a finished run, 3 volumes and 2 registries.
// The tabs run in a second process; the server's CPU is process.cpuUsage() of this one (with PGlite the
// database runs here too; PostgreSQL's own processes are not counted). The simulated runtime is paused
// while the tabs poll (below). Budget: p95 <= 100 ms on 2 cores.
// Needs the portal's generated queries (npm run codegen).
// Run: node --import tsx bench/polling/run.ts   (DATABASE_URL=... to measure PostgreSQL)
import { fork } from 'node:child_process';
import { graphql, seedCustomer, seedNamespaces, startPlatform } from '../support/platform.ts';
import { SLICES } from './slices.ts';
import type { TabsPlan, TabsResult } from './tabs.ts';

const TABS = Number(process.env.BENCH_TABS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 5000);
const NAMESPACE_SIZE = { containers: 5, containerJobs: 2, volumes: 3, registries: 2 };

// Tokens must outlive the run (the portal would refresh them).
const platform = await startPlatform({ ACCESS_TOKEN_TTL_SECONDS: String(Math.max(300, SECONDS + 120)) });
const { berth } = platform;

/** The value at quantile q (0..1) of sorted values, nearest rank. */
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

/** Starts the tabs process; `measure` runs the plan once it is ready, timing the server while it runs. */
function startTabs() {
  const child = fork(new URL('./tabs.ts', import.meta.url), { stdio: 'inherit' });
  const message = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the tabs process exited with ${code}`)));
    });
  const ready = message();
  return {
    async measure(plan: TabsPlan) {
      await ready;
      child.send(plan);
      await message(); // warm: every tab has shown its screen once
      const [cpu, started] = [process.cpuUsage(), performance.now()];
      const result = (await message()) as TabsResult;
      return { result, ...serverCpu(cpu, started) };
    },
  };
}

/** This process's CPU since `cpu` was taken at `started`, as % of one core. */
function serverCpu(cpu: NodeJS.CpuUsage, started: number) {
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, oneCore: ((used.user + used.system) / 1000 / wallMs) * 100 };
}

const percent = (oneCore: number) =>
  `${oneCore.toFixed(1)} % of one core, ${(oneCore / 2).toFixed(1)} % of 2 cores`;

try {
  const url = await platform.listen();
  // Seeding drives provisioning by hand. The provisioner's loop stays stopped while the tabs poll: with
  // nothing to change, its work would be the simulated runtime's (a stand-in for a runtime that is not
  // part of the server: replicas, log lines, volume growth), which SIMULATED_DELAY_MS=0 steps without pause.
  await berth.provisioner.stop();
  const seeding = performance.now();
  const tabs: TabsPlan['tabs'] = [];
  while (tabs.length < TABS) {
    const batch = Math.min(10, TABS - tabs.length);
    const customers = await Promise.all(Array.from({ length: batch }, () => seedCustomer(platform, url, 0)));
    tabs.push(...customers.map(({ token }) => ({ token, namespace: 'shop' })));
  }
  await seedNamespaces(platform, url, tabs, NAMESPACE_SIZE);
  console.log(`seeded ${TABS} customers in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  const tabsProcess = startTabs();

  // The server's own background work (the scheduler's loop) with no tab open.
  const [idleCpu, idleStarted] = [process.cpuUsage(), performance.now()];
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idle = serverCpu(idleCpu, idleStarted);

  const { result, wallMs, oneCore } = await tabsProcess.measure({
    url,
    tabs,
    seconds: SECONDS,
    intervalMs: INTERVAL_MS,
  });

  // SQL statements of one tab's five slices, counted with the scheduler stopped too.
  await berth.scheduler.stop();
  const statements: string[] = [];
  for (const slice of SLICES) {
    platform.counter.statements = 0;
    await graphql(url, tabs[0]?.token ?? '', slice.query, slice.variables('shop'));
    statements.push(`${slice.name} ${platform.counter.statements}`);
  }

  const sorted = result.latencies.sort((a, b) => a - b);
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(sorted, q)) as [number, number, number];
  const ms = (value = NaN) => `${value.toFixed(1)} ms`;
  console.log(
    `database: ${berth.database.kind}, ${TABS} tabs (one customer each) x 5 slices every ${INTERVAL_MS} ms, ${SECONDS} s`,
  );
  console.log(
    `requests: ${sorted.length} (${((sorted.length / wallMs) * 1000).toFixed(1)}/s), errors: ${result.errors}`,
  );
  for (const message of result.firstErrors) console.log(`  error: ${message}`);
  console.log(`latency: p50 ${ms(p50)}, p95 ${ms(p95)}, p99 ${ms(p99)}, max ${ms(sorted.at(-1))}`);
  const cpuPerRequest = (oneCore / 100) * (wallMs / Math.max(1, sorted.length));
  console.log(
    `server CPU: ${percent(oneCore)}, ${cpuPerRequest.toFixed(1)} ms per request (idle, no tab open: ${percent(idle.oneCore)})`,
  );
  console.log(`SQL statements per slice: ${statements.join(', ')}`);
  console.log(`p95 budget <= 100 ms: ${p95 <= 100 ? 'met' : 'MISSED'}`);
} finally {
  await platform.close();
}
