import { createFileRoute } from '@tanstack/react-router';
import { ContainerOverview } from '@/features/containers/screens/container-overview.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
)({
  staticData: { title: '{containerName} · {namespaceName}' },
  component: ContainerOverview,
});
