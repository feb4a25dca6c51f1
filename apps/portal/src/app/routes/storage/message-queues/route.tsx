import { createFileRoute } from '@tanstack/react-router';

// The list (index.tsx), the create page and the details of a queue sit below it; every page below the list
// starts its breadcrumb trail here. No subscription or flag: each queue is paid by its own plan.
export const Route = createFileRoute('/storage/message-queues')({
  staticData: { title: null, breadcrumbs: [{ label: 'Message queues' }] },
});
