import { createFileRoute } from '@tanstack/react-router';
import { CreateQueuePage } from '@/features/message-queues/screens/create-queue-page.tsx';

export const Route = createFileRoute('/storage/message-queues/new')({
  staticData: { title: 'Create a message queue', breadcrumbs: [{ label: 'Create a message queue' }] },
  // `?namespace=shop`: the namespace the queue goes in, chosen already (from a namespace's Message queues tab).
  validateSearch: (search: Record<string, unknown>): { namespace?: string } =>
    typeof search.namespace === 'string' ? { namespace: search.namespace } : {},
  component: CreateQueuePage,
});
