import { mdiTrayFull } from '@mdi/js';
import { PageHeader } from '@/components/page-header.tsx';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import { useRefusal } from '@/lib/auth/refusal.ts';
import { queuesQueryOptions } from '../api/get-queues.ts';
import { queueColumns, queueLink } from '../components/queue-columns.tsx';
import { useQueueCheckoutReturn } from '../components/use-queue-checkout-return.ts';

/**
 * Message queues: the customer's RabbitMQ brokers across namespaces. Each is paid by its own plan, so nothing
 * gates the page; the checkout of a queue's plan comes back here.
 */
export function MessageQueuesPage() {
  const refusal = useRefusal('message-queue', 'create');
  useQueueCheckoutReturn();
  return (
    <>
      <PageHeader title="Message queues" subtitle="Managed RabbitMQ brokers, inside your namespaces." />
      <ResourceListView
        label="Message queues"
        query={queuesQueryOptions()}
        rowKey={(queue) => queue.id}
        rowName={(queue) => queue.name}
        rowLink={queueLink}
        columns={queueColumns({ withNamespace: true })}
        filter={{ label: 'State', value: (queue) => queue.state }}
        create={{
          label: 'Create a message queue',
          link: { to: '/storage/message-queues/new' },
          refused: refusal && { refusal, area: 'message-queue' },
        }}
        empty={{
          icon: mdiTrayFull,
          title: 'No message queues yet',
          description:
            'A message queue runs RabbitMQ for the containers in a namespace: they publish and consume messages over AMQP, each queue paid by its own plan.',
          readOnlyDescription:
            'A message queue runs RabbitMQ for the containers in a namespace, each paid by its own plan.',
        }}
      />
    </>
  );
}
