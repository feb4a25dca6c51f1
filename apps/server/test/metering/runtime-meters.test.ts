import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { graphql } from '../generated/gql.ts';
import { RUN_JOB, jobByName } from '../support/container-jobs.ts';
import { DELETE_CONTAINER } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { eventually } from '../support/http.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { DELETE_VOLUME, waitForVolume } from '../support/volumes.ts';
import { PRICE_BREAKDOWN, breakdownOf } from './setup.ts';

const INCREASE_VOLUME = graphql(`
  mutation GrowVolume($name: String!, $namespace: String!, $size: Int!) {
    volumeIncrease(volumeInput: { name: $name, namespace: $namespace, size: $size }) {
      id
    }
  }
`);

describe('usage meters from the runtime', () => {
  let runtime: TestServer;
  let carol: TestCustomer;

  beforeAll(async () => {
    runtime = await startServer({ SIMULATED_DELAY_MS: '100' });
  });
  afterAll(() => runtime.close());

  const spans = (customer: TestCustomer) =>
    queryRows<{ type: string; resource: string; subject: string; size: string; open: boolean }>(
      runtime.berth.database.db,
      sql`SELECT resource_type AS type, resource_name AS resource, subject, size, ended_at IS NULL AS open
          FROM usage_meters WHERE customer_id = ${customer.customerId} ORDER BY id`,
    );

  it('meters running replicas, runs and volumes at their sizes, and stops with them', async () => {
    const shop = await seed(runtime)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('shop');
    carol = shop.customer;
    const web = await shop.container({ name: 'web', image: 'nginx:1.27', resources: 'CPU_500_RAM_1000' });
    const replica = web.replicas[0]?.name;
    expect(await spans(carol)).toEqual([
      { type: 'CONTAINER', resource: 'web', subject: replica, size: 'CPU_500_RAM_1000', open: true },
    ]);

    await shop.job({
      name: 'report',
      image: 'alpine:3.21',
      resources: 'CPU_250_RAM_500',
      schedule: '0 0 1 1 *',
      enabled: false,
    });
    const { containerJobRun: run } = await carol.data(RUN_JOB, { name: 'report', namespace: 'shop' });
    await eventually(
      'the run to finish',
      async () =>
        (await jobByName(carol, 'shop', 'report')).runs[0]?.status === 'succeeded' ? true : undefined,
      { timeoutMs: 20_000 },
    );
    expect(await spans(carol)).toContainEqual({
      type: 'CONTAINER_JOB',
      resource: 'report',
      subject: run.name,
      size: 'CPU_250_RAM_500',
      open: false,
    });

    const volume = await shop.volume('data', 5);
    await carol.data(INCREASE_VOLUME, { name: 'data', namespace: 'shop', size: 8 });
    await waitForVolume(carol, volume.id, 'created');
    const volumeSpans = (await spans(carol)).filter((span) => span.type === 'VOLUME');
    expect(volumeSpans).toEqual([
      { type: 'VOLUME', resource: 'data', subject: 'data', size: '5', open: false },
      { type: 'VOLUME', resource: 'data', subject: 'data', size: '8', open: true },
    ]);

    const { customer } = await carol.data(PRICE_BREAKDOWN, {});
    const [namespace] = breakdownOf(customer).resources;
    expect(
      namespace?.__typename === 'NamespacePriceBreakdown' &&
        namespace.resources.map((resource) => resource.name),
    ).toEqual(['web', 'report', 'data']);

    await carol.data(DELETE_CONTAINER, { name: 'web', namespace: 'shop' });
    await carol.data(DELETE_VOLUME, { name: 'data', namespace: 'shop' });
    await eventually(
      'every span to close',
      async () => ((await spans(carol)).every((span) => !span.open) ? true : undefined),
      { timeoutMs: 20_000 },
    );
  });
});
