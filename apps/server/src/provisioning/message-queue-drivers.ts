import type { Environment } from '../environment.ts';
import { createKubernetesMessageQueues } from './kubernetes/message-queues.ts';
import { loadKubeConfig } from './kubernetes/kube-config.ts';
import type { MessageQueueDriver } from './message-queue-driver.ts';
import { createRabbitmqMessageQueues } from './rabbitmq/message-queues.ts';
import { createSimulatedMessageQueues } from './simulated/message-queues.ts';

/** The message queue driver the environment selects (MESSAGE_QUEUES_DRIVER). */
export function createMessageQueueDriver(
  env: Pick<
    Environment,
    | 'MESSAGE_QUEUES_DRIVER'
    | 'MESSAGE_QUEUES_ADMIN_URL'
    | 'APPS_DOMAIN'
    | 'KUBECONFIG'
    | 'KUBERNETES_STORAGE_CLASS'
    | 'IP_ADDRESS_LOAD_BALANCER_CLASS'
  >,
): MessageQueueDriver {
  switch (env.MESSAGE_QUEUES_DRIVER) {
    case 'simulated':
      return createSimulatedMessageQueues({ appsDomain: env.APPS_DOMAIN });
    case 'rabbitmq':
      // readEnvironment already refuses this; the check tells the type as much.
      if (!env.MESSAGE_QUEUES_ADMIN_URL) {
        throw new Error('MESSAGE_QUEUES_ADMIN_URL is required when MESSAGE_QUEUES_DRIVER=rabbitmq');
      }
      return createRabbitmqMessageQueues({ adminUrl: env.MESSAGE_QUEUES_ADMIN_URL });
    case 'kubernetes':
      return createKubernetesMessageQueues({
        kubeConfig: loadKubeConfig(env),
        appsDomain: env.APPS_DOMAIN,
        storageClassName: env.KUBERNETES_STORAGE_CLASS,
        loadBalancerClass: env.IP_ADDRESS_LOAD_BALANCER_CLASS,
      });
  }
}
