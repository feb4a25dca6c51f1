import { createFileRoute } from '@tanstack/react-router';
import { ContainerLayout } from '@/features/containers/screens/container-layout.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName',
)({
  staticData: {
    title: '{containerName} · {namespaceName}',
    breadcrumbs: [
      { label: 'Containers', to: '/compute/serverless-containers/$namespaceName/containers' },
      {
        label: '{containerName}',
        to: '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
      },
    ],
  },
  component: ContainerLayout,
});
