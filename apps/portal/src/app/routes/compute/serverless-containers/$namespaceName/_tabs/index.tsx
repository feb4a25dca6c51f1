import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/_tabs/')({
  staticData: { title: '{namespaceName}' },
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/compute/serverless-containers/$namespaceName/containers', params, replace: true });
  },
});
