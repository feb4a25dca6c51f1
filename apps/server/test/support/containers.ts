import type { TestCustomer } from './customers.ts';
import { eventually } from './http.ts';
import { waitForNamespace } from './namespaces.ts';
import { CREATE_NAMESPACE } from './queries.ts';

// Container operations as clients write them, and waits on the simulated runtime.

export const CONTAINER_FIELDS = `id name type containerType image privateRegistry { name } entrypoint command
  resources resourceSpecification { id kind cpu ram price { amount currency } } ports
  environmentVariables { id name value secret }
  ingresses { id domainName url port enableTLS allowlist whitelist state namespace { name } }
  mounts { path volume { name } } healthCheck { port path }
  autoScaling { replicas { minimum maximum } triggers { type threshold } }
  numberOfReplicas availableReplicas replicas { name status statusMessage }
  state locked createdAt modifiedAt startedAt`;

export interface ContainerView {
  id: string;
  name: string;
  type: string;
  containerType: string;
  image: string;
  privateRegistry: { name: string } | null;
  entrypoint: string[] | null;
  command: string[] | null;
  resources: string;
  resourceSpecification: {
    id: string;
    kind: string;
    cpu: number;
    ram: number;
    price: { amount: number; currency: string };
  };
  ports: string[];
  environmentVariables: { id: string; name: string; value: string | null; secret: boolean }[];
  ingresses: {
    id: string;
    domainName: string;
    url: string;
    port: number;
    enableTLS: boolean;
    allowlist: string[];
    whitelist: string[];
    state: string;
    namespace: { name: string };
  }[];
  mounts: { path: string; volume: { name: string } }[];
  healthCheck: { port: number; path: string } | null;
  autoScaling: {
    replicas: { minimum: number; maximum: number };
    triggers: { type: string; threshold: number }[];
  } | null;
  numberOfReplicas: number;
  availableReplicas: number;
  replicas: { name: string; status: string; statusMessage: string | null }[];
  state: string;
  locked: boolean;
  createdAt: string;
  modifiedAt: string | null;
  startedAt: string;
}

export const CREATE_CONTAINER = `mutation Create($input: ContainerCreateInput) {
  containerCreate(containerInput: $input) { ${CONTAINER_FIELDS} }
}`;
export const MODIFY_CONTAINER = `mutation Modify($input: ContainerModifyInput) {
  containerModify(containerInput: $input) { ${CONTAINER_FIELDS} }
}`;
export const DELETE_CONTAINER = `mutation Delete($name: String!, $namespace: String!) {
  containerDelete(container: { name: $name, namespace: $namespace })
}`;
export const CONTAINER_BY_NAME = `query ByName($name: String!, $namespace: String!) {
  container(containerResourceInput: { name: $name, namespace: $namespace }) { ${CONTAINER_FIELDS} }
}`;
export const CONTAINER_BY_ID = `query ById($id: ID!) { container(id: $id) { ${CONTAINER_FIELDS} } }`;
export const NAMESPACE_CONTAINERS = `query Tree($name: String!) {
  namespace(name: $name) { name containers { ${CONTAINER_FIELDS} } }
}`;

/** A namespace of the customer, created and settled. */
export async function readyNamespace(url: string, customer: TestCustomer, name: string) {
  await customer.data(CREATE_NAMESPACE, { name });
  return waitForNamespace(url, await customer.token(), name, 'created');
}

export async function createContainer(customer: TestCustomer, input: Record<string, unknown>) {
  const { containerCreate } = await customer.data<{ containerCreate: ContainerView }>(CREATE_CONTAINER, {
    input,
  });
  return containerCreate;
}

export async function containerByName(customer: TestCustomer, namespace: string, name: string) {
  const { container } = await customer.data<{ container: ContainerView }>(CONTAINER_BY_NAME, {
    name,
    namespace,
  });
  return container;
}

/** Polls until the container is in this state and unlocked, and check (if given) holds; returns it. */
export function waitForContainer(
  customer: TestCustomer,
  namespace: string,
  name: string,
  state: string,
  check: (container: ContainerView) => boolean = () => true,
): Promise<ContainerView> {
  return eventually(
    `container ${name} to be ${state}`,
    async () => {
      const { body } = await customer.gql<{ container: ContainerView }>(CONTAINER_BY_NAME, {
        name,
        namespace,
      });
      const container = body.data?.container;
      return container?.state === state && !container.locked && check(container) ? container : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

export function waitUntilContainerGone(customer: TestCustomer, namespace: string, name: string) {
  return eventually(
    `container ${name} to disappear`,
    async () => {
      const { body } = await customer.gql(CONTAINER_BY_NAME, { name, namespace });
      return body.errors?.[0]?.extensions?.code === 'NOT_FOUND' ? true : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}
