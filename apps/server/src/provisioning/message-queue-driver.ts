import type { ExternalConnectionState } from './external-connection.ts';

// Message queues have a driver of their own (MESSAGE_QUEUES_DRIVER): `simulated`, `rabbitmq` (a virtual host
// with its users on one real broker, through its management HTTP API) and `kubernetes` (a RabbitmqCluster of
// the RabbitMQ cluster operator, with the topology operator's objects). Each is handed a queue's whole desired
// state and makes its broker match it.

/** Where a queue is reached, decided by the driver when the queue is created. */
export interface QueuePlacement {
  hostname: string;
  /** AMQP 0-9-1 over TLS where the broker has it (5671), else plain (5672). */
  amqpPort: number;
  /** The management HTTP API and UI. */
  managementPort: number;
  /** The virtual host the queue's users live in: `/` on a broker of its own, else the queue's own. */
  vhost: string;
  /** Put before the queue's user names on the broker (a shared broker's), else ''. */
  userPrefix: string;
  tls: boolean;
}

export interface QueueUserState {
  /** As the customer names it (without the placement's prefix). */
  name: string;
  role: 'admin';
  /** The plain password, as the broker must have it. */
  password: string;
}

/** A queue's size, from its plan: per broker node, and how many nodes (1, or 3 for high availability). */
export interface QueueSize {
  millicores: number;
  memoryGb: number;
  storageGb: number;
  replicas: number;
  /** What the plan promises: the broker refuses connections beyond it. */
  maxConnections: number;
}

export interface QueueState {
  id: number;
  name: string;
  /** The Berth namespace's name, and the namespace it is on a Kubernetes runtime. */
  namespace: string;
  runtimeNamespace: string;
  customerId: number;
  /** The release line the customer chose, and the patch level it runs. */
  version: string;
  patchLevelVersion: string;
  size: QueueSize;
  placement: QueuePlacement;
  users: QueueUserState[];
  /** Addresses and CIDRs that may connect; empty lets everyone. */
  allowList: string[];
  /** Its addresses reachable from the internet, forwarded to its AMQP port; null for none. */
  externalConnection: ExternalConnectionState | null;
  /** Stopped (its plan unpaid past the grace period): everything is kept, nobody can connect. */
  stopped: boolean;
}

export interface MessageQueueDriver {
  readonly name: string;
  /** Where a new queue will be reached (its id is already assigned). */
  placement(queue: { id: number; name: string; namespace: string }): QueuePlacement;
  /**
   * Makes the broker match the state: the queue's users exist with their passwords and every permission on
   * its virtual host, its limits are the plan's. Idempotent: a task that failed half-way is applied again.
   */
  apply(queue: QueueState): Promise<void>;
  /** Removes the queue's virtual host and users from the broker; idempotent like apply. */
  delete(queue: QueueState): Promise<void>;
  /** Releases what the driver holds at shutdown. */
  close(): Promise<void>;
}
