import type { TestCustomer } from '../support/customers.ts';
import { graphql } from '../generated/gql.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';
import { CREATE_VOLUME } from '../support/volumes.ts';

// What the volume API's tests share: a server per file, a subscribed customer with a namespace, and volumes
// created, grown and listed as a client does.

export const INCREASE_VOLUME = graphql(`
  mutation IncreaseVolume($name: String!, $namespace: String!, $size: Int!) {
    volumeIncrease(volumeInput: { name: $name, namespace: $namespace, size: $size }) {
      ...VolumeFields
    }
  }
`);
export const VOLUMES = graphql(`
  query Volumes($namespaceId: Int!) {
    volumes(namespaceId: $namespaceId) {
      ...VolumeFields
    }
  }
`);
export const NAMESPACE_VOLUMES = graphql(`
  query NamespaceVolumes($name: String!) {
    namespace(name: $name) {
      volumes {
        name
        usage
        usageMb: usage(unit: MB)
        containers {
          name
        }
      }
    }
  }
`);

/** The file's server and, on it, a new customer subscribed to containers with a namespace (`shop` unless named). */
export function useVolumesServer() {
  const suite = useServer();
  return {
    get server() {
      return suite.server;
    },
    customerWithNamespace: (name = 'shop') =>
      seed(suite.server)
        .customer({ subscriptions: ['serverless-container'] })
        .namespace(name),
  };
}

export const create = (customer: TestCustomer, name: string, size: number, namespace = 'shop') =>
  customer.gql(CREATE_VOLUME, { name, namespace, size });

export async function list(customer: TestCustomer, namespace: { id: string }) {
  return (await customer.data(VOLUMES, { namespaceId: Number(namespace.id) })).volumes;
}
