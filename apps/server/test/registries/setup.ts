import type { RegistryCreateInput } from '../generated/graphql.ts';
import { graphql } from '../generated/gql.ts';
import type { TestCustomer } from '../support/customers.ts';
import { CREATE_REGISTRY, registriesIn } from '../support/registries.ts';
import { seed } from '../support/seed.ts';
import { useServer, type TestServer } from '../support/server.ts';

// What the registry API's tests share: the registry `private` they create in namespace `shop` (with the
// password they look for) and a server per file that may sign in to registries on private addresses.

export const REGISTRIES_BY_ID = graphql(`
  query RegistriesByNamespaceId($id: ID) {
    privateRegistries(namespaceId: $id) {
      ...RegistryFields
    }
  }
`);

export const PASSWORD = 'correct-horse-battery-staple';

/** The file's server (REGISTRY_VERIFY_ALLOW_PRIVATE) and new customers with a namespace on it (or on another). */
export function useRegistriesServer() {
  const suite = useServer({ REGISTRY_VERIFY_ALLOW_PRIVATE: 'true' });
  return {
    get server() {
      return suite.server;
    },
    customerWithNamespace: (namespace: string, on?: TestServer) =>
      seed(on ?? suite.server)
        .customer({ subscriptions: ['serverless-container'] })
        .namespace(namespace),
  };
}

export const input = (overrides: Partial<RegistryCreateInput> = {}): RegistryCreateInput => ({
  namespace: 'shop',
  name: 'private',
  source: 'registry.example.com',
  username: 'robot',
  password: PASSWORD,
  verify: false,
  ...overrides,
});

export const createRegistry = (customer: TestCustomer, overrides: Partial<RegistryCreateInput> = {}) =>
  customer.gql(CREATE_REGISTRY, { input: input(overrides) });

export const registries = (customer: TestCustomer) => registriesIn(customer, 'shop');
