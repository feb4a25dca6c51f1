import type { MessageQueueDriver } from '../message-queue-driver.ts';

/**
 * Queues that exist only on paper: each is placed at `{queue}-{namespace}.mq.<apps domain>` with TLS on
 * RabbitMQ's usual ports (AMQPS 5671, management 15671), and every change succeeds (after the provisioner's
 * simulated delay).
 */
export function createSimulatedMessageQueues(options: { appsDomain: string }): MessageQueueDriver {
  return {
    name: 'simulated',
    placement: (queue) => ({
      hostname: `${queue.name}-${queue.namespace}.mq.${options.appsDomain}`,
      amqpPort: 5671,
      managementPort: 15671,
      vhost: '/',
      userPrefix: '',
      tls: true,
    }),
    apply: async () => undefined,
    delete: async () => undefined,
    close: async () => undefined,
  };
}
