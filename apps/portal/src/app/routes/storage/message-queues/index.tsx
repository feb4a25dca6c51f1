import { createFileRoute } from '@tanstack/react-router';
import { MessageQueuesPage } from '@/features/message-queues/screens/message-queues-page.tsx';

export const Route = createFileRoute('/storage/message-queues/')({
  staticData: { title: 'Message queues' },
  component: MessageQueuesPage,
});
