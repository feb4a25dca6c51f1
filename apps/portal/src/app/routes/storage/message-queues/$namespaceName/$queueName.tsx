import { createFileRoute } from '@tanstack/react-router';
import { QueueDetailsPage } from '@/features/message-queues/screens/queue-details-page.tsx';

export const Route = createFileRoute('/storage/message-queues/$namespaceName/$queueName')({
  staticData: {
    title: '{queueName} · {namespaceName}',
    breadcrumbs: [
      { label: '{namespaceName}', to: '/compute/serverless-containers/$namespaceName' },
      { label: '{queueName}' },
    ],
  },
  component: QueueDetailsPage,
});
