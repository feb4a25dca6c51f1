import { describe, expect, it } from 'vitest';
import { MODIFY_CONTAINER, waitForContainer } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { seed } from '../support/seed.ts';
import { startServer, useServer, type TestServer } from '../support/server.ts';

// Conditional reads of the platform API (issue 30): a query of what a customer's namespaces hold answers with
// an ETag of the customer's change version and the request; asked again with If-None-Match it answers 304
// until something of theirs changes, whichever process changed it. Queries of what the version does not
// follow (events, metrics, the account), mutations and answers with errors carry no tag.

const suite = useServer();

const SLICE = `query Slice($name: String!) {
  namespace(name: $name) { name containers { name image state locked replicas { name status } } }
}`;

/** POSTs a platform API request as the customer, with If-None-Match when given. */
async function ask(
  server: TestServer,
  customer: TestCustomer,
  query: string,
  variables: object = {},
  ifNoneMatch?: string,
) {
  const response = await fetch(`${server.url}/graphql/platform`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await customer.token()}`,
      ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), text };
}

describe('conditional reads of the platform API', () => {
  it('answers 304 to a repeated slice query until something of the customer changes', async () => {
    const shop = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('shop');
    await shop.container({ name: 'web', image: 'nginx:1.27', ports: ['80'] });
    const other = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('other');
    const alice = shop.customer;

    const first = await ask(suite.server, alice, SLICE, { name: 'shop' });
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"\d+-[\w-]{22}"$/);
    expect(JSON.parse(first.text)).toMatchObject({
      data: { namespace: { containers: [{ image: 'nginx:1.27' }] } },
    });

    const again = await ask(suite.server, alice, SLICE, { name: 'shop' }, first.etag ?? '');
    expect(again).toEqual({ status: 304, etag: first.etag, text: '' });
    // Another request (other variables) has a tag of its own.
    const otherName = await ask(suite.server, alice, SLICE, { name: 'elsewhere' }, first.etag ?? '');
    expect(otherName.status).toBe(200);

    // Another customer's change leaves alice's answers as they were.
    await other.container({ name: 'api', image: 'nginx:1.27', ports: ['80'] });
    expect((await ask(suite.server, alice, SLICE, { name: 'shop' }, first.etag ?? '')).status).toBe(304);

    // Her own change (and the runtime's news of it) makes the same request answer afresh, with a new tag.
    await alice.data(MODIFY_CONTAINER, { input: { namespace: 'shop', name: 'web', image: 'nginx:1.28' } });
    await waitForContainer(alice, 'shop', 'web', 'running');
    const changed = await ask(suite.server, alice, SLICE, { name: 'shop' }, first.etag ?? '');
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(JSON.parse(changed.text)).toMatchObject({
      data: { namespace: { containers: [{ image: 'nginx:1.28' }] } },
    });
    expect((await ask(suite.server, alice, SLICE, { name: 'shop' }, changed.etag ?? '')).status).toBe(304);
  });

  it('tags no answer the version does not follow, no mutation and no answer with errors', async () => {
    const shop = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('tagless');
    const alice = shop.customer;
    const untagged = [
      `query { namespace(name: "tagless") { containers { name events { type } } } }`,
      `query { namespace(name: "tagless") { containers { name metrics { range } } } }`,
      `query { account { email } }`,
      `query { namespaces { name } pricingPlans { name } }`,
      `query { __schema { queryType { name } } }`,
      `mutation { namespaceCreate(namespace: { name: "made" }) { name } }`,
      `query { namespace(name: "missing") { name } }`,
    ];
    for (const query of untagged) {
      const answer = await ask(suite.server, alice, query);
      expect({ query, etag: answer.etag }).toEqual({ query, etag: null });
    }
    // The same fields alone are a conditional read.
    expect((await ask(suite.server, alice, `query { namespaces { name } }`)).etag).toMatch(/^W\//);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'holds across two processes on one PostgreSQL database: a change through one shows through the other',
    async () => {
      const shop = await seed(suite.server)
        .customer({ subscriptions: ['serverless-container'] })
        .namespace('twice');
      await shop.container({ name: 'web', image: 'nginx:1.27', ports: ['80'] });
      const alice = shop.customer;
      // One platform behind two processes: one database, one public address (the tokens' issuer).
      const second = await startServer({
        DATABASE_URL: suite.server.database.databaseUrl ?? '',
        PUBLIC_URL: suite.server.url,
      });
      try {
        const first = await ask(second, alice, SLICE, { name: 'twice' });
        expect(first.status).toBe(200);
        expect((await ask(suite.server, alice, SLICE, { name: 'twice' }, first.etag ?? '')).status).toBe(304);
        await alice.data(MODIFY_CONTAINER, {
          input: { namespace: 'twice', name: 'web', image: 'nginx:1.28' },
        });
        const seen = await ask(second, alice, SLICE, { name: 'twice' }, first.etag ?? '');
        expect(seen.status).toBe(200);
        expect(seen.text).toContain('nginx:1.28');
      } finally {
        await second.close();
      }
    },
  );
});
