import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { insertContainer } from '../support/registries.ts';
import { seed, seedNamespace } from '../support/seed.ts';
import { useServer } from '../support/server.ts';
import { CREATE_VOLUME } from '../support/volumes.ts';
import { NAMESPACE_VOLUMES } from './setup.ts';

const NAMESPACE_LIST = graphql(`
  query NamespaceList {
    namespaces {
      name
      containers {
        name
      }
      privateRegistries {
        name
        namespace {
          name
        }
      }
      volumes {
        name
        namespace {
          name
        }
        containers {
          name
        }
      }
    }
  }
`);

describe('Volume.containers of a list', () => {
  const statements: string[] = [];
  const suite = useServer({}, { onQuery: (query) => statements.push(query) });

  it('is loaded by one statement for all the volumes of a namespace', async () => {
    const { customer, namespace } = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('many');
    for (let index = 0; index < 6; index++) {
      const { volumeCreate } = await customer.data(CREATE_VOLUME, {
        name: `v${index}`,
        namespace: 'many',
        size: 1,
      });
      await insertContainer(suite.server, {
        namespaceId: Number(namespace.id),
        name: `c${index}`,
        volumeId: Number(volumeCreate.id),
      });
    }
    statements.length = 0;
    const { namespace: found } = await customer.data(NAMESPACE_VOLUMES, { name: 'many' });
    expect(found.volumes?.map((volume) => volume.containers)).toEqual(
      [0, 1, 2, 3, 4, 5].map((index) => [{ name: `c${index}` }]),
    );
    expect(statements.filter((statement) => statement.includes('container_mounts'))).toHaveLength(1);
  });

  it('keeps the namespace list (with what each namespace holds) at the same statement count for 1 or 3 namespaces', async () => {
    async function statementsForList(count: number) {
      const customer = await seed(suite.server).customer({ subscriptions: ['serverless-container'] });
      for (let index = 0; index < count; index++) {
        const space = await seedNamespace(customer, `space-${index}`);
        await space.volume('data', 1);
        await space.registry({ name: 'private', source: 'ghcr.io/acme' });
      }
      await customer.token(); // signed in before counting: the count is the list request alone
      // Their polling would be suite.server too (seen under load: one statement more for one of the lists).
      await suite.server.berth.provisioner.stop();
      await suite.server.berth.scheduler.stop();
      try {
        statements.length = 0;
        const { namespaces } = await customer.data(NAMESPACE_LIST);
        expect(namespaces).toHaveLength(count);
        for (const namespace of namespaces) {
          expect(namespace.privateRegistries).toHaveLength(1);
          expect(namespace.volumes).toHaveLength(1);
        }
        return statements.length;
      } finally {
        suite.server.berth.provisioner.start();
        await suite.server.berth.scheduler.start();
      }
    }
    expect(await statementsForList(3)).toBe(await statementsForList(1));
  });
});
