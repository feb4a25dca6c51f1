import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { expectGraphQLError } from '../support/http.ts';
import { useContainersServer } from './setup.ts';

const { subscribed } = useContainersServer();

const RESOURCE_SPECIFICATIONS = graphql(`
  query ResourceSpecifications($kind: String!) {
    resourceSpecifications(kind: $kind) {
      ...ResourceSpecificationFields
    }
  }
`);

describe('resourceSpecifications', () => {
  it('lists every container size with cpu in cores, ram in GB and a monthly price in EUR cents', async () => {
    const alice = await subscribed();
    const { resourceSpecifications: sizes } = await alice.data(RESOURCE_SPECIFICATIONS, {
      kind: 'container',
    });
    expect(sizes).toHaveLength(7 * 17);
    expect(sizes).toContainEqual({
      id: 'CPU_250_RAM_500',
      kind: 'container',
      cpu: 0.25,
      ram: 0.5,
      price: { amount: 170, currency: 'EUR' },
    });
    expect(sizes).toContainEqual({
      id: 'CPU_1000_RAM_2000',
      kind: 'container',
      cpu: 1,
      ram: 2,
      price: { amount: 680, currency: 'EUR' },
    });
    const error = expectGraphQLError(
      await alice.gql(RESOURCE_SPECIFICATIONS, { kind: 'gpu' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toMatch(/kind: .*gpu/);
  });

  it('gives the volume price per GB and month', async () => {
    const alice = await subscribed();
    const { resourceSpecifications } = await alice.data(RESOURCE_SPECIFICATIONS, { kind: 'volume' });
    expect(resourceSpecifications).toEqual([
      { id: 'VOLUME_GB', kind: 'volume', cpu: 0, ram: 0, price: { amount: 10, currency: 'EUR' } },
    ]);
  });

  it("gives a dedicated address pair's price per month (an external connection with sharedIp false)", async () => {
    const alice = await subscribed();
    const { resourceSpecifications } = await alice.data(RESOURCE_SPECIFICATIONS, { kind: 'ipaddress' });
    expect(resourceSpecifications).toEqual([
      { id: 'IPADDRESS', kind: 'ipaddress', cpu: 0, ram: 0, price: { amount: 300, currency: 'EUR' } },
    ]);
  });
});
