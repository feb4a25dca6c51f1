import { z } from 'zod';
import type { MessageQueueDriver, QueuePlacement, QueueSize, QueueState } from '../message-queue-driver.ts';
import { apiPath, managementApi } from './management-api.ts';

const AMQP_PORT = 5672;
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

// Every queue on the shared broker lives in a vhost of its own, its users' names behind a prefix of its id.
// The prefix ends in `-`, so no user of queue 1 (`berth-q1-`) can look like one of queue 12's.
const queueVhost = (id: number) => `berth-q${id}`;
const queueUserPrefix = (id: number) => `berth-q${id}-`;

// Queues cost the broker memory even idle (a quorum queue's Raft state is a few hundred kB): 250 per GB of
// the plan's memory leaves a broker of its size room for the messages.
const QUEUES_PER_GB = 250;
const maxQueues = (size: QueueSize) => Math.floor(size.memoryGb * QUEUES_PER_GB);

const FULL_PERMISSIONS = { configure: '.*', write: '.*', read: '.*' };

const userNames = z.array(z.object({ name: z.string() }));

/**
 * The vhost of a queue placed by this driver. A queue placed by another driver names a vhost and users this
 * broker may give to someone else: touching them could hand one customer's broker objects to another.
 */
function placedVhost(queue: QueueState): string {
  const vhost = queueVhost(queue.id);
  const prefix = queueUserPrefix(queue.id);
  if (queue.placement.vhost !== vhost || queue.placement.userPrefix !== prefix) {
    throw new Error(
      `message queue ${queue.id} was not placed by the rabbitmq driver (vhost "${queue.placement.vhost}", user prefix "${queue.placement.userPrefix}"; expected "${vhost}", "${prefix}")`,
    );
  }
  return vhost;
}

/**
 * Queues that are vhosts with their users on the RabbitMQ broker whose management API is `adminUrl` (an
 * administrator's). Users get every permission on their queue's vhost and none elsewhere, no tags (so no
 * management UI). The allow list is not enforced: one broker's listener is shared by every queue on it.
 */
export function createRabbitmqMessageQueues(options: { adminUrl: string }): MessageQueueDriver {
  const api = managementApi(options.adminUrl);
  const url = new URL(options.adminUrl);
  const { hostname } = url;
  const managementPort = Number(url.port) || (DEFAULT_PORTS[url.protocol] ?? 80);

  /** The broker's users behind a queue's prefix, found there: a half-done task may have left some. */
  async function prefixedUsers(prefix: string): Promise<string[]> {
    const users = userNames.parse(await api({ method: 'GET', path: '/api/users?columns=name' }));
    return users.map((user) => user.name).filter((name) => name.startsWith(prefix));
  }

  const deleteUser = (name: string) =>
    api({ method: 'DELETE', path: apiPath`/api/users/${name}`, absentIsFine: true });

  /**
   * Setting max-connections to 0 lets nobody new in; those already connected are shown out here, by user:
   * the broker lists a vhost's connections only with its statistics, seconds late, but a user's at once.
   */
  async function closeConnections(users: string[]): Promise<void> {
    for (const name of users) {
      await api({
        method: 'DELETE',
        path: apiPath`/api/connections/username/${name}`,
        headers: { 'x-reason': 'message queue stopped' },
        absentIsFine: true,
      });
    }
  }

  async function apply(queue: QueueState): Promise<void> {
    const vhost = placedVhost(queue);
    const prefix = queue.placement.userPrefix;
    await api({
      method: 'PUT',
      path: apiPath`/api/vhosts/${vhost}`,
      body: { description: `Berth message queue ${queue.namespace}/${queue.name}` },
    });
    // Limits before users: a stopped queue's users are never let in, not even between two calls.
    const limits = {
      'max-connections': queue.stopped ? 0 : queue.size.maxConnections,
      'max-queues': maxQueues(queue.size),
    };
    for (const [limit, value] of Object.entries(limits)) {
      await api({ method: 'PUT', path: apiPath`/api/vhost-limits/${vhost}/${limit}`, body: { value } });
    }
    for (const user of queue.users) {
      const name = `${prefix}${user.name}`;
      await api({
        method: 'PUT',
        path: apiPath`/api/users/${name}`,
        body: { password: user.password, tags: '' },
        secrets: [user.password],
      });
      await api({ method: 'PUT', path: apiPath`/api/permissions/${vhost}/${name}`, body: FULL_PERMISSIONS });
    }
    // A user deleted is shown out by the broker itself.
    const wanted = queue.users.map((user) => `${prefix}${user.name}`);
    for (const name of await prefixedUsers(prefix)) {
      if (!wanted.includes(name)) await deleteUser(name);
    }
    if (queue.stopped) await closeConnections(wanted);
  }

  /** Deleting the vhost closes its connections and takes its permissions and limits along. */
  async function remove(queue: QueueState): Promise<void> {
    const vhost = placedVhost(queue);
    await api({ method: 'DELETE', path: apiPath`/api/vhosts/${vhost}`, absentIsFine: true });
    for (const name of await prefixedUsers(queue.placement.userPrefix)) await deleteUser(name);
  }

  return {
    name: 'rabbitmq',
    placement: (queue): QueuePlacement => ({
      hostname,
      amqpPort: AMQP_PORT,
      managementPort,
      vhost: queueVhost(queue.id),
      userPrefix: queueUserPrefix(queue.id),
      tls: false,
    }),
    apply,
    delete: remove,
    // Nothing is held between calls: each is one HTTP request.
    close: () => Promise.resolve(),
  };
}
