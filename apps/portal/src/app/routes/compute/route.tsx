import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/compute')({
  staticData: { title: null, subscriptionTag: 'serverless-container' },
});
