import { createFileRoute } from '@tanstack/react-router';
import { NamespaceQueuesTab } from '@/features/message-queues/screens/namespace-queues-tab.tsx';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/_tabs/message-queues')({
  staticData: { title: 'Message queues · {namespaceName}' },
  component: NamespaceQueuesTab,
});
