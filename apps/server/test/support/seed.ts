import type {
  ContainerCreateInput,
  ContainerJobCreateInput,
  NamespaceFieldsFragment,
  RegistryCreateInput,
} from '../generated/graphql.ts';
import { CREATE_JOB, waitForJob } from './container-jobs.ts';
import { CREATE_CONTAINER, waitForContainer } from './containers.ts';
import { createCustomer, type CustomerOptions, type TestCustomer } from './customers.ts';
import { createdNamespace } from './namespaces.ts';
import { CREATE_REGISTRY, waitForRegistry } from './registries.ts';
import type { TestServer } from './server.ts';
import { CREATE_VOLUME, waitForVolume } from './volumes.ts';

// Test data made through the real API, step by step, each step waiting until what it made has settled
// (GraphQL Hive's createOwner().createOrg() is the model):
//   const shop = await seed(server).customer({ subscriptions: ['serverless-container'] }).namespace('shop');
//   await shop.container({ name: 'web', image: 'nginx' });

export function seed(server: TestServer) {
  return {
    customer: (options: CustomerOptions = {}) => new CustomerSeed(createCustomer(server, options)),
  };
}

/** A customer being made: awaited, the customer; `namespace(name)` goes on to one of its namespaces. */
class CustomerSeed implements PromiseLike<TestCustomer> {
  constructor(private readonly customer: Promise<TestCustomer>) {}

  then<TFulfilled = TestCustomer, TRejected = never>(
    onFulfilled?: ((customer: TestCustomer) => TFulfilled | PromiseLike<TFulfilled>) | null,
    onRejected?: ((reason: unknown) => TRejected | PromiseLike<TRejected>) | null,
  ): Promise<TFulfilled | TRejected> {
    return this.customer.then(onFulfilled, onRejected);
  }

  async namespace(name: string) {
    return seedNamespace(await this.customer, name);
  }
}

/** A namespace of the customer, created and settled, to put resources in. */
export async function seedNamespace(customer: TestCustomer, name: string) {
  return new SeededNamespace(customer, await createdNamespace(customer, name));
}

/** Credentials of a seeded registry: what it holds matters to the tests using the seed, not how it signs in. */
const REGISTRY_SIGN_IN = { username: 'robot', password: 'hunter22', verify: false };

export class SeededNamespace {
  readonly name: string;

  constructor(
    readonly customer: TestCustomer,
    readonly namespace: NamespaceFieldsFragment,
  ) {
    this.name = namespace.name;
  }

  /** A container in this namespace, created and running. */
  async container(input: Omit<ContainerCreateInput, 'namespace'>) {
    await this.customer.data(CREATE_CONTAINER, { input: { ...input, namespace: this.name } });
    return waitForContainer(this.customer, this.name, input.name, 'running');
  }

  /** A container job in this namespace, created and settled. */
  async job(input: Omit<ContainerJobCreateInput, 'namespace'>) {
    await this.customer.data(CREATE_JOB, { input: { ...input, namespace: this.name } });
    return waitForJob(this.customer, this.name, input.name);
  }

  /** A volume of `size` GB in this namespace, created and settled. */
  async volume(name: string, size: number) {
    const { volumeCreate } = await this.customer.data(CREATE_VOLUME, { name, namespace: this.name, size });
    return waitForVolume(this.customer, volumeCreate.id, 'created');
  }

  /** A registry connection in this namespace (not signed in to unless `verify` says), created and settled. */
  async registry(
    input: Pick<RegistryCreateInput, 'name' | 'source'> & Partial<Omit<RegistryCreateInput, 'namespace'>>,
  ) {
    await this.customer.data(CREATE_REGISTRY, {
      input: { ...REGISTRY_SIGN_IN, ...input, namespace: this.name },
    });
    return waitForRegistry(this.customer, this.name, input.name, 'created');
  }
}
