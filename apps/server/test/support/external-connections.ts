import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { graphql } from '../generated/gql.ts';
import type {
  CloudDatabaseClusterCreateInput,
  CloudDatabaseClusterModifyInput,
  ContainerCreateInput,
  ContainerModifyInput,
  ExternalConnectionFieldsFragment,
  MessageQueueCreateInput,
  MessageQueueModifyInput,
} from '../generated/graphql.ts';
import { waitForState, type PlatformApi } from './http.ts';
import type { TestServer } from './server.ts';

// External connections (API.md "Message queues, external connections, advisories") as clients read and
// change them: on a container, a database cluster and a message queue, through their own create and modify. What the pools
// hand out is read from the server's table of address pairs, to tell which pairs are held.

graphql(`
  fragment ExternalConnectionFields on ExternalConnection {
    ipv4
    ipv6
    sharedIp
    ports {
      externalPort
      internalPort
      protocol
      allowList
    }
  }
`);

graphql(`
  fragment ConnectedContainerFields on Container {
    id
    name
    state
    locked
    ports
    externalConnection {
      ...ExternalConnectionFields
    }
  }
`);

graphql(`
  fragment ConnectedQueueFields on MessageQueue {
    id
    name
    state
    locked
    amqpPort
    externalConnection {
      ...ExternalConnectionFields
    }
  }
`);

graphql(`
  fragment ConnectedClusterFields on CloudDatabaseCluster {
    id
    name
    state
    locked
    port
    externalConnection {
      ...ExternalConnectionFields
    }
  }
`);

/** A connection as the tests read it: the ExternalConnectionFields fragment. */
export type ConnectionView = ExternalConnectionFieldsFragment;

export const CREATE_CONNECTED_CONTAINER = graphql(`
  mutation CreateConnectedContainer($input: ContainerCreateInput) {
    containerCreate(containerInput: $input) {
      ...ConnectedContainerFields
    }
  }
`);
export const MODIFY_CONNECTED_CONTAINER = graphql(`
  mutation ModifyConnectedContainer($input: ContainerModifyInput) {
    containerModify(containerInput: $input) {
      ...ConnectedContainerFields
    }
  }
`);
export const CONNECTED_CONTAINER = graphql(`
  query ConnectedContainer($name: String!, $namespace: String!) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      ...ConnectedContainerFields
    }
  }
`);
export const CREATE_CONNECTED_QUEUE = graphql(`
  mutation CreateConnectedQueue($input: MessageQueueCreateInput) {
    messageQueueCreate(messageQueue: $input) {
      ...ConnectedQueueFields
    }
  }
`);
export const MODIFY_CONNECTED_QUEUE = graphql(`
  mutation ModifyConnectedQueue($input: MessageQueueModifyInput) {
    messageQueueModify(messageQueue: $input) {
      ...ConnectedQueueFields
    }
  }
`);
export const CONNECTED_QUEUE = graphql(`
  query ConnectedQueue($name: String!, $namespace: String!) {
    messageQueue(messageQueue: { name: $name, namespace: $namespace }) {
      ...ConnectedQueueFields
    }
  }
`);

export const CREATE_CONNECTED_CLUSTER = graphql(`
  mutation CreateConnectedCluster($input: CloudDatabaseClusterCreateInput!) {
    cloudDatabaseClusterCreate(cloudDatabaseClusterInput: $input) {
      ...ConnectedClusterFields
    }
  }
`);
export const MODIFY_CONNECTED_CLUSTER = graphql(`
  mutation ModifyConnectedCluster($input: CloudDatabaseClusterModifyInput!) {
    cloudDatabaseClusterModify(cloudDatabaseClusterInput: $input) {
      ...ConnectedClusterFields
    }
  }
`);
export const CONNECTED_CLUSTER = graphql(`
  query ConnectedCluster($name: String!, $namespace: String!) {
    cloudDatabaseCluster(cloudDatabase: { name: $name, namespace: $namespace }) {
      ...ConnectedClusterFields
    }
  }
`);

/** The lowest pair of the default pools (192.0.2.0/24 without its network address; 2001:db8::/32). */
export const FIRST_PAIR = { ipv4: '192.0.2.1', ipv6: '2001:db8::' };
/** The pair the pools hand out after FIRST_PAIR while that is held. */
export const SECOND_PAIR = { ipv4: '192.0.2.2', ipv6: '2001:db8::1' };
/** The one after that. */
export const THIRD_PAIR = { ipv4: '192.0.2.3', ipv6: '2001:db8::2' };

/** A port as the API answers it, TCP and open to everyone unless told. */
export const port = (
  externalPort: number,
  internalPort: number,
  more: { protocol?: 'TCP' | 'UDP'; allowList?: string[] } = {},
) => ({ externalPort, internalPort, protocol: more.protocol ?? 'TCP', allowList: more.allowList ?? [] });

/** Creates the container (its connection as asked); answers what the mutation returned. */
export async function createConnectedContainer(api: PlatformApi, input: ContainerCreateInput) {
  const { containerCreate } = await api.data(CREATE_CONNECTED_CONTAINER, { input });
  return containerCreate;
}

/** Polls until the container is running and unlocked; returns it with its connection. */
export function runningContainer(api: PlatformApi, namespace: string, name: string) {
  return waitForState(
    `container ${name}`,
    'running',
    async () => (await api.gql(CONNECTED_CONTAINER, { name, namespace })).body.data?.container,
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

/** Modifies the container and waits until the change is rolled out; returns the running container. */
export async function modifiedContainer(api: PlatformApi, input: ContainerModifyInput) {
  await api.data(MODIFY_CONNECTED_CONTAINER, { input });
  return runningContainer(api, input.namespace, input.name);
}

/** The container's connection as the API answers it now (null: none). */
export async function containerConnection(api: PlatformApi, namespace: string, name: string) {
  const { container } = await api.data(CONNECTED_CONTAINER, { name, namespace });
  return container.externalConnection ?? null;
}

/** Polls until the message queue is running and unlocked; returns it with its connection. */
export function runningQueue(api: PlatformApi, namespace: string, name: string) {
  return waitForState(
    `message queue ${name}`,
    'running',
    async () => (await api.gql(CONNECTED_QUEUE, { name, namespace })).body.data?.messageQueue,
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

/** Creates the message queue and waits until it runs; returns the running queue. */
export async function createdQueue(api: PlatformApi, input: MessageQueueCreateInput) {
  await api.data(CREATE_CONNECTED_QUEUE, { input });
  return runningQueue(api, input.namespace, input.name);
}

/** Modifies the message queue and waits until the change is applied; returns the running queue. */
export async function modifiedQueue(api: PlatformApi, input: MessageQueueModifyInput) {
  await api.data(MODIFY_CONNECTED_QUEUE, { input });
  return runningQueue(api, input.namespace, input.name);
}

/** Polls until the database cluster is running and unlocked; returns it with its connection. */
export function runningCluster(api: PlatformApi, namespace: string, name: string) {
  return waitForState(
    `database cluster ${name}`,
    'running',
    async () => (await api.gql(CONNECTED_CLUSTER, { name, namespace })).body.data?.cloudDatabaseCluster,
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

/** Creates the database cluster and waits until it runs; returns the running cluster. */
export async function createdCluster(api: PlatformApi, input: CloudDatabaseClusterCreateInput) {
  await api.data(CREATE_CONNECTED_CLUSTER, { input });
  return runningCluster(api, input.namespace, input.name);
}

/** Modifies the database cluster and waits until the change is applied; returns the running cluster. */
export async function modifiedCluster(api: PlatformApi, input: CloudDatabaseClusterModifyInput) {
  await api.data(MODIFY_CONNECTED_CLUSTER, { input });
  return runningCluster(api, input.namespace, input.name);
}

/** A database cluster's create input: PostgreSQL 16 on plan m-3, no databases or users of its own. */
export const clusterInput = (
  namespace: string,
  name: string,
  more: Partial<CloudDatabaseClusterCreateInput> = {},
): CloudDatabaseClusterCreateInput => ({
  name,
  namespace,
  spec: { type: 'postgresql', version: '16' },
  plan: 'm-3',
  ...more,
});

/** A message queue's create input: the smallest plan, RabbitMQ 4.1, open allowlist unless told. */
export const queueInput = (
  namespace: string,
  name: string,
  more: Partial<MessageQueueCreateInput> = {},
): MessageQueueCreateInput => ({
  name,
  namespace,
  plan: 'mq-xs-1',
  spec: { type: 'rabbitmq', version: '4.1' },
  allowList: [],
  ...more,
});

export interface HeldPair {
  customerId: number;
  ipv4: string;
  ipv6: string;
  shared: boolean;
  connections: number;
}

/** Every address pair the server holds now, with its customer and how many connections are on it. */
export function heldPairs(server: TestServer) {
  return queryRows<HeldPair>(
    server.berth.database.db,
    sql`SELECT e.customer_id AS "customerId", e.ipv4, e.ipv6, e.shared,
          (SELECT count(*)::int FROM external_connections c WHERE c.ip_id = e.id) AS connections
        FROM external_ips e ORDER BY e.id`,
  );
}
