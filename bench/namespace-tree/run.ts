// The namespace tree: one `namespace` query with its containers (variables, addresses, mounts, replicas),
// volumes and private registries, against a plain Fastify route in the same server that authenticates,
// reads the same rows through the same services and returns the identical JSON, and against the ceiling:
// a Fastify route that returns that JSON from memory (no token check, no database), so the gap between
// the plain route and the ceiling is the cost of authentication and data access.
// Seeds 20 containers (5 variables, 2 addresses, 1 mount each), 10 volumes and 5 registries, settled
// through the simulated runtime. Also prints SQL statements per request for 1, 10 and 100 containers.
// Run: node --import tsx bench/namespace-tree/run.ts   (DATABASE_URL=... to measure PostgreSQL)
// BENCH_TRACING=1 traces every request as OTEL_EXPORTER_OTLP_ENDPOINT does in production (request, operation,
// SQL statements, exported over OTLP/HTTP to a local sink that drops them): run once with and once without
// to see what tracing costs.
import { readEnvironment } from '../../apps/server/src/environment.ts';
import { startTracing } from '../../apps/server/src/telemetry/tracing.ts';
import { startSpanSink } from '../support/span-sink.ts';

const TRACING = process.env.BENCH_TRACING === '1';
const sink = TRACING ? await startSpanSink() : undefined;
if (sink) await startTracing(readEnvironment({ OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint }));

// Loaded once tracing has started, as main.ts does: the HTTP instrumentation must see Fastify load node's http.
const [{ createRequestLoaders }, { ingressUrl }, { bytesIn, gbIn }, platformSupport] = await Promise.all([
  import('../../apps/server/src/graphql/loaders.ts'),
  import('../../apps/server/src/modules/containers/addresses.ts'),
  import('../../apps/server/src/modules/units.ts'),
  import('../support/platform.ts'),
]);
const { autocannon, seedCustomer, seedNamespaces, startPlatform } = platformSupport;

const QUERY = `query Tree($name: String!) { namespace(name: $name) { id name state locked
  containers { id name type image privateRegistry { name } resources ports
    environmentVariables { name value secret } ingresses { domainName url port enableTLS allowlist }
    mounts { path volume { name } } healthCheck { port path } numberOfReplicas availableReplicas
    replicas { name status } state locked }
  volumes { id name size usage state locked }
  privateRegistries { id name source username state locked } } }`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const platform = await startPlatform();
const { berth } = platform;
const { services } = berth;

// The answer of the ceiling route, set once the tree is seeded.
let ceilingAnswer: unknown;
berth.app.get('/bench/namespace-tree-ceiling', async () => ceilingAnswer);

// The plain twin of the GraphQL query, registered before the server listens.
berth.app.get<{ Querystring: { name: string } }>('/bench/namespace-tree', async (request, reply) => {
  const account = await berth.authenticate(request, reply);
  if (!account) return reply;
  const namespace = await services.namespaces.find(account, { name: request.query.name });
  // The same per-request loaders as the GraphQL context's.
  const loaders = createRequestLoaders(services, account);
  const load = loaders.containers;
  const [containers, volumes, registries] = await Promise.all([
    load.containersOfNamespace(namespace.id),
    loaders.volumesOfNamespace(namespace.id),
    loaders.registriesOfNamespace(namespace.id),
  ]);
  return {
    data: {
      namespace: {
        id: String(namespace.id),
        name: namespace.name,
        state: namespace.state,
        locked: namespace.locked,
        containers: await Promise.all(
          containers.map(async (row) => {
            const [variables, ingresses, mounts, replicas, registry] = await Promise.all([
              load.variables(row.id),
              load.ingresses(row.id),
              load.mounts(row.id),
              load.replicas(row.id),
              row.registryId === null ? undefined : load.registry(row.registryId),
            ]);
            const volumesOfMounts = await Promise.all(mounts.map((mount) => load.volume(mount.volumeId)));
            return {
              id: String(row.id),
              name: row.name,
              type: row.type,
              image: row.image,
              privateRegistry: registry ? { name: registry.name } : null,
              resources: row.resources,
              ports: row.ports,
              environmentVariables: variables.map((variable) => ({
                name: variable.name,
                value: variable.secret ? null : variable.value,
                secret: variable.secret,
              })),
              ingresses: ingresses.map((ingress) => ({
                domainName: ingress.domainName,
                url: ingressUrl(ingress),
                port: ingress.port,
                enableTLS: ingress.enableTls,
                allowlist: ingress.allowlist,
              })),
              mounts: mounts.map((mount, index) => ({
                path: mount.path,
                volume: { name: volumesOfMounts[index]?.name },
              })),
              healthCheck: row.healthCheck && { port: row.healthCheck.port, path: row.healthCheck.path },
              numberOfReplicas: 'replicas' in row.scaling ? row.scaling.replicas : row.scaling.minimum,
              availableReplicas: replicas.filter((replica) => replica.status === 'running').length,
              replicas: replicas.map((replica) => ({ name: replica.name, status: replica.status })),
              state: row.state,
              locked: row.locked,
            };
          }),
        ),
        volumes: volumes.map((volume) => ({
          id: String(volume.id),
          name: volume.name,
          size: gbIn(volume.sizeGb, 'GB'),
          usage: bytesIn(volume.usageBytes, 'GB'),
          state: volume.state,
          locked: volume.locked,
        })),
        privateRegistries: registries.map((registry) => ({
          id: String(registry.id),
          name: registry.name,
          source: registry.source,
          username: registry.username,
          state: registry.state,
          locked: registry.locked,
        })),
      },
    },
  };
});

function firstDifference(a: string, b: string) {
  let index = 0;
  while (index < a.length && a[index] === b[index]) index += 1;
  return `${a.slice(Math.max(0, index - 80), index + 80)}\n  vs ${b.slice(Math.max(0, index - 80), index + 80)}`;
}

const url = await platform.listen();
// The bench drives provisioning by hand; the background loops' statements would be counted too.
await berth.provisioner.stop();
await berth.scheduler.stop();
const seedTree = (token: string, name: string, containers: number) =>
  seedNamespaces(platform, url, [{ token, namespace: name }], { registries: 5, volumes: 10, containers });
const graphqlBody = (name: string) => JSON.stringify({ query: QUERY, variables: { name } });
const graphqlRequest = (token: string, name: string) =>
  fetch(`${url}/graphql/platform`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: graphqlBody(name),
  });

try {
  const { token } = await seedCustomer(platform, url, 0);
  await seedTree(token, 'tree-20', 20);
  const graphqlJson = await (await graphqlRequest(token, 'tree-20')).text();
  const plainUrl = `${url}/bench/namespace-tree?name=tree-20`;
  const plainJson = await (await fetch(plainUrl, { headers: { authorization: `Bearer ${token}` } })).text();
  if (graphqlJson !== plainJson) {
    throw new Error(
      `the plain route does not return the identical JSON; they part at: ${firstDifference(graphqlJson, plainJson)}`,
    );
  }
  ceilingAnswer = JSON.parse(graphqlJson);
  const ceilingUrl = `${url}/bench/namespace-tree-ceiling`;
  if ((await (await fetch(ceilingUrl)).text()) !== graphqlJson) throw new Error('the ceiling JSON differs');

  const body = graphqlBody('tree-20');
  await autocannon({ url: `${url}/graphql/platform`, token, body, seconds: 2 }); // warm-up
  const graphqlRps = await autocannon({ url: `${url}/graphql/platform`, token, body, seconds: SECONDS });
  await autocannon({ url: plainUrl, token, seconds: 2 });
  const plainRps = await autocannon({ url: plainUrl, token, seconds: SECONDS });
  await autocannon({ url: ceilingUrl, token, seconds: 2 });
  const ceilingRps = await autocannon({ url: ceilingUrl, token, seconds: SECONDS });
  const ratio = graphqlRps / plainRps;
  const ofCeiling = (rps: number) => `${((rps / ceilingRps) * 100).toFixed(1)} % of the ceiling`;
  console.log(
    `database: ${berth.database.kind}, 20 containers, 10 volumes, 5 registries, 10 connections, ${SECONDS} s each`,
  );
  console.log(
    `tracing: ${TRACING ? 'on (every request, exported over OTLP/HTTP to a sink that drops it)' : 'off'}`,
  );
  console.log(`graphql namespace tree:       ${graphqlRps.toFixed(0)} requests/s (${ofCeiling(graphqlRps)})`);
  console.log(`plain Fastify route:          ${plainRps.toFixed(0)} requests/s (${ofCeiling(plainRps)})`);
  console.log(`ceiling (same JSON, memory):  ${ceilingRps.toFixed(0)} requests/s`);
  console.log(`graphql / plain: ${ratio.toFixed(2)} (budget >= 0.40: ${ratio >= 0.4 ? 'met' : 'MISSED'})`);

  // Statements per request must not grow with the number of containers.
  // autocannon stops at its deadline with requests still in flight: let them finish before counting.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const counts: number[] = [];
  for (const size of [1, 10, 100]) {
    await seedTree(token, `tree-${size}`, size);
    platform.counter.statements = 0;
    const response = await graphqlRequest(token, `tree-${size}`);
    const { data } = (await response.json()) as { data: { namespace: { containers: unknown[] } } };
    if (data.namespace.containers.length !== size) {
      throw new Error(`expected ${size} containers, got ${data.namespace.containers.length}`);
    }
    counts.push(platform.counter.statements);
  }
  const same = counts.every((count) => count === counts[0]);
  console.log(
    `SQL statements per namespace tree request: ${[1, 10, 100].map((size, index) => `${size} containers: ${counts[index]}`).join(', ')} (budget: the same for all: ${same ? 'met' : 'MISSED'})`,
  );
} finally {
  await platform.close();
  sink?.close();
}
