import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { PRICE_BREAKDOWN, breakdownOf } from './setup.ts';

// Customer.priceBreakdown (API.md "Usage cost") against meters written by hand on a known clock, each
// figure computed here from the price list: a month is 730 hours, CPU_1000_RAM_2000 costs 680 cents a month,
// CPU_250_RAM_500 170, CPU_4000_RAM_16000 3520, a GB of volume 10.

const NAMESPACE_COSTS = graphql(`
  query NamespaceCosts($resourceType: PriceBreakdownResourceType, $name: String) {
    customer {
      priceBreakdown {
        resources(resourceType: $resourceType, name: $name) {
          ... on NamespacePriceBreakdown {
            name
            jobs: resources(resourceType: CONTAINER_JOB) {
              name
            }
          }
        }
      }
    }
  }
`);

const HOUR = 3600_000;
const at = (iso: string) => new Date(iso);
const plusHours = (start: string, hours: number) => new Date(at(start).getTime() + hours * HOUR);
// The clock the server prices open spans with: 10 February 2026, noon.
const NOW = at('2026-02-10T12:00:00Z');

let server: TestServer;
let alice: TestCustomer;
let bob: TestCustomer;

interface Span {
  customer: TestCustomer;
  namespace: string;
  type: 'CONTAINER' | 'CONTAINER_JOB' | 'VOLUME';
  resource: string;
  subject: string;
  size: string;
  from: Date;
  to: Date | null;
}

let spanCount = 0;
async function meter(span: Span) {
  spanCount += 1;
  await server.berth.database.db.execute(sql`
    INSERT INTO usage_meters (customer_id, namespace_name, resource_type, resource_name, subject, subject_key, size, started_at, ended_at)
    VALUES (${span.customer.customerId}, ${span.namespace}, ${span.type}, ${span.resource}, ${span.subject},
      ${`hand:${spanCount}`}, ${span.size}, ${span.from.toISOString()}, ${span.to?.toISOString() ?? null})`);
}

beforeAll(async () => {
  server = await startServer({}, { clock: () => NOW });
  alice = await seed(server).customer({ subscriptions: ['serverless-container'] });
  bob = await seed(server).customer({ subscriptions: ['serverless-container'] });
  const web = {
    customer: alice,
    namespace: 'shop',
    type: 'CONTAINER',
    resource: 'web',
    size: 'CPU_1000_RAM_2000',
  } as const;
  // 73 h = a tenth of a month: 68 cents; 146 h: 136 cents.
  await meter({
    ...web,
    subject: 'web-abcde-1',
    from: at('2026-02-02T00:00:00Z'),
    to: plusHours('2026-02-02T00:00:00Z', 73),
  });
  await meter({
    ...web,
    subject: 'web-abcde-2',
    from: at('2026-02-03T00:00:00Z'),
    to: plusHours('2026-02-03T00:00:00Z', 146),
  });
  const report = {
    customer: alice,
    namespace: 'shop',
    type: 'CONTAINER_JOB',
    resource: 'report',
    size: 'CPU_4000_RAM_16000',
  } as const;
  // Two runs of 3.65 h in February, one from 1 h before February to 1 h into it, one from 1 h before March
  // to 1 h into it: 9.3 h of February at 3520 cents a month = 44.84 cents.
  await meter({
    ...report,
    subject: 'report-1',
    from: at('2026-01-31T23:00:00Z'),
    to: at('2026-02-01T01:00:00Z'),
  });
  await meter({
    ...report,
    subject: 'report-2',
    from: at('2026-02-05T00:00:00Z'),
    to: plusHours('2026-02-05T00:00:00Z', 3.65),
  });
  await meter({
    ...report,
    subject: 'report-3',
    from: at('2026-02-06T00:00:00Z'),
    to: plusHours('2026-02-06T00:00:00Z', 3.65),
  });
  await meter({
    ...report,
    subject: 'report-4',
    from: at('2026-02-28T23:00:00Z'),
    to: at('2026-03-01T01:00:00Z'),
  });
  const data = {
    customer: alice,
    namespace: 'shop',
    type: 'VOLUME',
    resource: 'data',
    subject: 'data',
  } as const;
  // 10 GB from 20 January to 8 February (168 h of February: 23.01 cents), then grown to 20 GB and still open
  // at the clock's noon on 10 February (60 h: 16.44 cents): 39.45 cents in February.
  await meter({ ...data, size: '10', from: at('2026-01-20T00:00:00Z'), to: at('2026-02-08T00:00:00Z') });
  await meter({ ...data, size: '20', from: at('2026-02-08T00:00:00Z'), to: null });
  // Another namespace: 365 h at 170 cents a month = 85 cents.
  await meter({
    customer: alice,
    namespace: 'blog',
    type: 'CONTAINER',
    resource: 'site',
    subject: 'site-fghij-1',
    size: 'CPU_250_RAM_500',
    from: at('2026-02-01T00:00:00Z'),
    to: plusHours('2026-02-01T00:00:00Z', 365),
  });
  // Bob's use never shows in Alice's breakdown.
  await meter({
    customer: bob,
    namespace: 'shop',
    type: 'CONTAINER',
    resource: 'web',
    subject: 'web-zzzzz-1',
    size: 'CPU_4000_RAM_16000',
    from: at('2026-02-01T00:00:00Z'),
    to: null,
  });
});
afterAll(() => server.close());

describe('priceBreakdown', () => {
  it('prices the current calendar month by default: per type, namespace, resource, replica and runs', async () => {
    const { customer } = await alice.data(PRICE_BREAKDOWN, {});
    const breakdown = breakdownOf(customer);
    expect(new Date(breakdown.startDate).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(new Date(breakdown.endDate).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    // 204 + 44.84 + 39.45 + 85 = 373.29
    expect(breakdown.all.price).toEqual({ amount: 373, currency: 'EUR' });
    expect(breakdown.containers).toEqual({ resourceType: 'CONTAINER', price: { amount: 289 } });
    expect(breakdown.jobs.price.amount).toBe(45);
    expect(breakdown.volumes.price.amount).toBe(39);

    expect(breakdown.resources.map((namespace) => namespace.__typename)).toEqual([
      'NamespacePriceBreakdown',
      'NamespacePriceBreakdown',
    ]);
    const [blog, shop] = breakdown.resources.map((namespace) => {
      if (namespace.__typename !== 'NamespacePriceBreakdown') throw new Error('not a namespace');
      return namespace;
    });
    expect(blog).toMatchObject({ name: 'blog', resourceType: 'NAMESPACE', price: { amount: 85 } });
    expect(shop).toMatchObject({ name: 'shop', resourceType: 'NAMESPACE', price: { amount: 288 } });
    expect(shop?.volumeSum.price.amount).toBe(39);
    expect(shop?.resources).toEqual([
      {
        __typename: 'ContainerPriceBreakdown',
        name: 'web',
        resourceType: 'CONTAINER',
        price: { amount: 204 },
        replicas: [
          {
            name: 'web-abcde-1',
            cpu: 1,
            millicores: 1000,
            memory: 2,
            megabytes: 2000,
            duration: 73 * 3600,
            price: { amount: 68 },
          },
          {
            name: 'web-abcde-2',
            cpu: 1,
            millicores: 1000,
            memory: 2,
            megabytes: 2000,
            duration: 146 * 3600,
            price: { amount: 136 },
          },
        ],
      },
      {
        __typename: 'ContainerJobPriceBreakdown',
        name: 'report',
        resourceType: 'CONTAINER_JOB',
        price: { amount: 45 },
        runs: [{ cpu: 4, memory: 16, duration: 9.3 * 3600, runs: 4, price: { amount: 45 } }],
      },
      { __typename: 'VolumePriceBreakdown', name: 'data', resourceType: 'VOLUME', price: { amount: 39 } },
    ]);
  });

  // Sums per type of a given period; cents by hand.
  it.each([
    {
      // January: the first run's hour (3520 / 730 = 4.82) and 288 h of 10 GB (39.45), from the monthly sums.
      period: 'a whole month',
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2026-02-01T00:00:00Z',
      amounts: { containers: 0, jobs: 5, volumes: 39, all: 44 },
    },
    {
      // An end alone starts the period with its month: 1 to 15 February. web 204; site 336 h (78.25);
      // report 1 h of the first run and 7.3 h (40.02); data 168 h of 10 GB and 60 h of 20 GB (39.45).
      period: 'the month an end date falls in',
      endDate: '2026-02-15T00:00:00Z',
      amounts: { containers: 282, jobs: 40, volumes: 39, all: 362 },
    },
    {
      // From the spans themselves: web 204; site 336 h until the period's end (78.25); report 2 h of the first
      // run and 7.3 h (44.84); data 456 h of 10 GB (62.47) and 60 h of 20 GB until the clock (16.44).
      period: 'any other period',
      startDate: '2026-01-15T00:00:00Z',
      endDate: '2026-02-15T00:00:00Z',
      amounts: { containers: 282, jobs: 45, volumes: 79, all: 406 },
    },
  ])('cuts spans at the edges of $period', async ({ startDate, endDate, amounts }) => {
    const { customer } = await alice.data(PRICE_BREAKDOWN, { startDate, endDate });
    const breakdown = breakdownOf(customer);
    expect({
      containers: breakdown.containers.price.amount,
      jobs: breakdown.jobs.price.amount,
      volumes: breakdown.volumes.price.amount,
      all: breakdown.all.price.amount,
    }).toEqual(amounts);
  });

  it('narrows namespaces by name and by the type of what they hold', async () => {
    const byName = await alice.data(NAMESPACE_COSTS, { name: 'blog' });
    expect(breakdownOf(byName.customer).resources).toEqual([{ name: 'blog', jobs: [] }]);
    const withJobs = await alice.data(NAMESPACE_COSTS, { resourceType: 'CONTAINER_JOB' });
    expect(breakdownOf(withJobs.customer).resources).toEqual([{ name: 'shop', jobs: [{ name: 'report' }] }]);
  });

  it('shows a customer only their own use', async () => {
    const { customer } = await bob.data(PRICE_BREAKDOWN, {});
    // 228 h of CPU_4000_RAM_16000 (3520 a month) until the clock: 1099.40 cents.
    const breakdown = breakdownOf(customer);
    expect(breakdown.all.price.amount).toBe(1099);
    expect(breakdown.resources).toHaveLength(1);
  });

  it('refuses a period that ends before it starts', async () => {
    const error = expectGraphQLError(
      await alice.gql(PRICE_BREAKDOWN, {
        startDate: '2026-02-01T00:00:00Z',
        endDate: '2026-01-01T00:00:00Z',
      }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('endDate must be after startDate');
  });

  it('refuses a date that is not an RFC 3339 date-time', async () => {
    const error = expectGraphQLError(
      await alice.gql(PRICE_BREAKDOWN, { startDate: '2026-13-01' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(
      /startDate.*DateTime cannot represent an invalid date-time-string 2026-13-01/,
    );
  });
});
