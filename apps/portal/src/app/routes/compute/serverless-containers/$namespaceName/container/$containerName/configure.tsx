import { createFileRoute } from '@tanstack/react-router';
import { ConfigureContainerTab } from '@/features/containers/screens/configure-container-tab.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/configure',
)({
  staticData: { title: 'Configure · {containerName} · {namespaceName}' },
  component: ConfigureContainerTab,
});
