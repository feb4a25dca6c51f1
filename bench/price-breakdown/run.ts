// Customer.priceBreakdown over a month of meters: a customer with 50 namespaces and 1,000 resources
// (400 containers whose 2 replicas are replaced once a day, 300 jobs that run every 6 hours for 10 minutes,
// 300 volumes grown once), about 60,000 spans, written straight into usage_meters. Prints the query's
// p50/p95 over 30 requests (sequential, after a warm-up) for what the billing page asks (sums per type,
// namespaces and their resources) and for the whole tree with every replica and run group, and the SQL
// statements of one request for 100 and 1,000 resources. Budget (issue 13): p95 under 150 ms on PGlite,
// statements independent of the resource count.
// Run: node --import tsx bench/price-breakdown/run.ts   (DATABASE_URL=... to measure PostgreSQL)
import { usageMeters } from '../../apps/server/src/db/schema.ts';
import { seedCustomer, startPlatform } from '../support/platform.ts';

const PAGE_QUERY = `{ customer { priceBreakdown { startDate endDate
  all: resourceSum { price { amount } } containers: resourceSum(resourceType: CONTAINER) { price { amount } }
  jobs: resourceSum(resourceType: CONTAINER_JOB) { price { amount } } volumes: resourceSum(resourceType: VOLUME) { price { amount } }
  resources { ... on NamespacePriceBreakdown { name price { amount }
    resources(resourceType: ALL) { name resourceType price { amount } } } } } } }`;
const TREE_QUERY = `{ customer { priceBreakdown { all: resourceSum { price { amount } }
  resources { ... on NamespacePriceBreakdown { name price { amount }
    resources(resourceType: ALL) { name resourceType price { amount }
      ... on ContainerPriceBreakdown { replicas { name cpu memory duration price { amount } } }
      ... on ContainerJobPriceBreakdown { runs { cpu memory duration runs price { amount } } } } } } } } }`;
const REQUESTS = 30;
const BUDGET_P95_MS = 150;

const platform = await startPlatform();
const { berth } = platform;
const url = await platform.listen();
await berth.provisioner.stop();
await berth.scheduler.stop();

/** The current month's first day, 00:00 UTC, as SQL: spans are laid over the month up to now. */
const monthStart = `date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/** A month of spans for `resources` resources of the customer, spread over 50 namespaces (numbers only). */
async function seedMeters(customerId: number, resources: number) {
  const containers = Math.round(resources * 0.4);
  const jobs = Math.round(resources * 0.3);
  const volumes = resources - containers - jobs;
  const columns =
    'customer_id, namespace_name, resource_type, resource_name, subject, subject_key, size, started_at, ended_at';
  // Containers: replica r (1, 2) of day d runs that day; the last day's replicas are still running.
  await berth.database.runScript(`
    INSERT INTO usage_meters (${columns})
    SELECT ${customerId}, 'namespace-' || (c % 50), 'CONTAINER', 'web-' || c, 'web-' || c || '-d' || d || '-' || r,
      'bench:' || ${customerId} || ':c:' || c || ':' || d || ':' || r, 'CPU_500_RAM_1000',
      ${monthStart} + make_interval(days => d), CASE WHEN ${monthStart} + make_interval(days => d + 1) < now()
        THEN ${monthStart} + make_interval(days => d + 1) END
    FROM generate_series(1, ${containers}) AS c, generate_series(1, 2) AS r,
      generate_series(0, extract(day FROM now() - ${monthStart})::int) AS d`);
  // Jobs: a 10-minute run every 6 hours so far this month.
  await berth.database.runScript(`
    INSERT INTO usage_meters (${columns})
    SELECT ${customerId}, 'namespace-' || (j % 50), 'CONTAINER_JOB', 'job-' || j, 'job-' || j || '-' || h,
      'bench:' || ${customerId} || ':j:' || j || ':' || h, 'CPU_250_RAM_500',
      ${monthStart} + make_interval(hours => h), ${monthStart} + make_interval(hours => h, mins => 10)
    FROM generate_series(1, ${jobs}) AS j,
      generate_series(0, floor(extract(epoch FROM now() - ${monthStart}) / 3600)::int - 1, 6) AS h`);
  // Volumes: 10 GB for the first week, 20 GB since.
  await berth.database.runScript(`
    INSERT INTO usage_meters (${columns})
    SELECT ${customerId}, 'namespace-' || (v % 50), 'VOLUME', 'data-' || v, 'data-' || v,
      'bench:' || ${customerId} || ':v:' || v || ':' || g, (10 * g)::text,
      ${monthStart} + make_interval(days => 7 * (g - 1)), CASE WHEN g = 1 THEN ${monthStart} + make_interval(days => 7) END
    FROM generate_series(1, ${volumes}) AS v, generate_series(1, 2) AS g`);
}

async function request(token: string, query: string) {
  const response = await fetch(`${url}/graphql/platform`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  if (body.errors) throw new Error(`the breakdown failed: ${JSON.stringify(body.errors)}`);
}

async function timings(token: string, query: string) {
  for (let index = 0; index < 3; index += 1) await request(token, query); // warm-up
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    await request(token, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

async function statementsOf(token: string, query: string) {
  platform.counter.statements = 0;
  await request(token, query);
  return platform.counter.statements;
}

try {
  const small = await seedCustomer(platform, url, 0);
  const large = await seedCustomer(platform, url, 0);
  await seedMeters(small.account.customerId, 100);
  await seedMeters(large.account.customerId, 1000);
  const spans = await berth.database.db.$count(usageMeters);
  console.log(
    `database: ${berth.database.kind}; 1,000 resources in 50 namespaces and 100 in another customer's: ${spans} spans this month`,
  );
  for (const [name, query] of [
    ['billing page (sums, namespaces, resources)', PAGE_QUERY],
    ['whole tree (every replica and run group)', TREE_QUERY],
  ] as const) {
    const { p50, p95 } = await timings(large.token, query);
    const verdict = p95 < BUDGET_P95_MS ? 'met' : 'MISSED';
    console.log(
      `${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget p95 < ${BUDGET_P95_MS} ms: ${verdict})`,
    );
  }
  const counts = [await statementsOf(small.token, TREE_QUERY), await statementsOf(large.token, TREE_QUERY)];
  console.log(
    `SQL statements per request: 100 resources ${counts[0]}, 1,000 resources ${counts[1]} (budget: the same: ${counts[0] === counts[1] ? 'met' : 'MISSED'})`,
  );
} finally {
  await platform.close();
}
