import { createFileRoute } from '@tanstack/react-router';
import { ResizeVolumePage } from '@/features/volumes/screens/resize-volume-page.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/volumes/$volumeName/resize',
)({
  staticData: {
    title: 'Resize {volumeName} · {namespaceName}',
    breadcrumbs: [
      { label: 'Volumes', to: '/compute/serverless-containers/$namespaceName/volumes' },
      { label: 'Resize {volumeName}' },
    ],
  },
  component: ResizeVolumePage,
});
