// Console logs under load, on one server.
// 1. Live tails: 100 tails (containerLogTail over SSE, from a second process) of 20 containers (5 each, one
//    replica per container) while lines are written at 200 lines/s for 20 s, round-robin over the replicas,
//    each as its own INSERT as the simulated runtime writes them. Each line carries its write time, so the
//    tail that receives it measures write → delivery (budget p95 < 500 ms); every tail must receive every
//    line of its container. The server's CPU is process.cpuUsage() of this process (with PGlite the
//    database runs here too; PostgreSQL's own processes are not counted; the writes are counted), also for
//    5 s of the same writes before any tail opens and for 5 s of open tails with nothing written.
// 2. The log query: containerLogs of one replica holding 100,000 lines, NEWEST_FIRST, limit 200, without a
//    filter, with a filter 1 % of lines match and with one no line matches: median and p95 of 50 requests
//    each (budget p95 < 50 ms).
// 3. Log history: containerLogs of one container with 1,000,000 lines of 50 replicas (one running, 49 stopped
//    or replaced) over the 7 days retention keeps, for the last hour of every replica (`includeStopped`),
//    without a filter, with one 1 % of lines match and with one no line matches (budget p95 < 50 ms).
// The server listens without berth.listen(), so none of its background loops run: not the provisioner
// (whose simulated runtime would write lines of its own), not the scheduler, and above all not the log
// retention, which berth.listen() starts every 5 minutes and which would cut the replica of part 2 to
// RETENTION.perReplica lines.
// Run: node --import tsx bench/log-tail/run.ts   (DATABASE_URL=... to measure PostgreSQL; --query-only for part 2 alone)
import { fork } from 'node:child_process';
import { appendLogLines, type WritingSource } from '../../apps/server/src/modules/logs/store.ts';
import { seedCustomer, seedNamespaces, startPlatform } from '../support/platform.ts';
import { benchLine, clock } from './lines.ts';
import type { TailsPlan, TailsResult } from './tails.ts';

const TAILS = 100;
const CONTAINERS = 20;
const LINES_PER_SECOND = 200;
const WRITE_SECONDS = 20;
/** How long the tails may take to receive the last lines after the writes end. */
const DRAIN_MS = 3000;
const QUERY_LINES = 100_000;
const QUERY_REQUESTS = 50;
const HISTORY_LINES = 1_000_000;
const HISTORY_REPLICAS = 50;
const HISTORY_DAYS = 7;
const budgets = { tailP95Ms: 500, queryP95Ms: 50 };
/** Of its own on every run: custom domains of the seeded containers must be unique in a kept PostgreSQL. */
const NAMESPACE = `logs-${Date.now().toString(36)}`;
const queryOnly = process.argv.includes('--query-only');

const platform = await startPlatform({ ACCESS_TOKEN_TTL_SECONDS: '3600' });
const { berth } = platform;
const { db } = berth.database;

/** The value at quantile q (0..1) of sorted values, nearest rank. */
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const ms = (value = NaN) => `${value.toFixed(1)} ms`;
const verdict = (value: number, budget: number) => (value < budget ? 'within budget' : 'OVER BUDGET');
/** The rows of a statement of the bench's own (no parameters). */
const rows = async <T>(statement: string) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

/** What `work` answers, and this process's CPU while it ran, as % of one core. */
async function cpuDuring<T>(work: () => Promise<T>) {
  const [cpu, started] = [process.cpuUsage(), performance.now()];
  const result = await work();
  const used = process.cpuUsage(cpu);
  return { result, oneCore: ((used.user + used.system) / 1000 / (performance.now() - started)) * 100 };
}
/** SQL statements the server runs in the next second. */
async function statementsPerSecond() {
  platform.counter.statements = 0;
  await sleep(1000);
  return platform.counter.statements;
}
const percent = (oneCore: number) => `${oneCore.toFixed(1)} % of one core`;

/** Starts the tails process and opens the plan's tails; `stop` closes them and answers what they received. */
async function openTails(plan: TailsPlan) {
  const child = fork(new URL('./tails.ts', import.meta.url), { stdio: 'inherit' });
  const message = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the tails process exited with ${code}`)));
    });
  const ready = message();
  child.send(plan);
  await ready;
  return {
    async stop() {
      const result = message();
      child.send('stop');
      return (await result) as TailsResult;
    },
  };
}

/**
 * Writes LINES_PER_SECOND lines for `seconds`, round-robin over the replicas, one INSERT each; answers
 * the sequence numbers written to each replica and the rate achieved.
 */
async function writeLines(replicas: WritingSource[], seconds: number) {
  const written = replicas.map((): number[] => []);
  const total = LINES_PER_SECOND * seconds;
  const started = performance.now();
  for (let seq = 0; seq < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * LINES_PER_SECOND));
    for (; seq < due; seq++) {
      const index = seq % replicas.length;
      await appendLogLines(db, replicas[index] as WritingSource, 'stdout', [
        { text: benchLine(seq, clock()) },
      ]);
      written[index]?.push(seq);
    }
    await sleep(5);
  }
  return { written, rate: (total / (performance.now() - started)) * 1000 };
}

/** Each tail's lines against its container's: delivered (each once), received twice, of another container. */
function delivery(result: TailsResult, tailReplica: number[], written: number[][]) {
  let expected = 0;
  let delivered = 0;
  let duplicates = 0;
  let strangers = 0;
  for (const [tail, received] of result.received.entries()) {
    const wanted = new Set(written[tailReplica[tail] as number]);
    const seen = new Set(received);
    const own = [...seen].filter((seq) => wanted.has(seq)).length;
    expected += wanted.size;
    delivered += own;
    duplicates += received.length - seen.size;
    strangers += seen.size - own;
  }
  return {
    expected,
    delivered,
    duplicates,
    strangers,
    exact: delivered === expected && duplicates + strangers === 0,
  };
}

/** QUERY_REQUESTS sequential containerLogs requests (after 5 unmeasured), sorted latencies in ms. */
async function timeQuery(url: string, token: string, variables: object) {
  const body = JSON.stringify({
    query: `query($source: ContainerLogSource!, $query: LogQuery) {
      containerLogs(source: $source, query: $query) { id occurredAt stream line replica }
    }`,
    variables,
  });
  const latencies: number[] = [];
  let lines = 0;
  for (let request = -5; request < QUERY_REQUESTS; request++) {
    const started = performance.now();
    const response = await fetch(`${url}/graphql/console-logs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const answer = (await response.json()) as { data?: { containerLogs: unknown[] }; errors?: unknown };
    if (!answer.data || answer.errors)
      throw new Error(`containerLogs failed: ${JSON.stringify(answer.errors)}`);
    if (request >= 0) latencies.push(performance.now() - started);
    lines = answer.data.containerLogs.length;
  }
  return { sorted: latencies.sort((a, b) => a - b), lines };
}

/**
 * containerLogs of `source`, NEWEST_FIRST limit 200, without a filter, with one 1 % of lines match and with
 * one no line matches: prints each case's figures and answers whether every p95 is within budget.
 */
async function queryCases(url: string, token: string, what: string, source: object, query: object = {}) {
  let within = true;
  for (const [name, filter] of [
    ['no filter', undefined],
    ['filter "error" (1 % of lines)', 'error'],
    ['filter no line matches', 'no such text'],
  ] as const) {
    const { sorted, lines } = await timeQuery(url, token, {
      source,
      query: { order: 'NEWEST_FIRST', limit: 200, ...query, ...(filter ? { filter } : {}) },
    });
    const [median, p95] = [quantile(sorted, 0.5), quantile(sorted, 0.95)];
    console.log(
      `containerLogs ${what}, NEWEST_FIRST limit 200, ${name}: ${lines} lines, median ${ms(median)}, p95 ${ms(p95)}, budget < ${budgets.queryP95Ms} ms: ${verdict(p95, budgets.queryP95Ms)}`,
    );
    within &&= p95 < budgets.queryP95Ms;
  }
  return within;
}

let failed = false;
/** The bench's replicas, whose lines it deletes at the end (a PostgreSQL database outlives the bench). */
let benchReplicas: number[] = [];
try {
  const url = await berth.app.listen({ port: 0, host: '127.0.0.1' });
  const { account, token } = await seedCustomer(platform, url, 0);
  await seedNamespaces(platform, url, [{ token, namespace: NAMESPACE }], {
    containers: CONTAINERS,
    registries: 0,
    volumes: 0,
  });
  const replicaRows = await rows<{ id: number; name: string; container_id: number; container: string }>(
    'SELECT r.id, r.name, r.container_id, c.name AS container FROM container_replicas r ' +
      'JOIN containers c ON c.id = r.container_id ' +
      `JOIN namespaces n ON n.id = c.namespace_id WHERE n.customer_id = ${String(account.customer.id)} ` +
      'ORDER BY c.name, r.id',
  );
  if (replicaRows.length !== CONTAINERS)
    throw new Error(`expected one replica per container, found ${replicaRows.length} for ${CONTAINERS}`);
  benchReplicas = replicaRows.map((row) => row.id);
  /** How the runtime names each replica on the lines it writes. */
  const writers = replicaRows.map((row): WritingSource => ({
    kind: 'replica',
    id: row.id,
    containerId: row.container_id,
    replica: row.name,
  }));
  console.log(`database: ${berth.database.kind}`);

  if (!queryOnly) {
    // 1. Live tails.
    const tailReplica = Array.from({ length: TAILS }, (_, tail) => tail % CONTAINERS);
    // The same writes with nobody tailing, for what the tails add to the server's CPU.
    const writesAlone = await cpuDuring(() => writeLines(writers, 5));
    const tails = await openTails({
      url,
      token,
      namespace: NAMESPACE,
      containers: tailReplica.map((index) => replicaRows[index]?.container as string),
    });
    const idle = await cpuDuring(() => sleep(5000));
    const { result: writes, oneCore: writeCpu } = await cpuDuring(() => writeLines(writers, WRITE_SECONDS));
    await sleep(DRAIN_MS);
    const result = await tails.stop();
    // A tail whose client has gone ends only when its source writes its next line: until then the server
    // keeps polling for it. One line to each replica ends them, so part 2 is measured without that polling.
    const lingering = await statementsPerSecond();
    for (const writer of writers)
      await appendLogLines(db, writer, 'stdout', [{ text: 'bench: tails closed' }]);
    let afterOneLine = NaN;
    for (let tries = 0; tries < 5 && afterOneLine !== 0; tries++) afterOneLine = await statementsPerSecond();
    const latencies = result.latencies.sort((a, b) => a - b);
    const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(latencies, q)) as [number, number, number];
    const { expected, delivered, duplicates, strangers, exact } = delivery(
      result,
      tailReplica,
      writes.written,
    );
    console.log(
      `tails: ${TAILS} on ${CONTAINERS} containers (one replica each), ${LINES_PER_SECOND * WRITE_SECONDS} lines written in ${WRITE_SECONDS} s (${writes.rate.toFixed(0)} lines/s achieved, one INSERT each)`,
    );
    console.log(
      `delivered: ${delivered} of ${expected} expected (${expected - delivered} missing, ${duplicates} twice, ${strangers} of another container), errors: ${result.errors.length}`,
    );
    for (const error of result.errors.slice(0, 5)) console.log(`  error: ${error}`);
    console.log(
      `write → delivery: p50 ${ms(p50)}, p95 ${ms(p95)}, p99 ${ms(p99)}, max ${ms(latencies.at(-1))}`,
    );
    console.log(
      `server CPU: ${percent(writeCpu)} while writing with the tails open; ${percent(writesAlone.oneCore)} for the same writes with no tail open; ${percent(idle.oneCore)} with the tails open and nothing written`,
    );
    console.log(`tail p95 ${ms(p95)}, budget < ${budgets.tailP95Ms} ms: ${verdict(p95, budgets.tailP95Ms)}`);
    console.log(`every tail every line of its container: ${exact ? 'yes' : 'NO'}`);
    console.log(
      `after the tails' clients disconnected: ${lingering} SQL statements/s (the server still polls for them); after one more line of each container: ${afterOneLine}`,
    );
    failed ||= !(p95 < budgets.tailP95Ms) || !exact;
  }

  // 2. The log query on a replica with 100,000 lines (1 % of them errors), the newest written last.
  const [busiest] = replicaRows;
  if (!busiest) throw new Error('no replica');
  const inserting = performance.now();
  await db.execute(`
    INSERT INTO log_lines (source_kind, source_id, container_id, replica, stream, line, occurred_at)
    SELECT 'replica', ${String(busiest.id)}, ${String(busiest.container_id)}, '${busiest.name}',
           CASE WHEN n % 100 = 0 THEN 'stderr' ELSE 'stdout' END,
           CASE WHEN n % 100 = 0 THEN 'ERROR upstream timed out after 30 s, request ' || n
                ELSE 'GET /items/' || n || ' 200 ' || (n % 97) || ' ms' END,
           now() - make_interval(secs => (${String(QUERY_LINES)} - n) * 0.5)
    FROM generate_series(1, ${String(QUERY_LINES)}) AS n`);
  // What autovacuum would have done by the time a table grows like this.
  await db.execute('ANALYZE log_lines');
  console.log(
    `query: ${QUERY_LINES} lines on replica of ${busiest.container} inserted in ${((performance.now() - inserting) / 1000).toFixed(1)} s; ${QUERY_REQUESTS} sequential requests per case`,
  );
  failed ||= !(await queryCases(url, token, 'of one replica', {
    namespace: NAMESPACE,
    container: busiest.container,
  }));

  // 3. Log history: one container's lines of 50 replicas over 7 days, the newest written last. The stopped
  // replicas' lines name them as the runtime does (container and replica on the line, their replica row gone).
  const history = replicaRows[1];
  if (!history) throw new Error('no second replica');
  const inserting3 = performance.now();
  const spacingSeconds = (HISTORY_DAYS * 86_400) / HISTORY_LINES;
  await db.execute(`
    INSERT INTO log_lines (source_kind, source_id, container_id, replica, stream, line, occurred_at)
    SELECT 'replica', r.id, r.container_id,
           CASE WHEN n % ${String(HISTORY_REPLICAS)} = 0 THEN r.name ELSE 'web-stopped-' || (n % ${String(HISTORY_REPLICAS)}) END,
           CASE WHEN n % 100 = 0 THEN 'stderr' ELSE 'stdout' END,
           CASE WHEN n % 100 = 0 THEN 'ERROR upstream timed out after 30 s, request ' || n
                ELSE 'GET /items/' || n || ' 200 ' || (n % 97) || ' ms' END,
           now() - make_interval(secs => (${String(HISTORY_LINES)} - n) * ${String(spacingSeconds)})
    FROM container_replicas r, generate_series(1, ${String(HISTORY_LINES)}) AS n
    WHERE r.id = ${String(history.id)}`);
  await db.execute('ANALYZE log_lines');
  console.log(
    `history: ${HISTORY_LINES} lines of ${HISTORY_REPLICAS} replicas of ${history.container} over ${HISTORY_DAYS} days inserted in ${((performance.now() - inserting3) / 1000).toFixed(1)} s; the last hour, every replica (includeStopped), ${QUERY_REQUESTS} sequential requests per case`,
  );
  failed ||= !(await queryCases(
    url,
    token,
    `of the last hour of ${HISTORY_REPLICAS} replicas`,
    { namespace: NAMESPACE, container: history.container, includeStopped: true },
    { since: new Date(Date.now() - 3_600_000).toISOString() },
  ));
} finally {
  if (benchReplicas.length)
    await db.execute(
      `DELETE FROM log_lines WHERE source_kind = 'replica' AND source_id IN (${benchReplicas.join(', ')})`,
    );
  await platform.close();
}
if (failed) process.exitCode = 1;
