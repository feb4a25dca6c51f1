import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/storage')({
  staticData: { title: null, subscriptionTag: 'cloud-database' },
});
