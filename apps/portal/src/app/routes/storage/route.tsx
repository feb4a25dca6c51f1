import { createFileRoute } from '@tanstack/react-router';

// The storage products: cloud databases (databases/, behind their subscription and flag) and message queues
// (message-queues/, each paid by a plan of its own). /storage itself goes to the databases (SPEC §2).
export const Route = createFileRoute('/storage')({
  staticData: { title: null },
});
