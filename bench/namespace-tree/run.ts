// The namespace tree: one `namespace` query with its containers (variables, addresses, mounts, replicas),
// volumes and private registries, against a plain Fastify route in the same server that authenticates,
// reads the same rows through the same services and returns the identical JSON.
// Seeds 20 containers (5 variables, 2 addresses, 1 mount each), 10 volumes and 5 registries, settled
// through the simulated runtime. Also prints SQL statements per request for 1, 10 and 100 containers.
// Run: node --import tsx bench/namespace-tree/run.ts   (DATABASE_URL=... to measure PostgreSQL)
import { ingressUrl } from '../../apps/server/src/modules/containers/addresses.ts';
import { bytesIn, gbIn } from '../../apps/server/src/modules/volumes/rules.ts';
import { autocannon, seedCustomer, startPlatform } from '../support/platform.ts';

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
type Account = Awaited<ReturnType<typeof seedCustomer>>['account'];

// The plain twin of the GraphQL query, registered before the server listens.
berth.app.get<{ Querystring: { name: string } }>('/bench/namespace-tree', async (request, reply) => {
  const account = await berth.authenticate(request, reply);
  if (!account) return reply;
  const namespace = await services.namespaces.find(account, { name: request.query.name });
  const load = services.containers.loaders();
  const [containers, volumes, registries] = await Promise.all([
    load.containersOfNamespace(namespace.id),
    services.volumes.namespaceVolumesLoader()(namespace.id),
    services.registries.namespaceRegistriesLoader()(namespace.id),
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

/** A namespace with `count` containers (5 variables, 2 addresses, 1 mount each), 10 volumes, 5 registries. */
async function seedTree(account: Account, name: string, count: number) {
  await services.namespaces.create(account, { name });
  await settle();
  for (let index = 0; index < 5; index += 1) {
    await services.registries.create(account, {
      namespace: name,
      name: `registry-${index}`,
      source: `registry${index}.example.com`,
      username: 'bench',
      password: 'bench-password',
      verify: false,
    });
  }
  for (let index = 0; index < 10; index += 1) {
    await services.volumes.create(account, { namespace: name, name: `volume-${index}`, size: 10 });
  }
  await settle();
  for (let index = 0; index < count; index += 1) {
    await services.containers.create(account, {
      namespace: name,
      name: `app-${index}`,
      type: 'DEFAULT',
      image: 'nginx:1.27',
      registry: `registry-${index % 5}`,
      ports: ['80', '8080'],
      environmentVariables: [
        ...['MODE', 'LEVEL', 'REGION', 'FEATURE'].map((variable) => ({
          name: variable,
          value: `${variable}-${index}`,
        })),
        { name: 'TOKEN', value: 'not-for-your-eyes', secret: true },
      ],
      ingresses: [
        { port: 80 },
        {
          port: 8080,
          domainName: `app-${index}.${name}.example.com`,
          enableTLS: true,
          whitelist: ['10.0.0.0/8'],
        },
      ],
      mounts: [{ path: '/data', volume: { name: `volume-${index % 10}`, autoCreate: false } }],
      healthCheck: { port: 80, path: '/health' },
    });
  }
  await settle();
}

/** Runs tasks and runtime steps until nothing is left to do (SIMULATED_DELAY_MS=0: every step is due). */
async function settle() {
  for (;;) {
    const tasks = await berth.provisioner.runDue();
    await berth.provisioner.reconcileRuntime();
    const busy = (await berth.database.db.execute(
      'SELECT 1 FROM containers WHERE locked UNION ALL SELECT 1 FROM volumes WHERE locked ' +
        'UNION ALL SELECT 1 FROM private_registries WHERE locked UNION ALL SELECT 1 FROM namespaces WHERE locked',
    )) as unknown as { rows: unknown[] };
    if (tasks === 0 && busy.rows.length === 0) return;
  }
}

function firstDifference(a: string, b: string) {
  let index = 0;
  while (index < a.length && a[index] === b[index]) index += 1;
  return `${a.slice(Math.max(0, index - 80), index + 80)}\n  vs ${b.slice(Math.max(0, index - 80), index + 80)}`;
}

const url = await platform.listen();
await berth.provisioner.stop(); // the bench drives it by hand; its polling would be counted too
const graphqlBody = (name: string) => JSON.stringify({ query: QUERY, variables: { name } });
const graphqlRequest = (token: string, name: string) =>
  fetch(`${url}/graphql/platform`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: graphqlBody(name),
  });

try {
  const { account, token } = await seedCustomer(platform, url, 0);
  await seedTree(account, 'tree-20', 20);
  const graphqlJson = await (await graphqlRequest(token, 'tree-20')).text();
  const plainUrl = `${url}/bench/namespace-tree?name=tree-20`;
  const plainJson = await (await fetch(plainUrl, { headers: { authorization: `Bearer ${token}` } })).text();
  if (graphqlJson !== plainJson) {
    throw new Error(
      `the plain route does not return the identical JSON; they part at: ${firstDifference(graphqlJson, plainJson)}`,
    );
  }

  const body = graphqlBody('tree-20');
  await autocannon({ url: `${url}/graphql/platform`, token, body, seconds: 2 }); // warm-up
  const graphqlRps = await autocannon({ url: `${url}/graphql/platform`, token, body, seconds: SECONDS });
  await autocannon({ url: plainUrl, token, seconds: 2 });
  const plainRps = await autocannon({ url: plainUrl, token, seconds: SECONDS });
  const ratio = graphqlRps / plainRps;
  console.log(
    `database: ${berth.database.kind}, 20 containers, 10 volumes, 5 registries, 10 connections, ${SECONDS} s each`,
  );
  console.log(`graphql namespace tree: ${graphqlRps.toFixed(0)} requests/s`);
  console.log(`plain Fastify route:    ${plainRps.toFixed(0)} requests/s`);
  console.log(`ratio: ${ratio.toFixed(2)} (budget >= 0.40: ${ratio >= 0.4 ? 'met' : 'MISSED'})`);

  // Statements per request must not grow with the number of containers.
  // autocannon stops at its deadline with requests still in flight: let them finish before counting.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const counts: number[] = [];
  for (const size of [1, 10, 100]) {
    await seedTree(account, `tree-${size}`, size);
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
}
