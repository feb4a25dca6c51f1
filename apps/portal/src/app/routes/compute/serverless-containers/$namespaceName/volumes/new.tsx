import { createFileRoute } from '@tanstack/react-router';
import { CreateVolumePage } from '@/features/volumes/screens/create-volume-page.tsx';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/volumes/new')({
  staticData: {
    title: 'Create volume · {namespaceName}',
    breadcrumbs: [
      { label: 'Volumes', to: '/compute/serverless-containers/$namespaceName/volumes' },
      { label: 'Create volume' },
    ],
  },
  component: CreateVolumePage,
});
