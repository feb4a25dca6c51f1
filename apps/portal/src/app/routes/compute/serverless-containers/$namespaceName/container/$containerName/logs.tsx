import { createFileRoute } from '@tanstack/react-router';
import { ContainerLogsTab } from '@/features/logs/screens/container-logs-tab.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/logs',
)({
  staticData: { title: 'Logs · {containerName} · {namespaceName}' },
  component: ContainerLogsTab,
});
