import type { ContainerCreateInput, ContainerFieldsFragment } from '../generated/graphql.ts';
import { graphql } from '../generated/gql.ts';
import { eventually, waitForState, type PlatformApi } from './http.ts';
import { createdNamespace } from './namespaces.ts';

// Container operations as clients write them, and waits on the simulated runtime.

graphql(`
  fragment ResourceSpecificationFields on ResourceSpecification {
    id
    kind
    cpu
    ram
    price {
      amount
      currency
    }
  }
`);
graphql(`
  fragment ContainerFields on Container {
    id
    name
    type
    containerType
    image
    privateRegistry {
      name
    }
    entrypoint
    command
    resources
    resourceSpecification {
      ...ResourceSpecificationFields
    }
    ports
    environmentVariables {
      id
      name
      value
      secret
    }
    ingresses {
      id
      domainName
      url
      port
      enableTLS
      allowlist
      whitelist
      state
      namespace {
        name
      }
    }
    mounts {
      path
      volume {
        name
      }
    }
    healthCheck {
      port
      path
    }
    autoScaling {
      replicas {
        minimum
        maximum
      }
      triggers {
        type
        threshold
      }
    }
    numberOfReplicas
    availableReplicas
    replicas {
      name
      status
      statusMessage
      image
    }
    state
    locked
    createdAt
    modifiedAt
    startedAt
  }
`);

/** A container as the tests read it: the ContainerFields fragment. */
export type ContainerView = ContainerFieldsFragment;

export const CREATE_CONTAINER = graphql(`
  mutation CreateContainer($input: ContainerCreateInput) {
    containerCreate(containerInput: $input) {
      ...ContainerFields
    }
  }
`);
export const MODIFY_CONTAINER = graphql(`
  mutation ModifyContainer($input: ContainerModifyInput) {
    containerModify(containerInput: $input) {
      ...ContainerFields
    }
  }
`);
export const DELETE_CONTAINER = graphql(`
  mutation DeleteContainer($name: String!, $namespace: String!) {
    containerDelete(container: { name: $name, namespace: $namespace })
  }
`);
export const CONTAINER_BY_NAME = graphql(`
  query ContainerByName($name: String!, $namespace: String!) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      ...ContainerFields
    }
  }
`);
export const CONTAINER_BY_ID = graphql(`
  query ContainerById($id: ID!) {
    container(id: $id) {
      ...ContainerFields
    }
  }
`);
export const NAMESPACE_CONTAINERS = graphql(`
  query NamespaceContainers($name: String!) {
    namespace(name: $name) {
      name
      containers {
        ...ContainerFields
      }
    }
  }
`);

/**
 * A namespace of the customer, created and settled. (The customer knows its server: `_url` stays for the
 * callers written before the seed.)
 */
export function readyNamespace(_url: string, customer: PlatformApi, name: string) {
  return createdNamespace(customer, name);
}

export async function createContainer(api: PlatformApi, input: ContainerCreateInput) {
  const { containerCreate } = await api.data(CREATE_CONTAINER, { input });
  return containerCreate;
}

export async function containerByName(api: PlatformApi, namespace: string, name: string) {
  const { container } = await api.data(CONTAINER_BY_NAME, { name, namespace });
  return container;
}

/** Polls until the container is in this state and unlocked, and check (if given) holds; returns it. */
export function waitForContainer(
  api: PlatformApi,
  namespace: string,
  name: string,
  state: string,
  check: (container: ContainerView) => boolean = () => true,
): Promise<ContainerView> {
  return waitForState(
    `container ${name}`,
    state,
    async () => (await api.gql(CONTAINER_BY_NAME, { name, namespace })).body.data?.container,
    { check, timeoutMs: 20_000, intervalMs: 100 },
  );
}

export function waitUntilContainerGone(api: PlatformApi, namespace: string, name: string) {
  return eventually(
    `container ${name} to disappear`,
    async () => {
      const { body } = await api.gql(CONTAINER_BY_NAME, { name, namespace });
      return body.errors?.[0]?.extensions?.code === 'NOT_FOUND' ? true : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}
