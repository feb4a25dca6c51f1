// GraphQL overhead: the `namespaces` query of a customer with 20 namespaces against a plain Fastify route
// in the same server that authenticates, reads the same rows and returns the identical JSON.
// Also prints how many SQL statements one `namespaces` request runs for 1, 10 and 100 namespaces.
// Run: node --import tsx bench/graphql-throughput/run.ts   (DATABASE_URL=... to measure PostgreSQL)
import { autocannon, seedCustomer, startPlatform } from '../support/platform.ts';

const QUERY =
  '{ namespaces { id name description state locked internalName createdAt modifiedAt pricingPlan { id name } } }';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const platform = await startPlatform();
const { berth } = platform;

// The plain twin of the GraphQL query, registered before the server listens.
berth.app.get('/bench/namespaces', async (request, reply) => {
  const account = await berth.authenticate(request, reply);
  if (!account) return reply;
  const rows = await berth.services.namespaces.list(account);
  return {
    data: {
      namespaces: rows.map((row) => ({
        id: String(row.id),
        name: row.name,
        description: row.description,
        state: row.state,
        locked: row.locked,
        internalName: row.internalName,
        createdAt: row.createdAt.toISOString(),
        modifiedAt: row.modifiedAt?.toISOString() ?? null,
        pricingPlan: {
          id: 'serverless-containers-EUR-Monthly',
          name: 'Serverless containers, monthly (EUR)',
        },
      })),
    },
  };
});

const url = await platform.listen();
const graphqlRequest = (token: string) =>
  fetch(`${url}/graphql/platform`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: QUERY }),
  });

try {
  const { token } = await seedCustomer(platform, url, 20);
  const graphqlJson = await (await graphqlRequest(token)).text();
  const plainJson = await (
    await fetch(`${url}/bench/namespaces`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  if (graphqlJson !== plainJson) throw new Error('the plain route does not return the identical JSON');

  const body = JSON.stringify({ query: QUERY });
  await autocannon({ url: `${url}/graphql/platform`, token, body, seconds: 2 }); // warm-up
  const graphqlRps = await autocannon({ url: `${url}/graphql/platform`, token, body, seconds: SECONDS });
  await autocannon({ url: `${url}/bench/namespaces`, token, seconds: 2 });
  const plainRps = await autocannon({ url: `${url}/bench/namespaces`, token, seconds: SECONDS });
  const ratio = graphqlRps / plainRps;
  console.log(`database: ${berth.database.kind}, 20 namespaces, 10 connections, ${SECONDS} s each`);
  console.log(`graphql namespaces query: ${graphqlRps.toFixed(0)} requests/s`);
  console.log(`plain Fastify route:      ${plainRps.toFixed(0)} requests/s`);
  console.log(`ratio: ${ratio.toFixed(2)} (budget >= 0.40: ${ratio >= 0.4 ? 'met' : 'MISSED'})`);

  // Statements per request must not grow with the number of namespaces.
  const counts: string[] = [];
  for (const size of [1, 10, 100]) {
    const seeded = await seedCustomer(platform, url, size);
    await berth.provisioner.stop(); // its polling would be counted too
    platform.counter.statements = 0;
    const response = await graphqlRequest(seeded.token);
    const { data } = (await response.json()) as { data: { namespaces: unknown[] } };
    if (data.namespaces.length !== size)
      throw new Error(`expected ${size} namespaces, got ${data.namespaces.length}`);
    counts.push(`${size} namespaces: ${platform.counter.statements} statements`);
    berth.provisioner.start();
  }
  console.log(`SQL statements per namespaces request: ${counts.join(', ')}`);
} finally {
  await platform.close();
}
