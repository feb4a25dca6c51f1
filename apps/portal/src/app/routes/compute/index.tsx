import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/compute/')({
  staticData: { title: null },
  beforeLoad: () => {
    throw redirect({ to: '/compute/serverless-containers', replace: true });
  },
});
