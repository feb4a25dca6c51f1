import { createFileRoute } from '@tanstack/react-router';
import { ContainerOverviewTab } from '@/features/containers/screens/container-overview-tab.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
)({
  staticData: { title: '{containerName} · {namespaceName}' },
  component: ContainerOverviewTab,
});
