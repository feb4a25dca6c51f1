import { createFileRoute } from '@tanstack/react-router';
import { ClusterDetailsPage } from '@/features/databases/screens/cluster-details-page.tsx';

export const Route = createFileRoute('/storage/databases/$namespaceName/$clusterName')({
  staticData: {
    title: '{clusterName} · {namespaceName}',
    breadcrumbs: [
      { label: '{namespaceName}', to: '/compute/serverless-containers/$namespaceName' },
      { label: '{clusterName}' },
    ],
  },
  component: ClusterDetailsPage,
});
