import { mdiTrayFull } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import { useRefusal } from '@/lib/auth/refusal.ts';
import { namespaceQueuesQueryOptions } from '../api/get-namespace-queues.ts';
import { queueColumns, queueLink } from '../components/queue-columns.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/message-queues');

/** A namespace's Message queues tab: its queues, and the create page with the namespace chosen. */
export function NamespaceQueuesTab() {
  const { namespaceName } = route.useParams();
  const refusal = useRefusal('message-queue', 'create');
  return (
    <ResourceListView
      label="Message queues"
      query={namespaceQueuesQueryOptions(namespaceName)}
      rowKey={(queue) => queue.id}
      rowName={(queue) => queue.name}
      rowLink={queueLink}
      columns={queueColumns({ withNamespace: false })}
      filter={{ label: 'State', value: (queue) => queue.state }}
      create={{
        label: 'Create a message queue',
        link: { to: '/storage/message-queues/new', search: { namespace: namespaceName } },
        refused: refusal && { refusal, area: 'message-queue' },
      }}
      empty={{
        icon: mdiTrayFull,
        title: 'No message queues in this namespace',
        description:
          'A message queue runs RabbitMQ beside the containers of this namespace: they publish and consume messages over AMQP.',
        readOnlyDescription: 'A message queue runs RabbitMQ beside the containers of this namespace.',
      }}
    />
  );
}
